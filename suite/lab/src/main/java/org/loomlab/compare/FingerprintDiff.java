package org.loomlab.compare;

import org.loomlab.record.Host;
import org.loomlab.record.RunRecord;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;

/**
 * Everything recorded about two runs' machines and JDKs that differs, said before any verdict: a
 * "faster" between a laptop and a server, or between a container capped at one CPU and a bare host,
 * is a statement about the setups, not about the code. Differences in the CPU model, the CPU count or
 * the architecture make them different hardware (an emulated arm64 run keeps the host's CPU model and
 * count, so the architecture has to count too).
 *
 * @param differences each field whose value differs, in the order host, JDK, run
 * @param hardware    whether one of them is the CPU model, the CPU count or the architecture
 */
public record FingerprintDiff(List<Difference> differences, boolean hardware) {

    /** One recorded field, as A and B have it ({@code null} when a side did not record it). */
    public record Difference(String field, String a, String b) {

        String line() {
            return field + ": " + (a == null ? "(not recorded)" : a) + " | " + (b == null ? "(not recorded)" : b);
        }
    }

    private record Field(String name, boolean hardware, Function<RunRecord, Object> value) {
    }

    private static final List<Field> FIELDS = List.of(
            new Field("host.arch", true, r -> r.host().arch()),
            new Field("host.cpu_model", true, r -> r.host().cpuModel()),
            new Field("host.cpus", true, r -> r.host().cpus()),
            new Field("host.memory", false, r -> bytes(r.host().memoryBytes())),
            new Field("host.kernel", false, r -> r.host().kernel()),
            new Field("host.os", false, r -> r.host().os()),
            new Field("host.in_container", false, r -> container(r).map(Host.Container::inContainer)),
            new Field("host.cgroup_version", false, r -> container(r).map(Host.Container::cgroupVersion)),
            new Field("host.cpu_quota", false, r -> container(r).map(Host.Container::cpuQuota)),
            new Field("host.cpuset", false, r -> container(r).map(Host.Container::cpuset)),
            new Field("host.memory_limit", false, r -> container(r).map(c -> c.memoryLimitBytes() == null ? null
                    : bytes(c.memoryLimitBytes()))),
            new Field("host.cpu_governor", false, r -> r.host().cpuGovernor()),
            new Field("host.turbo", false, r -> r.host().turbo()),
            new Field("jdk.vendor", false, r -> r.jdk().vendor()),
            new Field("jdk.runtime_version", false, r -> r.jdk().runtimeVersion()),
            new Field("jdk.vm_name", false, r -> r.jdk().vmName()),
            new Field("jdk.vm_version", false, r -> r.jdk().vmVersion()),
            new Field("jdk.jvm_args", false, r -> String.join(" ", r.jdk().jvmArgs())),
            new Field("jdk.available_processors", false, r -> r.jdk().availableProcessors()),
            new Field("jdk.virtual_thread_parallelism", false, r -> r.jdk().virtualThreadParallelism()),
            new Field("jdk.max_heap", false, r -> bytes(r.jdk().maxHeapBytes())),
            new Field("jdk.image", false, r -> r.jdk().image()),
            new Field("jdk.image_id", false, r -> r.jdk().imageId()),
            new Field("fixture.kind", false, r -> r.fixture() == null ? null : r.fixture().kind()),
            new Field("profile", false, RunRecord::profile),
            new Field("suite.git_commit", false, r -> r.suite() == null ? null : r.suite().gitCommit()),
            new Field("suite.git_dirty", false, r -> r.suite() == null ? null : r.suite().gitDirty()));

    public FingerprintDiff {
        differences = List.copyOf(differences);
    }

    public static FingerprintDiff between(RunRecord a, RunRecord b) {
        List<Difference> out = new ArrayList<>();
        boolean hardware = false;
        for (Field f : FIELDS) {
            String va = text(f.value().apply(a));
            String vb = text(f.value().apply(b));
            if (!Objects.equals(va, vb)) {
                out.add(new Difference(f.name(), va, vb));
                hardware |= f.hardware();
            }
        }
        return new FingerprintDiff(out, hardware);
    }

    /** A Markdown list of the differences, each as {@code field: a-value | b-value}, under one line naming the sides. */
    public String markdown(String a, String b) {
        if (differences.isEmpty()) {
            return "Fingerprints: " + a + " and " + b + " have the same host, JDK, fixture and profile.\n";
        }
        StringBuilder md = new StringBuilder(String.format(Locale.ROOT, "Fingerprints: %d field%s differ (%s | %s):%n",
                differences.size(), differences.size() == 1 ? "" : "s", a, b));
        differences.forEach(d -> md.append("- ").append(d.line()).append('\n'));
        return md.toString();
    }

    private static Optional<Host.Container> container(RunRecord r) {
        return Optional.ofNullable(r.host().container());
    }

    private static String text(Object value) {
        Object v = value instanceof Optional<?> o ? o.orElse(null) : value;
        return v == null ? null : v.toString();
    }

    private static String bytes(long bytes) {
        return String.format(Locale.ROOT, "%.1f GiB", bytes / (double) (1L << 30));
    }
}
