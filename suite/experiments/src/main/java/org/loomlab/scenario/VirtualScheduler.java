package org.loomlab.scenario;

/**
 * The virtual-thread scheduler this JVM runs with. Its parallelism and pool size are read once, when
 * the first virtual thread starts, so an axis that sets them must come as JVM flags from the lab.
 * Pitfall guarded: a cell recording a parallelism the JVM never had; {@link #require} refuses it.
 */
public final class VirtualScheduler {

    public static final String PARALLELISM = "jdk.virtualThreadScheduler.parallelism";
    public static final String MAX_POOL_SIZE = "jdk.virtualThreadScheduler.maxPoolSize";

    private VirtualScheduler() {
    }

    /** Carrier threads the scheduler keeps busy: the flag, or else the available processors. */
    public static int parallelism() {
        return Integer.getInteger(PARALLELISM, Runtime.getRuntime().availableProcessors());
    }

    /** The most carriers it may add to compensate for blocking: the flag, or else max(parallelism, 256). */
    public static int maxPoolSize() {
        return Integer.getInteger(MAX_POOL_SIZE, Math.max(parallelism(), 256));
    }

    /** Throws a one-line error unless this JVM's parallelism is {@code wanted}. */
    public static void require(String axis, int wanted) {
        int actual = parallelism();
        if (wanted != actual) {
            throw new IllegalArgumentException(axis + "=" + wanted + " needs -D" + PARALLELISM + "=" + wanted
                    + " on the scenario JVM; this JVM's scheduler has " + actual);
        }
    }
}
