package org.loomlab.cli;

import org.junit.jupiter.api.Test;
import org.loomlab.record.Cell;
import org.loomlab.record.RunRecord;
import org.loomlab.record.VarianceComponents;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.loomlab.report.SampleRuns.forked;
import static org.loomlab.report.SampleRuns.run;

class ComponentsCommandTest {

    /** Fork means e^1, e^2, e^3, iterations e^(mean ± 0.25): a JVM share of 94 %, later iterations faster in none. */
    private static Cell cell(String workload, double shift) {
        List<List<Double>> logs = List.of(List.of(0.75, 1.25), List.of(1.75, 2.25), List.of(2.75, 3.25));
        return forked("philosophers", Map.of("workload", workload), "avgt", "ms/op",
                logs.stream().map(f -> f.stream().map(x -> Math.exp(x + shift)).toList()).toList());
    }

    @Test
    void twoRunsOfACellPoolToOneRowWithItsShareAndTheSummarySaysIt() {
        RunRecord first = run("openjdk-25", "25.0.2", List.of(cell("noop", 0), cell("sleep", 0)));
        RunRecord second = run("openjdk-25", "25.0.2", List.of(cell("noop", 5), cell("sleep", 0)));
        String md = ComponentsCommand.markdown(List.of("a/run.json", "b/run.json"), List.of(first, second),
                "philosophers", false);
        assertThat(md).contains("pooled over 2 run records:").contains("- a/run.json").contains("- b/run.json");
        List<String> rows = md.lines().filter(l -> l.startsWith("| openjdk-25")).toList();
        assertThat(rows).hasSize(2);
        // A second run shifted by e^5 is run-to-run, not JVM-to-JVM: the share is the one run's.
        assertThat(rows.get(0)).contains("| noop ").contains("| 94 % ").contains("| 6     |");
        assertThat(md).contains("- openjdk-25: 2 cells; JVM share under 20 % in 0 (0 of them truncated at 0), median JVM "
                + "share 94 %; a warm-up trend at |t| >= 2 in 0");
        assertThat(ComponentsCommand.markdown(List.of("a"), List.of(first), "service", false)).doesNotContain("| openjdk-25");
    }

    @Test
    void roundsToCallTenPercentShrinkWithTheForkMeansVariance() {
        VarianceComponents wide = VarianceComponents.of(List.of(List.of(0.0, 0.1), List.of(0.3, 0.2), List.of(-0.2, -0.1)));
        VarianceComponents narrow = VarianceComponents.of(List.of(List.of(0.0, 0.01), List.of(0.03, 0.02),
                List.of(-0.02, -0.01)));
        assertThat(ComponentsCommand.roundsToCall(narrow)).isLessThan(ComponentsCommand.roundsToCall(wide));
        assertThat(ComponentsCommand.roundsToCall(narrow)).isGreaterThanOrEqualTo(2);
    }

    @Test
    void anIterationIsTheWholeOperationsThatFillItsTime() {
        Cell dinners = cell("noop", 0).toBuilder().samples(List.of(300.0, 300.0)).build(); // 0.3 s a dinner
        assertThat(ComponentsCommand.iterationSeconds(1.0, dinners)).isEqualTo(1.2, org.assertj.core.api.Assertions.within(1e-9));
        Cell long_ = dinners.toBuilder().samples(List.of(4000.0)).build();
        assertThat(ComponentsCommand.iterationSeconds(1.0, long_)).isEqualTo(4.0, org.assertj.core.api.Assertions.within(1e-9));
        assertThat(ComponentsCommand.iterationSeconds(null, dinners)).isNull();
    }
}
