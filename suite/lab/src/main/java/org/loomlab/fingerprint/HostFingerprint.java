package org.loomlab.fingerprint;

import org.loomlab.axis.Arch;
import org.loomlab.record.Host;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Reads the machine's fingerprint from /proc and /sys: what can move a number and is not the JDK.
 * Every reading is optional: a file that is absent or unreadable gives null, never a guess.
 *
 * <p>The host's name in results/ and the record defaults to {@code <hostname>-<cpu>-<N>c-<M>g}
 * (e.g. {@code vm-epyc-7763-2c-24g}), not the bare hostname: machines made from one image share a
 * hostname (two "vm"s here, a Xeon and an EPYC), and their records must never mix.
 */
public final class HostFingerprint {

    private final Path root;

    /** Reads the running machine. */
    public HostFingerprint() {
        this(Path.of("/"));
    }

    /** Reads a machine whose /proc and /sys are mounted under {@code root} (tests use a fake tree). */
    public HostFingerprint(Path root) {
        this.root = root;
    }

    public Host read() {
        return new Host(
                hostId(),
                archWord(),
                cpuInfo("model name").orElse(null),
                cpuCount(),
                memInfoBytes("MemTotal").orElse(0L),
                text("proc/sys/kernel/osrelease").orElse(System.getProperty("os.version")),
                osPrettyName().orElse(System.getProperty("os.name")),
                container(),
                text("sys/devices/system/cpu/cpu0/cpufreq/scaling_governor").orElse(null),
                turbo());
    }

    String hostName() {
        return text("proc/sys/kernel/hostname").or(() -> text("etc/hostname")).orElse("unknown");
    }

    /** The default host id: the hostname, then {@link #hardware()}. */
    String hostId() {
        return hostName() + "-" + hardware();
    }

    /**
     * What tells machines with one hostname apart: the CPU model, the logical CPUs and the memory in GiB,
     * rounded (at least 1; left out when /proc/meminfo is unreadable), e.g. {@code epyc-7763-2c-24g}.
     */
    public String hardware() {
        String memory = memInfoBytes("MemTotal").map(bytes -> "-" + Math.max(1, Math.round(bytes / (double) (1L << 30))) + "g")
                .orElse("");
        return cpuSlug() + "-" + cpuCount() + "c" + memory;
    }

    /**
     * The CPU model as a slug, e.g. {@code xeon-platinum-8375c}; ARM kernels name no model, so there it is the
     * implementer and part ({@code arm-d0c} for a Neoverse N1), else the architecture.
     */
    String cpuSlug() {
        return cpuInfo("model name").map(HostFingerprint::modelSlug).filter(slug -> !slug.isEmpty())
                .or(() -> cpuInfo("CPU part").map(part -> cpuInfo("CPU implementer").map(HostFingerprint::implementer)
                        .orElse("cpu") + "-" + part.toLowerCase(Locale.ROOT).replaceFirst("^0x", "")))
                .orElse(archWord());
    }

    private static String archWord() {
        String os = System.getProperty("os.arch");
        return Arch.named(os).map(Arch::label).orElse(os);
    }

