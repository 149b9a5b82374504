package org.loomlab.philosophers;

import java.util.Arrays;

/**
 * The outcome of one dinner.
 *
 * @param winner         the seat of the philosopher who reached the meals first
 * @param eaten          meals eaten per seat
 * @param stillRunning   philosopher threads still alive after the dinner returned; 0 unless stopping is broken
 * @param startSkewNanos from the first philosopher reaching for a chopstick to the last one doing so, among those
 *                       that started: what separates the talk's dinner (everyone starts together at a barrier) from
 *                       the lab's (each starts as its thread does, while the first ones already eat). 0 for the
 *                       vert.x tables, which do not record it.
 * @param stopNanos      from the winner being full to every philosopher thread having ended: the part of the
 *                       measured dinner spent stopping the table. 0 for the vert.x tables, which do not record it.
 */
public record Dinner(int winner, int[] eaten, int stillRunning, long startSkewNanos, long stopNanos) {

    public long totalMeals() {
        return Arrays.stream(eaten).asLongStream().sum();
    }

    /** Seats that ate at least once. */
    public long fed() {
        return Arrays.stream(eaten).filter(n -> n > 0).count();
    }

    /**
     * The Gini coefficient of the meals per seat: 0 when every seat ate alike, (N - 1) / N when one seat ate them all.
     * The talk asked whether its dinners measured switching or unfairness; this says how unequal one dinner was.
     */
    public double gini() {
        int[] sorted = eaten.clone();
        Arrays.sort(sorted);
        long total = 0;
        double ranked = 0;
        for (int i = 0; i < sorted.length; i++) {
            total += sorted[i];
            ranked += (i + 1.0) * sorted[i];
        }
        int n = sorted.length;
        // At 0 for equal seats, rounding could give -1e-16: a share is never negative.
        return total == 0 ? 0 : Math.max(0, 2 * ranked / ((double) n * total) - (n + 1.0) / n);
    }

    /** The meals of the least fed seat per meal of the best fed one: 1 when every seat ate alike, 0 when one never ate. */
    public double minMaxRatio() {
        int most = Arrays.stream(eaten).max().orElse(0);
        return most == 0 ? 1 : (double) Arrays.stream(eaten).min().orElseThrow() / most;
    }
}
