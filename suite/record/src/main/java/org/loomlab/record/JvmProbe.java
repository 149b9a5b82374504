package org.loomlab.record;

import java.lang.management.ManagementFactory;
import java.util.List;

/**
 * Prints the {@link Jdk} fingerprint of the JVM it runs in as JSON. The lab runs it on the JDK
 * under test (which may differ from the lab's own), so that what the cells saw is recorded:
 * the CPU count under quotas and cpusets, the virtual-thread parallelism, the heap, the flags.
 */
public final class JvmProbe {

    private JvmProbe() {
    }

    public static Jdk probe(String id) {
        Runtime rt = Runtime.getRuntime();
        int cpus = rt.availableProcessors();
        String parallelism = System.getProperty("jdk.virtualThreadScheduler.parallelism");
        return new Jdk(
                id,
                System.getProperty("java.vendor"),
                Runtime.version().feature(),
                System.getProperty("java.runtime.version"),
                System.getProperty("java.vm.name"),
                System.getProperty("java.vm.version"),
                List.copyOf(ManagementFactory.getRuntimeMXBean().getInputArguments()),
                System.getProperty("java.home"),
                cpus,
                parallelism == null ? cpus : Integer.parseInt(parallelism),
                rt.maxMemory(),
                null,
                null);
    }

    public static void main(String[] args) throws Exception {
        System.out.println(RecordJson.mapper().writeValueAsString(probe(args.length > 0 ? args[0] : null)));
    }
}
