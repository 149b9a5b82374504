package org.loomlab.philosophers;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.time.Duration;
import java.util.Arrays;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.IntFunction;
import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;

/** The arbiter's dinner: a waiter grants both chopsticks at once, and the meals are tasks on a pool. */
class WaiterTest {

    /** {@code n} philosophers who each eat {@code seat -> meal} and think {@code seat -> thought}, up to {@code meals}. */
    private static Philosopher[] seat(int n, int meals, IntFunction<Meal> meal, IntFunction<Meal> thought) {
        return IntStream.range(0, n).mapToObj(i -> new Philosopher(i, Chopstick.monitor(i), Chopstick.monitor((i + 1) % n),
                meal.apply(i), thought.apply(i), meals, value -> { })).toArray(Philosopher[]::new);
    }

    private static Dinner serve(Philosopher[] seated, LockKind lock, ThreadKind threads) throws Exception {
        return new Waiter(seated, lock, threads.taskPool()).serve();
    }

    @ParameterizedTest(name = "{0} x {1}")
    @MethodSource("org.loomlab.philosophers.TableTest#locksAndThreads")
    @Timeout(120)
    void aDinnerCompletesWithEveryMealEatenCountedAndNoDeadlock(LockKind lock, ThreadKind threads) throws Exception {
        for (int n : new int[] {2, 5, 100}) {
            LongAdder served = new LongAdder();
            Meal meal = served::increment;
            Dinner dinner = new Table(n, lock, threads, meal).servedAs(DinnerKind.ARBITER).dine(2_000);
            assertThat(dinner.eaten()[dinner.winner()]).as("winner of %d", n).isEqualTo(2_000);
            assertThat(Arrays.stream(dinner.eaten()).max().orElseThrow()).isEqualTo(2_000);
            // Every meal the waiter served was eaten and counted to its seat, none twice.
            assertThat(dinner.totalMeals()).as("meals of %d", n).isEqualTo(served.sum());
            assertThat(dinner.stillRunning()).isZero();
        }
    }

    @ParameterizedTest(name = "{0} x {1}")
    @MethodSource("org.loomlab.philosophers.TableTest#locksAndThreads")
    @Timeout(60)
    void neighboursNeverEatAtTheSameTime(LockKind lock, ThreadKind threads) throws Exception {
        int n = 7;
        int[] eating = new int[n];
        boolean[] clash = new boolean[1];
        Philosopher[] seated = seat(n, 50, i -> () -> {
            synchronized (eating) {
                if (eating[(i + 1) % n] > 0 || eating[(i + n - 1) % n] > 0) {
                    clash[0] = true;
                }
                eating[i]++;
            }
            try {
                Thread.sleep(0, 20_000);
            } finally {
                synchronized (eating) {
                    eating[i]--;
                }
            }
        }, i -> () -> { });
        Dinner dinner = serve(seated, lock, threads);
        assertThat(clash[0]).isFalse();
        assertThat(dinner.eaten()[dinner.winner()]).isEqualTo(50);
    }

    @ParameterizedTest(name = "{0} x {1}")
    @MethodSource("org.loomlab.philosophers.TableTest#locksAndThreads")
    @Timeout(60)
    void aPhilosopherWhoseMealFailsLeavesAndTheOthersFinish(LockKind lock, ThreadKind threads) throws Exception {
        Philosopher[] seated = seat(5, 50, i -> i == 3 ? () -> {
            throw new IllegalStateException("the soup is cold");
        } : () -> { }, i -> () -> { });
        Dinner dinner = serve(seated, lock, threads);
        assertThat(dinner.winner()).isNotEqualTo(3);
        assertThat(dinner.eaten()[dinner.winner()]).isEqualTo(50);
        assertThat(dinner.eaten()[3]).isZero();
        assertThat(dinner.stillRunning()).isZero();
    }

    @Test
    @Timeout(60)
    void theWinnerStopsPhilosophersMidThought() throws Exception {
        // Seats far from 0 think for 10 s after every meal: the dinner ends within seconds only if the winner's stop
        // interrupts them. Virtual threads only: a ForkJoinPool's few workers, asleep in thought, would serve no one.
        int n = 50;
        Philosopher[] seated = seat(n, 20, i -> () -> { }, i -> i > 2 && i < n - 2 ? () -> Thread.sleep(10_000) : () -> { });
        long start = System.nanoTime();
        Dinner dinner = serve(seated, LockKind.REENTRANT, ThreadKind.VIRTUAL);
        long took = System.nanoTime() - start;
        assertThat(Duration.ofNanos(took)).isLessThan(Duration.ofSeconds(9));
        assertThat(dinner.eaten()[dinner.winner()]).isEqualTo(20);
        assertThat(dinner.stopNanos()).isPositive().isLessThan(took);
        assertThat(Arrays.stream(dinner.eaten(), 3, n - 2).max().orElseThrow()).isLessThan(20);
        assertThat(dinner.stillRunning()).isZero();
    }
}
