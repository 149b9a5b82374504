package org.loomlab.report;

import org.loomlab.compare.Reach;

import org.loomlab.text.Figures;

import org.junit.jupiter.api.Test;
import org.loomlab.record.Cell;
import org.loomlab.record.CellStatus;
import org.loomlab.record.Precision;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.loomlab.report.SampleRuns.run;

class PrecisionTableTest {

    private static Cell cell(String executor, Double halfWidth, int forks, boolean exhausted) {
        return Cell.builder("service", Map.of("executor", executor), "throughput", "req/s").score(100.0).wallSeconds(10)
                .precision(new Precision(0.95, 0.05, halfWidth, forks, 1, 1, 15, exhausted, null, "t")).build();
    }

    @Test
    void aCellCutToOneForkByItsBudgetCountsAsSpentThoughItHasNoInterval() {
        String table = PrecisionTable.markdown(run("openjdk-25", "25.0.2", List.of(
                cell("pool-1", 0.02, 3, false),      // reached
                cell("pool-n", 0.30, 3, true),       // budget spent, an interval
                cell("virtual", null, 1, true))));   // budget spent on one fork: no interval
        String service = table.lines().filter(l -> l.startsWith("| service")).findFirst().orElseThrow();
        assertThat(service.split("\\|")).extracting(String::strip)
                .containsSubsequence("service", "3", "1 (33 %)", "1 (33 %)", "2", "0");
    }

    @Test
    void aCellThatMissedWithASpreadSaysWhatItsForksWouldTakeToReachTheTarget() {
        // Three forks in 30 s spreading 11 %: about 21 forks of 10 s reach ±5 % at 95 %.
        Cell missed = Cell.builder("service", Map.of("executor", "pool-n"), "throughput", "req/s").score(100.0)
                .wallSeconds(30).precision(new Precision(0.95, 0.05, 0.27, 3, 1, 1, 30, true, 0.11, "t")).build();
        int forks = Reach.forksFor(0.11, 0.05, 0.95);
        assertThat(forks).isBetween(18, 24);
        String table = PrecisionTable.markdown(run("openjdk-25", "25.0.2", List.of(missed, cell("pool-1", 0.02, 3, false))));
        String service = table.lines().filter(l -> l.startsWith("| service")).findFirst().orElseThrow();
        String[] columns = service.split("\\|");
        assertThat(columns[columns.length - 2].strip())
                .isEqualTo("1 cell: " + Figures.clock(java.time.Duration.ofSeconds(forks * 10L)));
    }

    @Test
    void cellsUnderTwoForksSayWhatTheTargetTakesAtTheLeast() {
        // A 25 s dinner that filled its share with one sample (no spread seen), and a fork killed at its 2 min limit:
        // an interval over forks takes two of each at the least.
        Cell single = cell("virtual", 0.9, 1, true).withStatus(CellStatus.OK, "one fork", 25, "jmh/cell-01");
        Cell killed = Cell.unmeasured("service", Map.of("executor", "pool-1"), "throughput", "req/s", CellStatus.TIMEOUT,
                "exceeded the fork timeout of 2m", 120, null);
        String table = PrecisionTable.markdown(run("openjdk-25", "25.0.2", List.of(single, killed, cell("pool-n", 0.02, 3, false))));
        String service = table.lines().filter(l -> l.startsWith("| service")).findFirst().orElseThrow();
        String[] columns = service.split("\\|");
        assertThat(columns[columns.length - 1].strip()).isEqualTo("2 cells: " + Figures.clock(java.time.Duration.ofSeconds(290)));
        assertThat(table).contains("The run's goals at these spreads (±10 % on 95 % of all cells)");
    }

    @Test
    void anOlderOneForkCellWhoseIterationsAgreedIsNeitherReachedNorLeftUncounted() {
        // Before 2026-11-25 a cell cut to one fork kept its own iterations' half-width and was not flagged.
        String table = PrecisionTable.markdown(run("temurin-25", "25.0.3", List.of(cell("virtual", 0.003, 1, false))));
        String service = table.lines().filter(l -> l.startsWith("| service")).findFirst().orElseThrow();
        assertThat(service.split("\\|")).extracting(String::strip)
                .containsSubsequence("service", "1", "0 (0 %)", "0 (0 %)", "1", "0", "n/a");
    }

    @Test
    void aJvmShareColumnOnlyWhereCellsSplitTheirVariance() {
        String without = PrecisionTable.markdown(run("openjdk-25", "25.0.2", List.of(cell("pool-1", 0.02, 3, false))));
        assertThat(without).doesNotContain("JVM share");
        // Fork means 1, 2, 3 with iterations ±0.25 on the log scale: the JVM share of a fork mean's variance is 0.9375.
        org.loomlab.record.VarianceComponents split = org.loomlab.record.VarianceComponents.of(
                List.of(List.of(0.75, 1.25), List.of(1.75, 2.25), List.of(2.75, 3.25)));
        String with = PrecisionTable.markdown(run("openjdk-25", "25.0.2", List.of(cell("pool-1", 0.02, 3, false)
                .withComponents(split), cell("pool-n", 0.02, 3, false))));
        assertThat(with.lines().findFirst().orElseThrow()).matches(".*\\| JVM share +\\|");
        String service = with.lines().filter(l -> l.startsWith("| service")).findFirst().orElseThrow();
        assertThat(service).matches(".*\\| 94 % +\\|");
        assertThat(with.lines().filter(l -> l.startsWith("| all")).findFirst().orElseThrow()).matches(".*\\| 94 % +\\|");
    }
}
