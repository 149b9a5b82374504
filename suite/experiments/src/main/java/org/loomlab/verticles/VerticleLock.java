package org.loomlab.verticles;

import io.vertx.core.Future;
import io.vertx.core.shareddata.Lock;
import io.vertx.core.shareddata.SharedData;
import org.loomlab.axis.Axis;

/**
 * How a philosopher verticle holds a chopstick: a vert.x local lock from {@link SharedData}, an
 * asynchronous lock whose future completes on the waiter's own context.
 *
 * <p>Pitfall: {@code getLocalLock(name)} waits at most vert.x's default of 10 s, and to do so it sets
 * a timer on the waiter's context for every acquisition and cancels it on success. Whether a table
 * pays that per chopstick is the {@link Variant}'s choice, so this type takes the timeout as given.
 */
public enum VerticleLock implements Axis {
    VERTX_LOCAL("vertx-local");

    /** The timeout vert.x's {@code getLocalLock} applies when none is given. */
    static final long VERTX_DEFAULT_TIMEOUT_MILLIS = 10_000;
    /** vert.x sets no timer for this timeout: the waiter waits as long as it takes. */
    static final long NO_TIMEOUT = Long.MAX_VALUE;

    private final String label;

    VerticleLock(String label) {
        this.label = label;
    }

    @Override
    public String label() {
        return label;
    }

    /** The lock name of chopstick {@code index}; philosophers compute theirs once, not per meal. */
    static String chopstick(int index) {
        return "chopstick-" + index;
    }

    /** Takes the chopstick named {@code chopstick}; call it on the philosopher's own context. */
    Future<Lock> take(SharedData data, String chopstick, long timeoutMillis) {
        return data.getLocalLockWithTimeout(chopstick, timeoutMillis);
    }

    public static VerticleLock of(String label) {
        return Axis.parse(VerticleLock.class, "lock", label);
    }
}
