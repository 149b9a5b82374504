package org.loomlab.bench;

import org.junit.jupiter.api.Test;
import org.loomlab.philosophers.Dinner;
import org.loomlab.philosophers.Meal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class MealCountersTest {

    @Test
    void countsNewFailuresTheMealsStartSkewAndStopOfEachDinnerAndStartsEveryIterationAtZero() {
        long[] counted = {0};
        Meal meal = new Meal() {
            @Override
            public void eat() {
            }

            @Override
            public long failures() {
                return counted[0];
            }
        };
        MealCounters iteration = new MealCounters();
        counted[0] = 3;
        // Seat 1 won with 10 meals while the table ate 10 + 4 + 6: a spread of 2.
        iteration.count(new Dinner(1, new int[] {4, 10, 6}, 0, 1_500, 250_000), meal);
        assertThat(iteration.failedMeals).isEqualTo(3);
        assertThat(iteration.tableMeals).isEqualTo(20);
        assertThat(iteration.winnerMeals).isEqualTo(10);
        assertThat(iteration.startSkewMicros).isEqualTo(1.5);
        assertThat(iteration.stopMicros).isEqualTo(250.0);
        iteration.count(new Dinner(0, new int[] {10, 0, 0}, 0, 2_000, 1_000), meal);
        assertThat(iteration.tableMeals).isEqualTo(30);
        assertThat(iteration.winnerMeals).isEqualTo(20);
        assertThat(iteration.startSkewMicros).isEqualTo(3.5);
        assertThat(iteration.stopMicros).isEqualTo(251.0);
        iteration.resetForIteration();
        assertThat(iteration.tableMeals).isZero();
        assertThat(iteration.winnerMeals).isZero();
        assertThat(iteration.startSkewMicros).isZero();
        assertThat(iteration.stopMicros).isZero();
        counted[0] = 5;
        iteration.count(new Dinner(2, new int[] {1, 1, 10}, 0, 0, 0), meal);
        assertThat(iteration.failedMeals).isEqualTo(2);
        assertThat(iteration.tableMeals).isEqualTo(12);
    }

    @Test
    void readsTheForksMemoryPeaksAsAnIterationEnds() {
        MealCounters iteration = new MealCounters();
        iteration.watchMemory();
        try {
            iteration.readMemory();
            assertThat(iteration.peakHeapBytes).isPositive();
            assertThat(iteration.peakRssBytes).isGreaterThanOrEqualTo(iteration.peakHeapBytes / 2);
        } finally {
            iteration.stopWatchingMemory();
        }
    }

    @Test
    void sumsTheSharesOfTheKeptDinnersOnlyOnceTheIterationEndsAndKeepsTheMealsTokens() {
        Meal consuming = new Meal() {
            @Override
            public void eat() {
            }

            @Override
            public long cpuTokens() {
                return 4_321;
            }
        };
        MealCounters iteration = new MealCounters();
        iteration.count(new Dinner(0, new int[] {10, 10, 10, 10}, 0, 0, 0), consuming);
        iteration.count(new Dinner(0, new int[] {10, 0, 0, 0}, 0, 0, 0), consuming);
        assertThat(iteration.cpuTokens).isEqualTo(4_321);
        // nothing sorted inside the measured op
        assertThat(iteration.sharedDinners).isZero();
        iteration.sumShares();
        assertThat(iteration.sharedDinners).isEqualTo(2);
        assertThat(iteration.giniSum).isCloseTo(0.75, within(1e-12));
        assertThat(iteration.minMaxSum).isCloseTo(1.0, within(1e-12));
        iteration.resetForIteration();
        assertThat(iteration.cpuTokens).isZero();
        for (int i = 0; i < MealCounters.SHARES_KEPT + 5; i++) {
            iteration.count(new Dinner(0, new int[] {2, 1}, 0, 0, 0), consuming);
        }
        iteration.sumShares();
        assertThat(iteration.sharedDinners).isEqualTo(MealCounters.SHARES_KEPT);
        assertThat(iteration.minMaxSum).isCloseTo(MealCounters.SHARES_KEPT * 0.5, within(1e-9));
    }
}
