package org.loomlab.record;

import org.loomlab.axis.Arch;

/**
 * The machine a run happened on, as the host (not the JVM) sees it.
 *
 * @param cpus        logical CPUs of the machine; the JVM may see fewer, see {@link Jdk#availableProcessors()}
 * @param container   cgroup limits when running in a container, null otherwise
 * @param cpuGovernor the CPU frequency governor of cpu0, null when not readable
 * @param turbo       whether turbo/boost is enabled, null when not readable
 */
public record Host(
        String name,
        String arch,
        String cpuModel,
        int cpus,
        long memoryBytes,
        String kernel,
        String os,
        Container container,
        String cpuGovernor,
        Boolean turbo) {

    public Host {
        // One word per architecture (Arch): records written before that said the JVM's aarch64 or x86_64.
        arch = arch == null ? null : Arch.named(arch).map(Arch::label).orElse(arch);
    }

    /** The same machine under another name: the lab host id an operator chose, or one that says it was emulated. */
    public Host named(String other) {
        return new Host(other, arch, cpuModel, cpus, memoryBytes, kernel, os, container, cpuGovernor, turbo);
    }

    /**
     * Limits that make a container see less than the machine.
     *
     * @param cgroupVersion    1 or 2
     * @param cpuQuota         CPUs granted by the CFS quota (quota/period), null when unlimited
     * @param cpuset           the cpuset list, e.g. {@code 0-1}
     * @param memoryLimitBytes null when unlimited
     */
    public record Container(boolean inContainer, int cgroupVersion, Double cpuQuota, String cpuset,
                            Long memoryLimitBytes) {
    }
}
