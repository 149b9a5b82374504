package org.loomlab.record;

import java.util.List;

/**
 * The JDK that ran the cells, as read from inside that JVM.
 *
 * @param id                       the id of its descriptor in {@code jdks/}, or vendor-feature for a host JDK
 * @param availableProcessors      what {@code Runtime.availableProcessors()} returned: under quotas and cpusets it
 *                                 differs from the host's CPU count
 * @param virtualThreadParallelism the virtual-thread scheduler's parallelism (its property, or the default)
 * @param image                    the runner image when containerised, null otherwise
 */
public record Jdk(
        String id,
        String vendor,
        int featureVersion,
        String runtimeVersion,
        String vmName,
        String vmVersion,
        List<String> jvmArgs,
        String javaHome,
        int availableProcessors,
        int virtualThreadParallelism,
        long maxHeapBytes,
        String image,
        String imageId) {

    public Jdk {
        jvmArgs = List.copyOf(jvmArgs);
    }

    /** The same JDK as run inside the runner image {@code name} with id {@code id}. */
    public Jdk inImage(String name, String id) {
        return new Jdk(this.id, vendor, featureVersion, runtimeVersion, vmName, vmVersion, jvmArgs, javaHome,
                availableProcessors, virtualThreadParallelism, maxHeapBytes, name, id);
    }

    public Jdk withId(String other) {
        return new Jdk(other, vendor, featureVersion, runtimeVersion, vmName, vmVersion, jvmArgs, javaHome,
                availableProcessors, virtualThreadParallelism, maxHeapBytes, image, imageId);
    }
}
