package org.loomlab.verticles;

import org.loomlab.philosophers.Meal;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * One dinner in progress as the table and its philosopher verticles share it: the target, the meal,
 * whether the dinner is over, who won and who has risen. The table waits on it from outside vert.x.
 */
final class Course {

    final int target;
    final Meal meal;
    final Tally tally;
    final CompletableFuture<Integer> winner = new CompletableFuture<>();
    final CompletableFuture<Void> allRisen = new CompletableFuture<>();
    private final int[] eaten;
    private final AtomicInteger seated;
    private volatile boolean over;

    Course(int philosophers, int target, Meal meal, Tally tally) {
        this.target = target;
        this.meal = meal;
        this.tally = tally;
        this.eaten = new int[philosophers];
        this.seated = new AtomicInteger(philosophers);
    }

    boolean over() {
        return over;
    }

    /** Ends the dinner: the first caller is the winner, later ones change nothing. */
    void won(int seat) {
        over = true;
        winner.complete(seat);
    }

    /** A meal failed (e.g. a file read): the dinner ends with that failure. */
    void spoil(Throwable failure) {
        over = true;
        winner.completeExceptionally(failure);
    }

    /** A philosopher has stopped eating for good after {@code meals} meals. */
    void rise(int seat, int meals) {
        eaten[seat] = meals;
        if (seated.decrementAndGet() == 0) {
            allRisen.complete(null);
        }
    }

    /** Philosophers who have not risen yet. */
    int stillSeated() {
        return seated.get();
    }

    /** Meals per seat; read only after {@link #allRisen} completed. */
    int[] eaten() {
        return eaten.clone();
    }
}
