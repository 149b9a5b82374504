package org.loomlab.run;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.loomlab.plan.Catalogued;
import org.loomlab.plan.CellPlan;
import org.loomlab.record.Cell;
import org.loomlab.record.RecordJson;

import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class JmhCellTest {

    private static final CellPlan PLAN = new CellPlan(Catalogued.PHILOSOPHERS,
            Map.of("lock", "reentrant", "threads", "virtual", "workload", "noop", "philosophers", "10", "meals", "100"));

    /** The part of JMH's JSON the lab reads: two measured iterations of one fork. */
    private static JsonNode jmh(String secondary) throws Exception {
        return RecordJson.mapper().readTree("""
                {"primaryMetric": {"score": 2.0, "scoreError": 0.5, "scoreConfidence": [1.5, 2.5],
                  "scoreUnit": "ms/op", "rawData": [[1.8, 2.2]]},
                 "secondaryMetrics": {%s}}""".formatted(secondary));
    }

    @Test
    void theMealSpreadIsTheTablesMealsPerWinnerMealOverTheMeasuredIterations() throws Exception {
        Cell cell = JmhCell.fromJmh(PLAN, jmh("""
                "failedMeals": {"rawData": [[0.0, 1.0]]},
                "tableMeals": {"rawData": [[3000.0, 5000.0]]},
                "winnerMeals": {"rawData": [[1000.0, 1000.0]]}"""), 1.0, "jmh/cell-01.json");
        assertThat(cell.mealSpread()).isCloseTo(4.0, within(1e-12));
        assertThat(cell.errors()).isEqualTo(1);
        assertThat(cell.samples()).containsExactly(1.8, 2.2);
    }

    @Test
    void withoutTheCountersThereIsNoSpreadAndNoErrorCount() throws Exception {
        Cell cell = JmhCell.fromJmh(PLAN, jmh(""), 1.0, "jmh/cell-01.json");
        assertThat(cell.mealSpread()).isNull();
        assertThat(cell.errors()).isNull();
    }
}
