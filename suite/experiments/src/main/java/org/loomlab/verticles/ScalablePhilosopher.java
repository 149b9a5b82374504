package org.loomlab.verticles;

import io.vertx.core.Future;
import io.vertx.core.shareddata.Lock;

/**
 * A philosopher that keeps eating while its chopsticks are free, as a classic thread does, and yields
 * its event loop only when it must wait for a neighbour. No event-bus message, no consumer and no
 * lock timer per meal; the end of the dinner is a flag in {@link Course}, read between meals.
 *
 * <p>Pitfall: a lock future completed by a neighbour on the same event loop would run our callback
 * inside the neighbour's stack; every wait therefore resumes as a fresh task on our own context.
 */
final class ScalablePhilosopher extends PhilosopherVerticle {

    ScalablePhilosopher(int seat, int left, int right, VerticleLock lock, Course course) {
        super(seat, left, right, lock, VerticleLock.NO_TIMEOUT, course);
    }

    @Override
    public Future<?> start() {
        return Future.succeededFuture();
    }

    @Override
    void serve() {
        context.runOnContext(v -> {
            if (onEventLoop()) {
                eatWhileFree();
            } else {
                eatByAwaiting();
            }
        });
    }

    private void eatWhileFree() {
        while (!course.over()) {
            Future<Lock> a = take(first);
            if (!a.isComplete()) {
                a.onSuccess(held -> resume(() -> withFirst(held)));
                return;
            }
            Future<Lock> b = take(second);
            if (!b.isComplete()) {
                b.onSuccess(held -> resume(() -> withBoth(a.result(), held)));
                return;
            }
            eatAndMaybeWin(a.result(), b.result());
        }
        rise();
    }

    private void withFirst(Lock a) {
        Future<Lock> b = take(second);
        if (!b.isComplete()) {
            b.onSuccess(held -> resume(() -> withBoth(a, held)));
            return;
        }
        withBoth(a, b.result());
    }

    private void withBoth(Lock a, Lock b) {
        eatAndMaybeWin(a, b);
        eatWhileFree();
    }

    /** The virtual-thread verticle's way: a plain loop; awaiting a free chopstick does not suspend. */
    private void eatByAwaiting() {
        while (!course.over()) {
            Lock a = take(first).await();
            Lock b = take(second).await();
            eatAndMaybeWin(a, b);
        }
        rise();
    }

    private void eatAndMaybeWin(Lock a, Lock b) {
        if (eat(a, b)) {
            course.won(seat);
        }
    }

    private void resume(Runnable next) {
        context.runOnContext(v -> next.run());
    }
}
