package org.loomlab.philosophers;

import java.util.Arrays;

/**
 * The outcome of one dinner.
 *
 * @param winner       the seat of the philosopher who reached the meals first
 * @param eaten        meals eaten per seat
 * @param stillRunning philosopher threads still alive after the dinner returned; 0 unless stopping is broken
 */
public record Dinner(int winner, int[] eaten, int stillRunning) {

    public long totalMeals() {
        return Arrays.stream(eaten).asLongStream().sum();
    }

    /** Seats that ate at least once. */
    public long fed() {
        return Arrays.stream(eaten).filter(n -> n > 0).count();
    }
}