    /**
     * The model words that tell CPUs apart, lower case: "Intel(R) Xeon(R) Platinum 8375C CPU @ 2.90GHz" is
     * {@code xeon-platinum-8375c}, "AMD EPYC 7763 64-Core Processor" {@code epyc-7763}. Left out: the maker
     * (the brand names it), trademarks, "CPU", "Processor", the core count and the clock.
     */
    static String modelSlug(String model) {
        String words = model.replaceAll("(?i)\\((R|TM)\\)", " ")
                .replaceAll("@.*$", " ")
                .replaceAll("(?i)\\bwith\\b.*$", " ")
                .replaceAll("(?i)\\b(intel|amd|cpu|processor|\\d+-core)\\b", " ");
        return words.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "-").replaceAll("^-|-$", "");
    }

    /** Who designed an ARM core, from the implementer code in /proc/cpuinfo. */
    private static String implementer(String code) {
        return switch (code.toLowerCase(Locale.ROOT)) {
            case "0x41" -> "arm";
            case "0x61" -> "apple";
            case "0xc0" -> "ampere";
            default -> "cpu" + code.toLowerCase(Locale.ROOT).replaceFirst("^0x", "");
        };
    }

    int cpuCount() {
        long n = lines("proc/cpuinfo").stream().filter(l -> l.startsWith("processor")).count();
        return n > 0 ? (int) n : Runtime.getRuntime().availableProcessors();
    }

    Optional<String> cpuInfo(String key) {
        return lines("proc/cpuinfo").stream()
                .filter(l -> l.startsWith(key))
                .map(l -> l.substring(l.indexOf(':') + 1).strip())
                .findFirst();
    }

    Optional<Long> memInfoBytes(String key) {
        return lines("proc/meminfo").stream()
                .filter(l -> l.startsWith(key + ":"))
                .map(l -> Long.parseLong(l.replaceAll("[^0-9]", "")) * 1024)
                .findFirst();
    }

    Optional<String> osPrettyName() {
        return lines("etc/os-release").stream()
                .filter(l -> l.startsWith("PRETTY_NAME="))
                .map(l -> l.substring("PRETTY_NAME=".length()).replace("\"", ""))
                .findFirst();
    }

    /** Intel's no_turbo is inverted; other drivers expose boost. */
    Boolean turbo() {
        Optional<String> noTurbo = text("sys/devices/system/cpu/intel_pstate/no_turbo");
        if (noTurbo.isPresent()) {
            return noTurbo.get().equals("0");
        }
        return text("sys/devices/system/cpu/cpufreq/boost").map(b -> b.equals("1")).orElse(null);
    }

    /** cgroup limits; v2 has one unified file set, v1 a controller per directory. */
    Host.Container container() {
        boolean inContainer = Files.exists(root.resolve(".dockerenv"))
                || lines("proc/1/cgroup").stream().anyMatch(l -> l.contains("docker") || l.contains("containerd"));
        if (Files.exists(root.resolve("sys/fs/cgroup/cgroup.controllers"))) {
            Double quota = text("sys/fs/cgroup/cpu.max").map(HostFingerprint::quotaV2).orElse(null);
            return new Host.Container(inContainer, 2, quota,
                    text("sys/fs/cgroup/cpuset.cpus.effective").orElse(null),
                    text("sys/fs/cgroup/memory.max").flatMap(HostFingerprint::limit).orElse(null));
        }
        if (Files.isDirectory(root.resolve("sys/fs/cgroup/cpu")) || Files.isDirectory(root.resolve("sys/fs/cgroup/memory"))) {
            Optional<Long> quotaUs = text("sys/fs/cgroup/cpu/cpu.cfs_quota_us").map(Long::parseLong);
            Optional<Long> periodUs = text("sys/fs/cgroup/cpu/cpu.cfs_period_us").map(Long::parseLong);
            Double quota = quotaUs.isPresent() && periodUs.isPresent() && quotaUs.get() > 0
                    ? (double) quotaUs.get() / periodUs.get() : null;
            return new Host.Container(inContainer, 1, quota,
                    text("sys/fs/cgroup/cpuset/cpuset.effective_cpus").or(() -> text("sys/fs/cgroup/cpuset/cpuset.cpus"))
                            .orElse(null),
                    text("sys/fs/cgroup/memory/memory.limit_in_bytes").flatMap(HostFingerprint::limit).orElse(null));
        }
        return new Host.Container(inContainer, 0, null, null, null);
    }

    /** "max 100000" is unlimited; "200000 100000" is two CPUs. */
    static Double quotaV2(String cpuMax) {
        String[] parts = cpuMax.split("\\s+");
        return parts.length == 2 && !parts[0].equals("max") ? Double.parseDouble(parts[0]) / Double.parseDouble(parts[1])
                : null;
    }

    /** cgroup v1 says "unlimited" with a huge number (page-rounded Long.MAX_VALUE), v2 with "max". */
    static Optional<Long> limit(String value) {
        if (value.equals("max")) {
            return Optional.empty();
        }
        long bytes = Long.parseLong(value);
        return bytes >= (1L << 62) ? Optional.empty() : Optional.of(bytes);
    }

    private Optional<String> text(String relative) {
        try {
            Path file = root.resolve(relative);
            // Lines, not readString: procfs reports size 0 or 4096, and readString has returned a truncated value.
            return Files.isReadable(file) ? Optional.of(String.join("\n", Files.readAllLines(file)).strip())
                    .filter(s -> !s.isEmpty()) : Optional.empty();
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    private List<String> lines(String relative) {
        try {
            Path file = root.resolve(relative);
            return Files.isReadable(file) ? Files.readAllLines(file) : List.of();
        } catch (IOException | RuntimeException e) {
            return List.of();
        }
    }
}
