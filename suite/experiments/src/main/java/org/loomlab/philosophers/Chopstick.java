package org.loomlab.philosophers;

/**
 * A chopstick between two philosophers. Chopsticks are numbered and always taken lower number
 * first, which breaks the circular wait and so makes the table deadlock-free.
 */
abstract class Chopstick {

    /** Code that runs while the chopstick is held. */
    @FunctionalInterface
    interface Section {
        void run() throws Exception;
    }

    final int index;

    Chopstick(int index) {
        this.index = index;
    }

    /** Runs {@code section} while holding this chopstick, blocking until it is free. */
    abstract void holdWhile(Section section) throws Exception;
}
