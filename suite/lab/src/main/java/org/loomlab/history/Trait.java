package org.loomlab.history;

import org.loomlab.record.Host;
import org.loomlab.record.RunRecord;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a run says it ran on that can move a score and is not the cell: the suite's commit and its benchmarks jar, the
 * JDK's build, the measured JVMs' flags and collector, the host's kernel and CPU, the container's limits, the container
 * image (or the bare host) and the HTTP fixture. A change point is put down to the traits that changed across it.
 *
 * <p>The flags are the record's {@code jdk.jvm_args}, where a run's {@code --jvm-args} and a lane's {@code --lane-args}
 * end up; a flag that picks the collector ({@code -XX:+UseZGC}) counts as the GC trait, not as a flag, so that one
 * change is named once. A cell's {@code gc} axis is part of the cell, so it cannot change within a cell's series; GC
 * {@code default} means no run-wide flag chose one (the cell's axis, else the JVM's own choice, which the CPUs and
 * memory it is given move: the limits).
 */
public enum Trait {
    SUITE("suite", f -> f.record().suite() == null || f.record().suite().gitCommit() == null ? null
            : f.record().suite().gitCommit().substring(0, Math.min(8, f.record().suite().gitCommit().length()))
            + (Boolean.TRUE.equals(f.record().suite().gitDirty()) ? " (dirty)" : "")),
    // The benchmarks alone: the commit moves with every change to the lab, and a dirty tree hides an edited benchmark.
    BENCHMARKS("benchmarks", f -> f.benchmarksSha256() == null ? null
            : f.benchmarksSha256().substring(0, Math.min(12, f.benchmarksSha256().length()))),
    JDK("JDK", f -> f.record().jdk().runtimeVersion()),
    FLAGS("JVM flags", Trait::flags),
    GC("GC", Trait::collector),
    KERNEL("kernel", f -> f.record().host().kernel()),
    CPU("CPU", f -> f.record().host().cpuModel()),
    LIMITS("limits", f -> limits(f.record().host().container())),
    // A matrix's runner image, or the host's own JDK: the same JDK build inside and outside a container differs.
    PLACE("image", f -> f.record().jdk().image() == null ? "host" : f.record().jdk().image()),
    FIXTURE("fixture", f -> f.record().fixture() == null ? "none" : f.record().fixture().kind());

    private static final Pattern GC_FLAG = Pattern.compile("-XX:\\+Use(\\w+)GC");

    private final String label;
    private final Function<RunFacts, String> value;

    Trait(String label, Function<RunFacts, String> value) {
        this.label = label;
        this.value = value;
    }

    public String label() {
        return label;
    }

    /** The run's value, {@code unknown} when it does not say. */
    public String of(RunFacts run) {
        String v = value.apply(run);
        return v == null ? "unknown" : v;
    }

    /** The value of a run known by its record alone (the benchmarks jar then unknown). */
    public String of(RunRecord run) {
        return of(RunFacts.of(run));
    }

    private static String flags(RunFacts f) {
        List<String> flags = new ArrayList<>(f.record().jdk().jvmArgs());
        flags.removeIf(a -> GC_FLAG.matcher(a).matches());
        return flags.isEmpty() ? "none" : String.join(" ", flags);
    }

    /** The collector a {@code -XX:+Use*GC} flag chose, {@code default} without one. */
    private static String collector(RunFacts f) {
        String chosen = "default";
        for (String a : f.record().jdk().jvmArgs()) {
            Matcher m = GC_FLAG.matcher(a);
            if (m.matches()) {
                chosen = m.group(1); // the JVM refuses two collectors, so there is at most one
            }
        }
        return chosen;
    }

    /** The container's CPU quota, cpuset and memory limit; {@code none} on a bare host or when nothing is limited. */
    private static String limits(Host.Container c) {
        if (c == null || !c.inContainer()) {
            return "none";
        }
        List<String> parts = new ArrayList<>();
        if (c.cpuQuota() != null) {
            parts.add(String.format(Locale.ROOT, "cpus %s", c.cpuQuota() % 1 == 0 ? String.valueOf(c.cpuQuota().longValue())
                    : String.format(Locale.ROOT, "%.2f", c.cpuQuota())));
        }
        if (c.cpuset() != null && !c.cpuset().isBlank()) {
            parts.add("cpuset " + c.cpuset());
        }
        if (c.memoryLimitBytes() != null) {
            long mib = c.memoryLimitBytes() >> 20;
            parts.add(mib % 1024 == 0 ? "memory " + mib / 1024 + " GiB" : "memory " + mib + " MiB");
        }
        return parts.isEmpty() ? "none" : String.join(", ", parts);
    }
}
