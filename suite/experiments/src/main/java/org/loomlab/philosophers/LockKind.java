package org.loomlab.philosophers;

import org.loomlab.axis.Axis;

import java.util.Optional;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Supplier;

/**
 * How a philosopher holds two chopsticks while eating (and how the pinning scenarios guard their critical
 * sections). The question behind the axis: does a virtual thread that blocks inside {@code synchronized} pin
 * its carrier (JDK 21) or not (JDK 24+)? A kind is a monitor or makes a fresh {@link ReentrantLock}; the users
 * of the axis ask which, never which constant, so a new lock kind is one line here.
 */
public enum LockKind implements Axis {
    /** {@link ReentrantLock}: a virtual thread parks and unmounts while waiting on it on every JDK. */
    REENTRANT("reentrant", ReentrantLock::new),
    /** A monitor: pins the carrier of a virtual thread that blocks inside it before JEP 491 (JDK 24). */
    SYNCHRONIZED("synchronized", null),
    /**
     * A fair {@link ReentrantLock}: the longest waiter gets it next, so no philosopher starves, at the price of a
     * hand-off on every release. Only when asked for ({@code -p lock=reentrant-fair}).
     */
    REENTRANT_FAIR("reentrant-fair", () -> new ReentrantLock(true)) {
        @Override
        public boolean optIn() {
            return true;
        }
    };

    private final String label;
    /** Makes the explicit lock of this kind; null for a monitor. */
    private final Supplier<ReentrantLock> lock;

    LockKind(String label, Supplier<ReentrantLock> lock) {
        this.label = label;
        this.lock = lock;
    }

    @Override
    public String label() {
        return label;
    }

    /** A fresh explicit lock of this kind, or empty when the kind is a monitor ({@code synchronized}). */
    public Optional<ReentrantLock> newLock() {
        return Optional.ofNullable(lock).map(Supplier::get);
    }

    /** Whether this kind is a monitor ({@code synchronized}), which pinned a blocked virtual thread before JDK 24. */
    public boolean monitor() {
        return lock == null;
    }

    Chopstick chopstick(int index) {
        return newLock().map(held -> Chopstick.locked(index, held)).orElseGet(() -> Chopstick.monitor(index));
    }

    public static LockKind of(String label) {
        return Axis.parse(LockKind.class, "lock", label);
    }
}
