package org.loomlab.philosophers;

import java.util.concurrent.Callable;

/**
 * Eats until it has had its target of meals, taking its lower-numbered chopstick first. It answers
 * an interrupt between meals, so a dinner can stop everyone once one philosopher is done.
 */
final class Philosopher implements Callable<Integer> {

    private final int seat;
    private final int target;
    private final Chopstick first;
    private final Chopstick.Section eat;
    private final Meal think;
    private int eaten;

    Philosopher(int seat, Chopstick left, Chopstick right, Meal meal, Meal think, int target) {
        this.seat = seat;
        this.target = target;
        this.first = left.index < right.index ? left : right;
        Chopstick second = first == left ? right : left;
        Chopstick.Section withSecond = meal::eat;
        this.eat = () -> second.holdWhile(withSecond);
        this.think = think;
    }

    /** Returns its seat once it reached its target; throws InterruptedException when stopped first. */
    @Override
    public Integer call() throws Exception {
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

    /** Meals eaten so far; read it only after the philosopher's thread has ended. */
    int eaten() {
        return eaten;
    }
}
