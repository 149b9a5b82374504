package org.loomlab.verticles;

import io.vertx.core.DeploymentOptions;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import org.loomlab.philosophers.Dinner;
import org.loomlab.philosophers.Meal;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;

/**
 * A round table of N philosopher verticles and N vert.x local locks: how long until the first has
 * eaten M meals, on event loops or on virtual-thread verticles (seed 001). Like the classic
 * {@link org.loomlab.philosophers.Table}, a dinner includes seating (deploying every verticle), and
 * ends only when every philosopher has stopped and vert.x is closed.
 *
 * <p>Pitfall: a vert.x instance left open keeps non-daemon threads alive, and a JMH fork that never
 * exits hangs the run (as in the talk); every dinner therefore closes its own vert.x, even when a meal
 * fails. vert.x runs with its defaults (2 x CPUs event loops), so the recorded CPU count decides them.
 */
public final class VerticleTable {

    private final int philosophers;
    private final VerticleLock lock;
    private final VerticleThreads threads;
    private final Variant variant;
    private final Meal meal;

    public VerticleTable(int philosophers, VerticleLock lock, VerticleThreads threads, Variant variant, Meal meal) {
        if (philosophers < 2) {
            throw new IllegalArgumentException("a table needs at least 2 philosophers, got " + philosophers);
        }
        this.philosophers = philosophers;
        this.lock = lock;
        this.threads = threads;
        this.variant = variant;
        this.meal = meal;
    }

    /** Serves one dinner until a philosopher has eaten {@code meals} meals, stops the rest, closes vert.x. */
    public Dinner dine(int meals) throws InterruptedException, ExecutionException {
        return dine(meals, new Tally(), false);
    }

    /** The same dinner, also counting every event-bus message into {@code tally} (slower: for diagnosis). */
    public Dinner dine(int meals, Tally tally) throws InterruptedException, ExecutionException {
        return dine(meals, tally, true);
    }

    private Dinner dine(int meals, Tally tally, boolean watchBus) throws InterruptedException, ExecutionException {
        if (meals < 1) {
            throw new IllegalArgumentException("meals must be at least 1, got " + meals);
        }
        Vertx vertx = Vertx.vertx();
        long start = System.nanoTime();
        try {
            if (watchBus) {
                vertx.eventBus().addOutboundInterceptor(delivery -> {
                    tally.messages.increment();
                    delivery.next();
                });
            }
            Course course = new Course(philosophers, meals, meal, tally);
            join(variant.lay(vertx, course));
            PhilosopherVerticle[] seated = seat(vertx, course);
            long served = System.nanoTime();
            tally.seatingNanos = served - start;
            for (PhilosopherVerticle p : seated) {
                p.serve();
            }
            int winner = course.winner.get();
            long won = System.nanoTime();
            tally.eatingNanos = won - served;
            course.allRisen.get();
            tally.risingNanos = System.nanoTime() - won;
            return new Dinner(winner, course.eaten(), course.stillSeated(), 0, 0);
        } finally {
            long closing = System.nanoTime();
            join(vertx.close());
            tally.closingNanos = System.nanoTime() - closing;
        }
    }

    /** Deploys a verticle per philosopher and waits until all are seated. */
    private PhilosopherVerticle[] seat(Vertx vertx, Course course) throws InterruptedException, ExecutionException {
        DeploymentOptions options = new DeploymentOptions().setThreadingModel(threads.model);
        PhilosopherVerticle[] seated = new PhilosopherVerticle[philosophers];
        @SuppressWarnings("unchecked")
        CompletableFuture<String>[] deployed = new CompletableFuture[philosophers];
        for (int i = 0; i < philosophers; i++) {
            seated[i] = variant.philosopher(i, i, (i + 1) % philosophers, lock, course);
            deployed[i] = vertx.deployVerticle(seated[i], options).toCompletionStage().toCompletableFuture();
        }
        CompletableFuture.allOf(deployed).get();
        return seated;
    }

    private static void join(Future<?> future) throws InterruptedException, ExecutionException {
        future.toCompletionStage().toCompletableFuture().get();
    }
}
