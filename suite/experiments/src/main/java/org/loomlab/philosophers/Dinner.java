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
}
