package org.loomlab.bench;

import org.junit.jupiter.api.Test;
import org.loomlab.philosophers.Dinner;
import org.loomlab.philosophers.Meal;

import static org.assertj.core.api.Assertions.assertThat;

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
}
