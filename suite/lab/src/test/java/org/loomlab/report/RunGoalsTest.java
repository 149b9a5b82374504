package org.loomlab.report;

import org.loomlab.compare.Reach;

import org.junit.jupiter.api.Test;
import org.loomlab.record.Cell;
import org.loomlab.record.CellStatus;
import org.loomlab.record.Precision;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class RunGoalsTest {

    private static Cell philosophers(String workload, double wall, int forks, Double halfWidth, Double spread,
                                     Double sampleSpread) {
        return Cell.builder("philosophers", Map.of("workload", workload), "avgt", "ms/op").score(100.0).wallSeconds(wall)
                .precision(new Precision(0.95, 0.05, halfWidth, forks, 2, 1, 40, halfWidth == null || halfWidth > 0.05,
                        spread, "t", null, 3.0, sampleSpread, null)).build();
    }

    @Test
    void eachGoalTakesItsCheapestCellsAndTheRestCostWhatTheyCost() {
        Cell reached = philosophers("noop", 20, 3, 0.03, 0.012, null);
        Cell alsoReached = philosophers("sleep", 15, 3, 0.02, 0.008, null);
        Cell spread = philosophers("active-wait", 30, 3, 0.27, 0.11, null);
        Cell oneFork = philosophers("http-client", 25, 1, 0.9, null, 0.188);
        Cell killed = Cell.unmeasured("philosophers", Map.of("workload", "http-jdk"), "avgt", "ms/op", CellStatus.TIMEOUT,
                "killed", 120, null);
        RunGoals goals = RunGoals.of(List.of(reached, alsoReached, spread, oneFork, killed), 0.05);

        // ±5 % on 80 %: the four cheapest of five (the one-fork cell's floor, about 30 forks of 25 s, is left out);
        // ±10 % on 95 %: all five. The spread cell counts at its dearer goal, the one-fork cell at its ±10 % floor.
        double expected = 20 + 15 + Reach.forksFor(0.11, 0.05, 0.95) * 10.0
                + Reach.forksFor(0.188 / Math.sqrt(2), 0.10, 0.95) * 25.0 + 2 * 120;
        assertThat(goals.seconds()).isCloseTo(expected, within(1e-6));
        assertThat(goals.spent()).isEqualTo(210.0);
        assertThat(goals.floors()).isEqualTo(2);
        assertThat(goals.unpriced()).isZero();
        assertThat(goals.line()).startsWith("The run's goals at these spreads (±5 % on 80 % of the philosophers cells, "
                + "±10 % on 95 % of all cells) take about ").contains("this run spent 3m30s")
                .contains("2 of the cells counted had under two forks and count at their floors, so it may take more");
    }

    @Test
    void aFailedCellCannotStandForAGoal() {
        Cell failed = Cell.unmeasured("philosophers", Map.of("workload", "noop"), "avgt", "ms/op", CellStatus.FAILED,
                "exit 1", 3, null);
        RunGoals goals = RunGoals.of(List.of(failed, philosophers("sleep", 15, 3, 0.02, 0.008, null)), 0.05);
        // 80 % of two cells is two, and so is 95 %: each goal needs the failed cell, which nothing prices.
        assertThat(goals.unpriced()).isEqualTo(1);
        assertThat(goals.line()).endsWith("1 cell the goals need failed, and nothing prices it.");
    }
}
