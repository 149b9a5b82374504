package org.loomlab.report;

import org.junit.jupiter.api.Test;
import org.loomlab.record.Cell;
import org.loomlab.record.CellStatus;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.loomlab.report.SampleRuns.run;

class JdkComparisonTest {

    private static Cell cell(String lock, String workload, double score, CellStatus status) {
        Map<String, String> params = new LinkedHashMap<>(); // axes in the order a record keeps them
        params.put("lock", lock);
        params.put("workload", workload);
        params.put("meals", "10000");
        return Cell.builder("philosophers", params, "avgt", "ms/op").score(status == CellStatus.OK ? score : null)
                .error(status == CellStatus.OK ? score / 10 : null).status(status)
                .message(status == CellStatus.OK ? null : "why").wallSeconds(1).build();
    }

    @Test
    void putsTheSameCellOfEachJdkOnOneRowAndOnlyTheAxesThatVary() {
        JdkComparison c = new JdkComparison(List.of(
                new JdkComparison.Run("openjdk-21", run("openjdk-21", "21.0.12", List.of(
                        cell("reentrant", "noop", 3.5, CellStatus.OK), cell("synchronized", "file-read", 112, CellStatus.OK)))),
                new JdkComparison.Run("openjdk-25", run("openjdk-25", "25.0.2", List.of(
                        cell("synchronized", "file-read", 87.25, CellStatus.OK), cell("reentrant", "noop", 0, CellStatus.TIMEOUT))))));
        String table = c.tables().get("philosophers (ms/op)");
        assertThat(table.lines()).containsExactly(
                "| lock         | workload  | openjdk-21   | openjdk-25  |",
                "| ------------ | --------- | ------------ | ----------- |",
                "| reentrant    | noop      | 3.50 ± 0.350 | timeout     |",
                "| synchronized | file-read | 112 ± 11.2   | 87.3 ± 8.73 |");
        assertThat(c.jdkTable().replaceAll(" +", " "))
                .contains("| openjdk-25 | 25.0.2 | Debian | 0123456789ab | 2 | 4096 MiB | 30.0 min | 1/2 |");
    }

    @Test
    void aCellMissingOnOneJdkLeavesItsFieldEmpty() {
        JdkComparison c = new JdkComparison(List.of(
                new JdkComparison.Run("a", run("a", "21", List.of(cell("reentrant", "noop", 1, CellStatus.OK),
                        cell("reentrant", "sleep", 1500, CellStatus.OK)))),
                new JdkComparison.Run("b", run("b", "25", List.of(cell("reentrant", "noop", 2, CellStatus.OK))))));
        assertThat(c.tables().get("philosophers (ms/op)").replaceAll(" +", " ")).contains("| sleep | 1,500 ± 150 | |");
    }

    @Test
    void chartsABarPerJdkForEachCellAndLeavesAFailedOneOut() {
        JdkComparison c = new JdkComparison(List.of(
                new JdkComparison.Run("openjdk-21", run("openjdk-21", "21", List.of(cell("reentrant", "noop", 3.5, CellStatus.OK),
                        cell("synchronized", "noop", 4, CellStatus.OK)))),
                new JdkComparison.Run("openjdk-25", run("openjdk-25", "25", List.of(cell("reentrant", "noop", 0, CellStatus.TIMEOUT),
                        cell("synchronized", "noop", 3, CellStatus.OK))))));
        String svg = c.charts().get("philosophers (ms/op)");
        assertThat(svg).contains(">openjdk-21<", ">openjdk-25<", ">reentrant<", ">synchronized<");
        // background, two legend swatches, three bars: the timed-out cell has none
        assertThat(svg.split("<rect ", -1)).hasSize(1 + 1 + 2 + 3);
        JdkComparison zeros = new JdkComparison(List.of(new JdkComparison.Run("a", run("a", "21",
                List.of(cell("reentrant", "noop", 0, CellStatus.OK))))));
        assertThat(zeros.charts()).isEmpty();
        assertThat(zeros.tables()).containsKey("philosophers (ms/op)");
    }

    @Test
    void refusesAMatrixWithoutRuns() {
        assertThatThrownBy(() -> new JdkComparison(List.of())).hasMessageContaining("no JDK with a run record");
    }
}
