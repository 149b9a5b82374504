package org.loomlab.bench;

import org.junit.jupiter.api.Test;
import org.loomlab.philosophers.Meal;

import static org.assertj.core.api.Assertions.assertThat;

class FailedMealsTest {

    @Test
    void countsOnlyNewFailuresAndStartsEveryIterationAtZero() {
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
        FailedMeals iteration = new FailedMeals();
        counted[0] = 3;
        iteration.countSince(meal);
        assertThat(iteration.failedMeals).isEqualTo(3);
        iteration.resetForIteration();
        counted[0] = 5;
        iteration.countSince(meal);
        assertThat(iteration.failedMeals).isEqualTo(2);
    }
}
