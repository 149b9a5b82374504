package org.loomlab.philosophers;

/**
 * One meal of a workload, eaten while both chopsticks are held. Closing frees what the workload
 * prepared. A meal must be safe to eat from many threads at once.
 */
public interface Meal extends AutoCloseable {

    void eat() throws Exception;

    /** Meals that failed so far and were counted instead of thrown (network meals); 0 for the others. */
    default long failures() {
        return 0;
    }

    /** Why the first counted failure happened, or null when none did. */
    default String firstFailure() {
        return null;
    }

    @Override
    default void close() {
    }
}
