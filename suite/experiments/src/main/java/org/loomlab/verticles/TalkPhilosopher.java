package org.loomlab.verticles;

import io.vertx.core.Future;
import io.vertx.core.eventbus.EventBus;
import io.vertx.core.eventbus.MessageConsumer;
import io.vertx.core.shareddata.Lock;

/**
 * The talk's philosopher, an actor: every meal is an event-bus message it sends to itself, chopsticks
 * come from {@code getLocalLock} with vert.x's default timeout (a timer per chopstick), and the end of
 * the dinner is a message published to every philosopher's second consumer.
 *
 * <p>Why it does not scale: a message per meal queues each philosopher's next meal behind every other
 * philosopher's on the same event loop, so the first to reach M meals waits for about N x M meals in
 * all (see {@link Tally#meals()}); the timers and N-way publish add to it. The seed's source is not in
 * the lab; this is a reconstruction from the talk's description, kept as {@code variant=talk}.
 */
final class TalkPhilosopher extends PhilosopherVerticle {

    static final String OVER = "table.over";
    static final String WINNER = "table.winner";

    private final String address;
    private volatile boolean over;

    TalkPhilosopher(int seat, int left, int right, VerticleLock lock, Course course) {
        super(seat, left, right, lock, VerticleLock.VERTX_DEFAULT_TIMEOUT_MILLIS, course);
        this.address = "philosopher-" + seat;
    }

    @Override
    public Future<?> start() {
        EventBus bus = vertx.eventBus();
        MessageConsumer<Void> meals = bus.consumer(address, m -> nextMeal());
        MessageConsumer<Void> end = bus.consumer(OVER, m -> over = true);
        course.tally.consumers.add(2);
        return Future.all(meals.completion(), end.completion());
    }

    @Override
    void serve() {
        vertx.eventBus().send(address, null);
    }

    private void nextMeal() {
        if (over) {
            rise();
        } else if (onEventLoop()) {
            eatByCallbacks();
        } else {
            eatByAwaiting();
        }
    }

    private void eatByCallbacks() {
        take(first).onComplete(a -> {
            if (a.failed()) {
                timedOut();
                return;
            }
            take(second).onComplete(b -> {
                if (b.failed()) {
                    a.result().release();
                    timedOut();
                    return;
                }
                afterMeal(eat(a.result(), b.result()));
            });
        });
    }

    /** The virtual-thread verticle's way: await each chopstick; a timed-out lock awaits as null. */
    private void eatByAwaiting() {
        Lock a = take(first).otherwiseEmpty().await();
        if (a == null) {
            timedOut();
            return;
        }
        Lock b = take(second).otherwiseEmpty().await();
        if (b == null) {
            a.release();
            timedOut();
            return;
        }
        afterMeal(eat(a, b));
    }

    private void afterMeal(boolean reachedTarget) {
        if (reachedTarget) {
            vertx.eventBus().send(WINNER, seat);
            rise();
        } else {
            vertx.eventBus().send(address, null);
        }
    }

    private void timedOut() {
        course.tally.lockTimeouts.increment();
        vertx.eventBus().send(address, null);
    }
}
