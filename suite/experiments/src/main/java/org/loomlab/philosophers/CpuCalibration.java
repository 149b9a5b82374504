package org.loomlab.philosophers;

import java.time.Duration;
import java.util.Arrays;
import java.util.function.LongConsumer;

/**
 * How many tokens of a CPU burner ({@code Blackhole.consumeCPU} in the benchmarks) take one meal time on this host
 * and JVM. The talk's answer to "why not consumeCPU?" (seed 001, Q&amp;A): it needs the tokens for the meal time found
 * empirically, "and for that one would have to use ... System.nanoTime". So it is: but over batches of many meals
 * (about {@value #BATCH_MILLIS} ms), where the clock's cost and granularity vanish, and repeated until the estimate
 * settles, once the JIT has compiled the burner. The pitfall it guards against: tokens guessed on another machine
 * or timed over one meal, or counted while the burner still ran in the interpreter.
 */
final class CpuCalibration {

    /** How long one timed batch of meals lasts: long against the clock, short enough to repeat. */
    static final long BATCH_MILLIS = 20;
    /** Batches timed; the first ones run in the interpreter and only steer the guess. */
    private static final int ROUNDS = 25;
    /** The last estimates whose median is the answer. */
    private static final int SETTLED = 9;
    /** How long calibration may take once it has {@value #SETTLED} estimates (a meal time of seconds). */
    private static final long MAX_NANOS = Duration.ofSeconds(3).toNanos();
    /** How far one batch may move the guess, so that one preempted batch cannot throw it far off. */
    private static final double STEP = 16;

    private CpuCalibration() {
    }

    /** The tokens whose burning by {@code burner} takes {@code meal}, at least 1. */
    static long tokensFor(Duration meal, LongConsumer burner) {
        long goal = meal.toNanos();
        long calls = Math.max(1, Duration.ofMillis(BATCH_MILLIS).toNanos() / goal);
        long tokens = 64;
        long[] estimates = new long[SETTLED];
        long start = System.nanoTime();
        for (int round = 0; round < ROUNDS; round++) {
            long batch = System.nanoTime();
            for (long i = 0; i < calls; i++) {
                burner.accept(tokens);
            }
            double perMeal = Math.max(1, (System.nanoTime() - batch) / (double) calls);
            double next = tokens * goal / perMeal;
            tokens = Math.max(1, Math.round(Math.min(tokens * STEP, Math.max(tokens / STEP, next))));
            estimates[round % SETTLED] = tokens;
            if (round >= SETTLED && System.nanoTime() - start > MAX_NANOS) {
                break;
            }
        }
        long[] sorted = estimates.clone();
        Arrays.sort(sorted);
        return Math.max(1, sorted[SETTLED / 2]);
    }
}
