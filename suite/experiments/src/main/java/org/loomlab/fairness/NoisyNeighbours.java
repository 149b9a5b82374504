package org.loomlab.fairness;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadFactory;

/**
 * One round of seed 000: how long do light tasks wait to start when CPU-heavy tasks were started
 * just before them? The pitfall it exposes: the virtual-thread scheduler has no time slicing, so a
 * heavy task keeps its carrier until it ends, while the kernel preempts platform threads.
 */
final class NoisyNeighbours {

    /** Where heavy results go, so the JIT cannot drop the BigInteger loop as dead code. */
    static volatile long sink;

    private NoisyNeighbours() {
    }

    /**
     * Starts {@code tasks} heavy tasks of {@code work} BigInteger additions, then {@code tasks} light
     * tasks, joins them all and returns each light task's wait in nanoseconds: from just before its
     * thread was created to the first instruction it ran (as in the seed).
     */
    static long[] round(ThreadFactory threads, int tasks, int work) throws InterruptedException {
        List<Thread> started = new ArrayList<>(2 * tasks);
        for (int i = 0; i < tasks; i++) {
            Thread heavy = threads.newThread(() -> heavy(work));
            started.add(heavy);
            heavy.start();
        }
        long[] waits = new long[tasks];
        for (int i = 0; i < tasks; i++) {
            int slot = i;
            long created = System.nanoTime();
            Thread light = threads.newThread(() -> waits[slot] = System.nanoTime() - created);
            started.add(light);
            light.start();
        }
        for (Thread t : started) {
            t.join();
        }
        // join() orders every light task's write before this read.
        return waits;
    }

    static void heavy(int work) {
        BigInteger sum = BigInteger.ZERO;
        for (int j = 0; j < work; j++) {
            sum = sum.add(BigInteger.ONE);
        }
        sink = sum.longValue();
    }
}
