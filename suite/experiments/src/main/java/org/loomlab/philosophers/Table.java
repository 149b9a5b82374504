package org.loomlab.philosophers;

import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;

/**
 * A round table of N philosophers and N chopsticks. A dinner ends when the first philosopher
 * reaches its meals; everyone else is then interrupted and waited for.
 *
 * <p>The talk stopped dinners with the structured-concurrency preview, whose API changed in every
 * release from 21 to 26. {@link ExecutorService#invokeAny} on a thread-per-task executor gives the same
 * "first one wins, cancel the rest" on every JDK without preview flags, and closing the executor
 * waits until every philosopher's thread has ended.
 */
public final class Table {

    private final int philosophers;
    private final LockKind lock;
    private final ThreadKind threads;
    private final Meal meal;
    private final Meal think;

    public Table(int philosophers, LockKind lock, ThreadKind threads, Meal meal) {
        this(philosophers, lock, threads, meal, () -> { });
    }

    private Table(int philosophers, LockKind lock, ThreadKind threads, Meal meal, Meal think) {
        if (philosophers < 2) {
            throw new IllegalArgumentException("a table needs at least 2 philosophers, got " + philosophers);
        }
        this.philosophers = philosophers;
        this.lock = lock;
        this.threads = threads;
        this.meal = meal;
        this.think = think;
    }

    /**
     * The same table whose philosophers also do {@code thinking} between meals, without chopsticks.
     * The talk's philosophers never think; with unfair locks that lets a fast one starve a neighbour.
     */
    public Table thinkingWith(Meal thinking) {
        return new Table(philosophers, lock, threads, meal, thinking);
    }

    /** Serves dinner until one philosopher has eaten {@code meals} meals, and stops the others. */
    public Dinner dine(int meals) throws InterruptedException, ExecutionException {
        if (meals < 1) {
            throw new IllegalArgumentException("meals must be at least 1, got " + meals);
        }
        Chopstick[] chopsticks = IntStream.range(0, philosophers).mapToObj(lock::chopstick).toArray(Chopstick[]::new);
        Philosopher[] seated = IntStream.range(0, philosophers)
                .mapToObj(i -> new Philosopher(i, chopsticks[i], chopsticks[(i + 1) % philosophers], meal, think, meals))
                .toArray(Philosopher[]::new);
        // Counted inside the task: the executor may report termination before a thread's own epilogue ends.
        AtomicInteger running = new AtomicInteger();
        List<Callable<Integer>> tasks = Arrays.stream(seated).<Callable<Integer>>map(p -> () -> {
            running.incrementAndGet();
            try {
                return p.call();
            } finally {
                running.decrementAndGet();
            }
        }).toList();
        int winner;
        try (ExecutorService executor = Executors.newThreadPerTaskExecutor(threads.factory())) {
            winner = executor.invokeAny(tasks);
        }
        int[] eaten = new int[philosophers];
        for (int i = 0; i < philosophers; i++) {
            eaten[i] = seated[i].eaten();
        }
        return new Dinner(winner, eaten, running.get());
    }
}
