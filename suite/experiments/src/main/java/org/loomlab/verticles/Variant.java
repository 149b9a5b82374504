package org.loomlab.verticles;

import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.eventbus.MessageConsumer;
import org.loomlab.axis.Axis;

/**
 * How the vert.x philosophers are written: as in the talk (which stalled from 10,000 philosophers on),
 * or rewritten after measuring where the talk's time went. Both keep a verticle per philosopher and
 * vert.x local locks, so the two compare cell by cell.
 */
public enum Variant implements Axis {
    /** A message per meal, a lock timer per chopstick, the end published to every philosopher. */
    TALK("talk") {
        @Override
        PhilosopherVerticle philosopher(int seat, int left, int right, VerticleLock lock, Course course) {
            return new TalkPhilosopher(seat, left, right, lock, course);
        }

        @Override
        Future<?> lay(Vertx vertx, Course course) {
            MessageConsumer<Integer> host = vertx.eventBus().consumer(TalkPhilosopher.WINNER, m -> {
                course.won(m.body());
                vertx.eventBus().publish(TalkPhilosopher.OVER, null);
            });
            return host.completion();
        }
    },
    /** Eats while the chopsticks are free, waits without timers, ends on a shared flag. */
    SCALABLE("scalable") {
        @Override
        PhilosopherVerticle philosopher(int seat, int left, int right, VerticleLock lock, Course course) {
            return new ScalablePhilosopher(seat, left, right, lock, course);
        }
    };

    private final String label;

    Variant(String label) {
        this.label = label;
    }

    @Override
    public String label() {
        return label;
    }

    abstract PhilosopherVerticle philosopher(int seat, int left, int right, VerticleLock lock, Course course);

    /** What the table sets up before anyone sits down (the talk's host that hears the winner). */
    Future<?> lay(Vertx vertx, Course course) {
        return Future.succeededFuture();
    }

    public static Variant of(String label) {
        return Axis.parse(Variant.class, "variant", label);
    }
}
