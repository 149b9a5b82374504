package org.loomlab.philosophers;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.LongConsumer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class DinnerKindTest {

    private static final LongConsumer NO_SINK = value -> { };

    @Test
    void talkSeatsHoldTheirOwnChopstickAndTheOneBelowAndTakeTheLowerFirst() {
        Philosopher[] talk = new Table(5, LockKind.REENTRANT, ThreadKind.VIRTUAL, () -> { })
                .servedAs(DinnerKind.TALK).seat(1, NO_SINK);
        assertThat(Arrays.stream(talk).map(Philosopher::chopsticks))
                .containsExactly(new int[] {0, 4}, new int[] {0, 1}, new int[] {1, 2}, new int[] {2, 3}, new int[] {3, 4});
        Philosopher[] lab = new Table(5, LockKind.REENTRANT, ThreadKind.VIRTUAL, () -> { }).seat(1, NO_SINK);
        assertThat(Arrays.stream(lab).map(Philosopher::chopsticks))
                .containsExactly(new int[] {0, 1}, new int[] {1, 2}, new int[] {2, 3}, new int[] {3, 4}, new int[] {0, 4});
    }

    @ParameterizedTest(name = "{0} x {1}")
    @MethodSource("org.loomlab.philosophers.TableTest#locksAndThreads")
    void talkWinnerAteExactlyTheMealsAndNoOneMore(LockKind lock, ThreadKind threads) throws Exception {
        for (int n : new int[] {5, 50}) {
            Dinner dinner = new Table(n, lock, threads, Workload.NOOP.prepare(Kitchen.local()))
                    .servedAs(DinnerKind.TALK).dine(500);
            assertThat(dinner.eaten()[dinner.winner()]).as("winner of %d", n).isEqualTo(500);
            // Stopped philosophers may still get their chopsticks and eat once more, never past the meals.
            assertThat(Arrays.stream(dinner.eaten()).max().orElseThrow()).isEqualTo(500);
            assertThat(dinner.stillRunning()).as("threads alive after dinner at %d", n).isZero();
        }
    }

    @ParameterizedTest(name = "{0} x {1}")
    @MethodSource("org.loomlab.philosophers.TableTest#locksAndThreads")
    void talkDinnerLetsNobodyEatBeforeEveryPhilosopherIsAtTheTable(LockKind lock, ThreadKind threads) throws Exception {
        int n = 50;
        AtomicLong firstMeal = new AtomicLong();
        Meal meal = () -> firstMeal.compareAndSet(0, System.nanoTime());
        Table table = new Table(n, lock, threads, meal).servedAs(DinnerKind.TALK);
        Philosopher[] seated = table.seat(20, NO_SINK);
        table.serve(seated);
        long lastReady = Arrays.stream(seated).mapToLong(Philosopher::readyNanos).max().orElseThrow();
        long firstStart = Arrays.stream(seated).mapToLong(Philosopher::startNanos).min().orElseThrow();
        // The barrier orders every arrival before every departure: this holds on any machine, however loaded.
        assertThat(seated).allSatisfy(p -> assertThat(p.started()).isTrue());
        assertThat(lastReady).isLessThanOrEqualTo(firstStart).isLessThanOrEqualTo(firstMeal.get());
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(DinnerKind.class)
    void startSkewIsTheSpreadOfTheStartsOfThePhilosophersWhoStarted(DinnerKind kind) throws Exception {
        Table table = new Table(50, LockKind.REENTRANT, ThreadKind.PLATFORM, () -> Thread.sleep(0, 20_000)).servedAs(kind);
        Philosopher[] seated = table.seat(20, NO_SINK);
        Dinner dinner = table.serve(seated);
        long[] starts = Arrays.stream(seated).filter(Philosopher::started).mapToLong(Philosopher::startNanos).toArray();
        assertThat(starts).isNotEmpty();
        assertThat(dinner.startSkewNanos())
                .isEqualTo(Arrays.stream(starts).max().orElseThrow() - Arrays.stream(starts).min().orElseThrow())
                .isNotNegative();
    }

    @Test
    void talkMealsHandEachMealsIndexToTheSink() throws Exception {
        LongAdder sunk = new LongAdder();
        List<Long> indexes = new ArrayList<>();
        Meal noop = Workload.NOOP.prepare(Kitchen.local());
        noop.eat(7, indexes::add);
        assertThat(indexes).containsExactly(7L);
        Dinner dinner = new Table(5, LockKind.SYNCHRONIZED, ThreadKind.VIRTUAL, noop).servedAs(DinnerKind.TALK)
                .dine(200, value -> sunk.increment());
        assertThat(sunk.sum()).isEqualTo(dinner.totalMeals());
        LongAdder labSunk = new LongAdder();
        new Table(5, LockKind.SYNCHRONIZED, ThreadKind.VIRTUAL, noop).dine(200, value -> labSunk.increment());
        assertThat(labSunk.sum()).as("the lab's meals sink nothing").isZero();
    }

    @Test
    void talkActiveWaitSpinsTheMealTimeAndSinksItsLastClockReadAndTheIndex() throws Exception {
        Duration time = Duration.ofMillis(2);
        Meal meal = Workload.ACTIVE_WAIT.prepare(Kitchen.local().withMealTime(time));
        List<Long> sunk = new ArrayList<>();
        long start = System.nanoTime();
        meal.eat(3, sunk::add);
        assertThat(sunk).hasSize(2);
        assertThat(sunk.get(1)).isEqualTo(3L);
        assertThat(sunk.get(0) - start).isGreaterThanOrEqualTo(time.toNanos());
        long labStart = System.nanoTime();
        meal.eat();
        assertThat(System.nanoTime() - labStart).isGreaterThanOrEqualTo(time.toNanos());
    }

    @Test
    void sleepTakesTheKitchensMealTime() throws Exception {
        Duration time = Duration.ofMillis(20);
        Meal meal = Workload.SLEEP.prepare(Kitchen.local().withMealTime(time));
        List<Long> sunk = new ArrayList<>();
        long start = System.nanoTime();
        meal.eat(4, sunk::add);
        assertThat(System.nanoTime() - start).isGreaterThanOrEqualTo(time.toNanos());
        assertThat(sunk).containsExactly(4L);
    }

    @Test
    void mealTimeIsMicrosecondsToTheNanosecondAndAboveZero() {
        assertThat(Workload.mealTime("16")).isEqualTo(Duration.ofNanos(16_000));
        assertThat(Workload.mealTime("16.8")).isEqualTo(Duration.ofNanos(16_800));
        assertThat(Workload.mealTime("0.001")).isEqualTo(Duration.ofNanos(1));
        for (String bad : new String[] {"0", "-16", "0.0004", "abc", "", "1e30"}) {
            assertThatThrownBy(() -> Workload.mealTime(bad)).as(bad).isInstanceOf(IllegalArgumentException.class)
                    .hasMessage("mealtime must be a number of microseconds > 0 (at least 0.001), e.g. 16 or 16.8, got '"
                            + bad + "'");
        }
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(DinnerKind.class)
    @Timeout(60)
    void aDinnerWhoseEveryPhilosopherFailsFailsWithTheMealsError(DinnerKind kind) {
        Meal meal = () -> {
            throw new IllegalStateException("the soup is cold");
        };
        assertThatThrownBy(() -> new Table(5, LockKind.REENTRANT, ThreadKind.VIRTUAL, meal).servedAs(kind).dine(10))
                .isInstanceOf(ExecutionException.class).hasRootCauseMessage("the soup is cold");
    }

    @ParameterizedTest(name = "{0}")
    // The meal reads its seat from its thread's name: the arbiter's meals run on a pool's (WaiterTest has its own).
    @EnumSource(value = DinnerKind.class, names = "ARBITER", mode = EnumSource.Mode.EXCLUDE)
    @Timeout(60)
    void oneFailingPhilosopherLeavesTheOthersToFinishTheDinner(DinnerKind kind) throws Exception {
        Meal meal = () -> {
            if (Thread.currentThread().getName().equals("philosopher-3")) {
                throw new IllegalStateException("the soup is cold");
            }
        };
        Dinner dinner = new Table(5, LockKind.REENTRANT, ThreadKind.VIRTUAL, meal).servedAs(kind).dine(50);
        assertThat(dinner.winner()).isNotEqualTo(3);
        assertThat(dinner.eaten()[dinner.winner()]).isEqualTo(50);
        assertThat(dinner.stillRunning()).isZero();
    }
}
