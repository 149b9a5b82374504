package org.loomlab.philosophers;

import java.util.concurrent.ExecutionException;
import java.util.function.LongConsumer;
import java.util.stream.IntStream;

/**
 * A round table of N philosophers and N chopsticks. A dinner ends when the first philosopher
 * reaches its meals; everyone else is then stopped and waited for. How it is served, the lab's way,
 * the talk's or by an arbiter, is the table's {@link DinnerKind}.
 */
public final class Table {

    private final int philosophers;
    private final LockKind lock;
    private final ThreadKind threads;
    private final Meal meal;
    private final Meal think;
    private final DinnerKind kind;

    /** A table served the lab's way. */
    public Table(int philosophers, LockKind lock, ThreadKind threads, Meal meal) {
        this(philosophers, lock, threads, meal, () -> { }, DinnerKind.LAB);
    }

    private Table(int philosophers, LockKind lock, ThreadKind threads, Meal meal, Meal think, DinnerKind kind) {
        if (philosophers < 2) {
            throw new IllegalArgumentException("a table needs at least 2 philosophers, got " + philosophers);
        }
        this.philosophers = philosophers;
        this.lock = lock;
        this.threads = threads;
        this.meal = meal;
        this.think = think;
        this.kind = kind;
    }

    /**
     * The same table whose philosophers also do {@code thinking} between meals, without chopsticks.
     * The talk's philosophers never think; with unfair locks that lets a fast one starve a neighbour.
     */
    public Table thinkingWith(Meal thinking) {
        return new Table(philosophers, lock, threads, meal, thinking, kind);
    }

    /** The same table served as {@code dinner} says. */
    public Table servedAs(DinnerKind dinner) {
        return new Table(philosophers, lock, threads, meal, think, dinner);
    }

    /** Serves dinner until one philosopher has eaten {@code meals} meals, and stops the others. */
    public Dinner dine(int meals) throws InterruptedException, ExecutionException {
        return dine(meals, value -> { });
    }

    /**
     * The same dinner, handing what the talk's meals produce to {@code sink} (the benchmark's Blackhole);
     * the lab's meals produce nothing for it.
     */
    public Dinner dine(int meals, LongConsumer sink) throws InterruptedException, ExecutionException {
        return serve(seat(meals, sink));
    }

    /** Sets the table: chopsticks, and philosophers who will eat {@code meals} meals. */
    Philosopher[] seat(int meals, LongConsumer sink) {
        if (meals < 1) {
            throw new IllegalArgumentException("meals must be at least 1, got " + meals);
        }
        Chopstick[] chopsticks = IntStream.range(0, philosophers).mapToObj(lock::chopstick).toArray(Chopstick[]::new);
        return IntStream.range(0, philosophers)
                .mapToObj(i -> new Philosopher(i, chopsticks[i], chopsticks[kind.right(i, philosophers)], meal, think,
                        meals, sink))
                .toArray(Philosopher[]::new);
    }

    /** Serves a dinner to philosophers already seated, which tests then inspect. */
    Dinner serve(Philosopher[] seated) throws InterruptedException, ExecutionException {
        return kind.serve(seated, threads, lock);
    }
}
