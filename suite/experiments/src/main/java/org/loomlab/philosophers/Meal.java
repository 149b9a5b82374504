package org.loomlab.philosophers;

/** One meal of a workload, eaten while both chopsticks are held. Closing frees what the workload prepared. */
public interface Meal extends AutoCloseable {

    void eat() throws Exception;

    @Override
    default void close() {
    }
}
