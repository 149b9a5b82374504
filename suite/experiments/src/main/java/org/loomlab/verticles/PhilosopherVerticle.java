package org.loomlab.verticles;

import io.vertx.core.Future;
import io.vertx.core.ThreadingModel;
import io.vertx.core.VerticleBase;
import io.vertx.core.shareddata.Lock;

/**
 * A philosopher as a verticle: its seat, its two chopsticks (lower number first, so the table cannot
 * deadlock) and the one meal it eats while holding both. Subclasses decide how the next meal is
 * scheduled; this class counts what every variant pays for.
 *
 * <p>Pitfall: its state is touched only from its own vert.x context, one task at a time, so plain
 * fields suffice; anything other verticles or the table read goes through {@link Course}.
 */
abstract class PhilosopherVerticle extends VerticleBase {

    final int seat;
    final Course course;
    final String first;
    final String second;
    private final VerticleLock lock;
    private final long lockTimeoutMillis;
    int eaten;

    PhilosopherVerticle(int seat, int left, int right, VerticleLock lock, long lockTimeoutMillis, Course course) {
        this.seat = seat;
        this.course = course;
        this.first = VerticleLock.chopstick(Math.min(left, right));
        this.second = VerticleLock.chopstick(Math.max(left, right));
        this.lock = lock;
        this.lockTimeoutMillis = lockTimeoutMillis;
    }

    /** Starts eating; the table calls it from its own thread once every philosopher is seated. */
    abstract void serve();

    final boolean onEventLoop() {
        return context.threadingModel() == ThreadingModel.EVENT_LOOP;
    }

    /** Asks for a chopstick on this verticle's context, counting timers and waits. */
    final Future<Lock> take(String chopstick) {
        if (lockTimeoutMillis != VerticleLock.NO_TIMEOUT) {
            course.tally.timedLocks.increment();
        }
        Future<Lock> held = lock.take(vertx.sharedData(), chopstick, lockTimeoutMillis);
        if (!held.isComplete()) {
            course.tally.lockWaits.increment();
        }
        return held;
    }

    /**
     * Eats one meal while holding both chopsticks, then puts them down. On an event loop a blocking
     * meal blocks that loop: deliberate, as in the talk. Returns true when this was the target meal.
     */
    final boolean eat(Lock firstHeld, Lock secondHeld) {
        try {
            course.meal.eat();
        } catch (Exception e) {
            course.spoil(e);
        } finally {
            secondHeld.release();
            firstHeld.release();
        }
        eaten++;
        course.tally.meals.increment();
        return eaten == course.target;
    }

    /** Stops eating for good. */
    final void rise() {
        course.rise(seat, eaten);
    }
}
