package org.loomlab.pinning;

import org.loomlab.philosophers.LockKind;

import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The critical section a probing thread blocks inside: a monitor, a {@link ReentrantLock}, or none
 * (the baseline). Each probing thread owns its guard, so no thread ever waits for another's lock:
 * any slowdown comes from the carriers, not from contention.
 */
abstract class Guard {

    /** Code run while the guard is held. */
    @FunctionalInterface
    interface Body {
        void run(Guard held) throws Exception;
    }

    /** Runs {@code body} while holding the guard. */
    abstract void hold(Body body) throws Exception;

    /** Waits {@code time} the way a thread holding this guard waits: Object.wait, Condition.await, or a park. */
    abstract void await(Duration time) throws InterruptedException;

    /** A fresh guard of {@code lock}'s kind. */
    static Guard of(LockKind lock) {
        return lock.newLock().<Guard>map(Reentrant::new).orElseGet(Monitor::new);
    }

    /** No critical section at all: the same blocking operation, free to unmount. */
    static Guard unlocked() {
        return new Guard() {
            @Override
            void hold(Body body) throws Exception {
                body.run(this);
            }

            @Override
            void await(Duration time) {
                LockSupport.parkNanos(time.toNanos());
            }
        };
    }

    private static final class Monitor extends Guard {
        @Override
        void hold(Body body) throws Exception {
            synchronized (this) {
                body.run(this);
            }
        }

        @Override
        void await(Duration time) throws InterruptedException {
            // Object.wait may return early (spuriously); the probe counts operations, not exact waits.
            wait(time.toMillis());
        }
    }

    private static final class Reentrant extends Guard {
        private final ReentrantLock lock;
        private final Condition never;

        Reentrant(ReentrantLock lock) {
            this.lock = lock;
            this.never = lock.newCondition();
        }

        @Override
        void hold(Body body) throws Exception {
            lock.lockInterruptibly();
            try {
                body.run(this);
            } finally {
                lock.unlock();
            }
        }

        @Override
        void await(Duration time) throws InterruptedException {
            never.await(time.toNanos(), TimeUnit.NANOSECONDS);
        }
    }
}
