package org.loomlab.history;

import org.loomlab.record.RunRecord;

import java.util.function.Function;

/**
 * What a run record says it ran on that can move a score and is not the cell: the suite's commit, the JDK's build, the
 * host's kernel and CPU, the container image (or the bare host) and the HTTP fixture. A change point is put down to the
 * traits that changed across it.
 */
public enum Trait {
    SUITE("suite", r -> r.suite() == null || r.suite().gitCommit() == null ? null
            : r.suite().gitCommit().substring(0, Math.min(8, r.suite().gitCommit().length()))
            + (Boolean.TRUE.equals(r.suite().gitDirty()) ? " (dirty)" : "")),
    JDK("JDK", r -> r.jdk().runtimeVersion()),
    KERNEL("kernel", r -> r.host().kernel()),
    CPU("CPU", r -> r.host().cpuModel()),
    // A matrix's runner image, or the host's own JDK: the same JDK build inside and outside a container differs.
    PLACE("image", r -> r.jdk().image() == null ? "host" : r.jdk().image()),
    FIXTURE("fixture", r -> r.fixture() == null ? "none" : r.fixture().kind());

    private final String label;
    private final Function<RunRecord, String> value;

    Trait(String label, Function<RunRecord, String> value) {
        this.label = label;
        this.value = value;
    }

    public String label() {
        return label;
    }

    /** The run's value, {@code unknown} when the record does not say. */
    public String of(RunRecord run) {
        String v = value.apply(run);
        return v == null ? "unknown" : v;
    }
}
