package org.loomlab.philosophers;

import java.util.concurrent.CyclicBarrier;
import java.util.function.LongConsumer;

/**
 * Eats until it has had its target of meals, taking its lower-numbered chopstick first. How it starts
 * and how it answers an interrupt depend on the dinner ({@link DinnerKind}): the lab's loop throws when
 * stopped, the talk's returns. At the arbiter's dinner it takes no chopstick itself: a {@link Waiter} grants
 * both and serves it one meal at a time.
 */
final class Philosopher {

    private final int seat;
    private final int target;
    private final Chopstick first;
    private final Chopstick second;
    private final Chopstick.Section eat;
    private final Chopstick.Section eatAsTheTalk;
    private final Meal meal;
    private final Meal think;
    private int eaten;
    private long readyNanos;
    private long startNanos;
    private boolean started;

    Philosopher(int seat, Chopstick left, Chopstick right, Meal meal, Meal think, int target, LongConsumer sink) {
        this.seat = seat;
        this.target = target;
        this.first = left.index < right.index ? left : right;
        this.second = first == left ? right : left;
        Chopstick.Section withSecond = meal::eat;
        this.eat = () -> second.holdWhile(withSecond);
        // The index is the count before this meal, counted even when the meal is cut short, as in the talk.
        Chopstick.Section withSecondAsTheTalk = () -> meal.eat(eaten++, sink);
        this.eatAsTheTalk = () -> second.holdThroughInterruptsWhile(withSecondAsTheTalk);
        this.meal = meal;
        this.think = think;
    }

    /** The lab's loop: returns its seat once it reached its target; throws InterruptedException when stopped first. */
    int eatUntilFull() throws Exception {
        readyNanos = System.nanoTime();
        startNanos = readyNanos;
        started = true;
        while (eaten < target) {
            if (Thread.interrupted()) {
                throw new InterruptedException("stopped after " + eaten + " meals");
            }
            first.holdWhile(eat);
            eaten++;
            think.eat();
        }
        return seat;
    }

    /**
     * The talk's loop: waits at {@code startLine} until the whole table is there, then eats while neither
     * interrupted nor full, taking chopsticks through interrupts. Stopped, it returns like a full philosopher
     * does, so only {@link #full()} tells a winner from a stopped one. A meal cut short by an interrupt (a sleep)
     * ends the loop as the talk's did: the interrupt is kept, nothing is thrown.
     */
    void eatUntilFullOrStopped(CyclicBarrier startLine) throws Exception {
        readyNanos = System.nanoTime();
        startLine.await();
        startNanos = System.nanoTime();
        started = true;
        try {
            while (!Thread.currentThread().isInterrupted() && eaten < target) {
                first.holdThroughInterruptsWhile(eatAsTheTalk);
                think.eat();
            }
        } catch (InterruptedException stopped) {
            Thread.currentThread().interrupt();
        }
    }

    /** The arbiter's philosopher: it is at the table from its first request to the waiter. */
    void sitDown() {
        readyNanos = System.nanoTime();
        startNanos = readyNanos;
        started = true;
    }

    /** One meal with both chopsticks granted by the waiter; counted once eaten. */
    void eatServed() throws Exception {
        meal.eat();
        eaten++;
    }

    /** Thinks between two meals, holding no chopstick. */
    void think() throws Exception {
        think.eat();
    }

    int seat() {
        return seat;
    }

    /** Whether it reached its target. */
    boolean full() {
        return eaten >= target;
    }

    /** Meals eaten so far; read it only after the philosopher's thread has ended. */
    int eaten() {
        return eaten;
    }

    /** Whether it reached for its first chopstick at all: a dinner can end before the last thread starts. */
    boolean started() {
        return started;
    }

    /** {@link System#nanoTime()} when its thread began to run, before any start line. */
    long readyNanos() {
        return readyNanos;
    }

    /** {@link System#nanoTime()} when it reached for its first chopstick. */
    long startNanos() {
        return startNanos;
    }

    /** The indexes of the chopsticks it takes, in the order it takes them. */
    int[] chopsticks() {
        return new int[] {first.index, second.index};
    }
}
