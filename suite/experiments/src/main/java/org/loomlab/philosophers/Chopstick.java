package org.loomlab.philosophers;

import java.util.concurrent.locks.ReentrantLock;

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

    /** Runs {@code section} while holding this chopstick; where the lock allows, an interrupt ends the wait. */
    abstract void holdWhile(Section section) throws Exception;

    /**
     * Runs {@code section} while holding this chopstick, waiting for it through interrupts, as the talk's
     * philosophers did ({@code ReentrantLock.lock()}, {@code synchronized}): a stopped philosopher still gets its
     * chopsticks and eats once more before it sees the interrupt.
     */
    abstract void holdThroughInterruptsWhile(Section section) throws Exception;

    /** A chopstick held through {@code lock}: a virtual thread parks and unmounts while it waits. */
    static Chopstick locked(int index, ReentrantLock lock) {
        return new Chopstick(index) {
            @Override
            void holdWhile(Section section) throws Exception {
                lock.lockInterruptibly();
                try {
                    section.run();
                } finally {
                    lock.unlock();
                }
            }

            @Override
            void holdThroughInterruptsWhile(Section section) throws Exception {
                lock.lock();
                try {
                    section.run();
                } finally {
                    lock.unlock();
                }
            }
        };
    }

    /** A chopstick that is its own monitor. */
    static Chopstick monitor(int index) {
        return new Chopstick(index) {
            @Override
            void holdWhile(Section section) throws Exception {
                synchronized (this) {
                    section.run();
                }
            }

            @Override
            void holdThroughInterruptsWhile(Section section) throws Exception {
                // A monitor never answers an interrupt while it waits: the same wait either way.
                holdWhile(section);
            }
        };
    }
}
