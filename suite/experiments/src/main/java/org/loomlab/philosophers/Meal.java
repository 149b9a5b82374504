package org.loomlab.philosophers;

import java.util.function.LongConsumer;

/**
 * One meal of a workload, eaten while both chopsticks are held. Closing frees what the workload
 * prepared. A meal must be safe to eat from many threads at once.
 */
public interface Meal extends AutoCloseable {

    /** The meal as the lab's dinner eats it. */
    void eat() throws Exception;

    /**
     * The meal as the talk's dinner eats it: the same work, then what it produced and the philosopher's meal
     * {@code index} go to {@code sink} (a JMH Blackhole in the benchmark), so the JIT cannot drop the work.
     * Workloads whose work differs from the talk's override it.
     */
    default void eat(int index, LongConsumer sink) throws Exception {
        eat();
        sink.accept(index);
    }

    /** Meals that failed so far and were counted instead of thrown (network meals); 0 for the others. */
    default long failures() {
        return 0;
    }

    /** Why the first counted failure happened, or null when none did. */
    default String firstFailure() {
        return null;
    }

    /** The CPU tokens one meal burns, calibrated to the meal time (consume-cpu); 0 for the other workloads. */
    default long cpuTokens() {
        return 0;
    }

    @Override
    default void close() {
    }
}
