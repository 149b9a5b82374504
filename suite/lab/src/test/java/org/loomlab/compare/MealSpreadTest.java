package org.loomlab.compare;

import org.loomlab.report.SampleRuns;

import org.junit.jupiter.api.Test;
import org.loomlab.record.Cell;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.loomlab.report.SampleRuns.forked;

class MealSpreadTest {

    private static final Map<String, String> TABLE = Map.of("workload", "active-wait", "meals", "100");

    @Test
    void eachIterationsSpreadIsItsDinnerOverItsTableMealsAtTheMealsADinner() {
        // 2 ms a dinner of 100 meals at 5 us a table meal: the table ate 400 meals a dinner, 4 per meal of its winner.
        Cell dinner = forked("philosophers", TABLE, "avgt", "ms/op", List.of(List.of(2.0, 3.0), List.of(1.0, 2.0)));
        Cell meal = forked("philosophers", TABLE, Cell.TABLE_MEAL_TIME, "us/meal", List.of(List.of(5.0, 5.0), List.of(10.0, 4.0)));
        List<double[]> forks = MealSpread.forks(dinner, meal).orElseThrow();
        assertThat(forks).hasSize(2);
        assertThat(forks.get(0)).containsExactly(new double[] {4.0, 6.0}, within(1e-12));
        assertThat(forks.get(1)).containsExactly(new double[] {1.0, 5.0}, within(1e-12));
    }

    @Test
    void rowsThatDoNotLineUpGiveNoSpread() {
        Cell dinner = forked("philosophers", TABLE, "avgt", "ms/op", List.of(List.of(2.0, 3.0), List.of(1.0, 2.0)));
        Cell oneForkShort = forked("philosophers", TABLE, Cell.TABLE_MEAL_TIME, "us/meal", List.of(List.of(5.0, 5.0)));
        Cell notAMeal = forked("philosophers", TABLE, "gc.alloc.rate.norm", "B/op", List.of(List.of(5.0, 5.0), List.of(1.0, 1.0)));
        Cell noMeals = forked("philosophers", Map.of("workload", "active-wait"), "avgt", "ms/op",
                List.of(List.of(2.0, 3.0), List.of(1.0, 2.0)));
        Cell meal = forked("philosophers", TABLE, Cell.TABLE_MEAL_TIME, "us/meal", List.of(List.of(5.0, 5.0), List.of(10.0, 4.0)));
        assertThat(MealSpread.forks(dinner, oneForkShort)).isEmpty();
        assertThat(MealSpread.forks(dinner, notAMeal)).isEmpty();
        assertThat(MealSpread.forks(noMeals, meal)).isEmpty();
        assertThat(MealSpread.forks(dinner, null)).isEmpty();
    }
}
