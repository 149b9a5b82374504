package org.loomlab.verticles;

import java.util.concurrent.atomic.LongAdder;

/**
 * What a vert.x dinner cost, counted where it happens: meals, event-bus messages and consumers, lock
 * acquisitions that set a timer or had to wait, and the time of each phase. It answers "where does
 * the time go when a vert.x table grows?" with counts instead of guesses about an event-bus storm.
 *
 * <p>Messages are counted by an outbound interceptor on the real event bus, so they include what
 * vert.x sends for us (publish fan-out counts once per publish, as vert.x sees it).
 */
public final class Tally {

    final LongAdder meals = new LongAdder();
    final LongAdder messages = new LongAdder();
    final LongAdder consumers = new LongAdder();
    final LongAdder timedLocks = new LongAdder();
    final LongAdder lockWaits = new LongAdder();
    final LongAdder lockTimeouts = new LongAdder();
    long seatingNanos;
    long eatingNanos;
    long risingNanos;
    long closingNanos;

    public long meals() {
        return meals.sum();
    }

    /** Event-bus messages sent or published; -1 when the bus was not watched. */
    public long messages() {
        return messages.sum();
    }

    /** Event-bus consumers the philosophers registered (and vert.x unregistered at undeploy). */
    public long consumers() {
        return consumers.sum();
    }

    /** Lock acquisitions that set (and mostly cancelled) a vert.x timer for their timeout. */
    public long timedLocks() {
        return timedLocks.sum();
    }

    /** Lock acquisitions that could not be granted at once and waited for a neighbour. */
    public long lockWaits() {
        return lockWaits.sum();
    }

    /** Lock acquisitions that failed on their timeout and were retried. */
    public long lockTimeouts() {
        return lockTimeouts.sum();
    }

    /** One line for a diagnostic log: counts per winner meal and the phases in milliseconds. */
    public String summary(int winnerMeals) {
        return String.format("meals=%d (%.1f per winner meal) messages=%d (%.2f per meal) consumers=%d timed-locks=%d"
                        + " lock-waits=%d lock-timeouts=%d | seat=%.0fms eat=%.0fms rise=%.0fms close=%.0fms",
                meals(), meals() / (double) winnerMeals, messages(), messages() / (double) Math.max(1, meals()),
                consumers(), timedLocks(), lockWaits(), lockTimeouts(),
                seatingNanos / 1e6, eatingNanos / 1e6, risingNanos / 1e6, closingNanos / 1e6);
    }
}
