package org.loomlab.run;

import org.junit.jupiter.api.Test;
import org.loomlab.plan.Catalogued;
import org.loomlab.plan.CellPlan;
import org.loomlab.plan.Policy;
import org.loomlab.plan.Profile;
import org.loomlab.record.Cell;
import org.loomlab.record.ForkMemory;
import org.loomlab.record.RecordJson;
import tools.jackson.databind.JsonNode;

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
    void mealSharesAreTheMeansOverTheSummedDinnersAndCpuTokensTheIterationsMean() throws Exception {
        Cell cell = JmhCell.fromJmh(PLAN, jmh("""
                "sharedDinners": {"rawData": [[3.0, 1.0]]},
                "giniSum": {"rawData": [[0.9, 0.3]]},
                "minMaxSum": {"rawData": [[1.5, 0.5]]},
                "cpuTokens": {"rawData": [[4000.0, 4002.0]]}"""), 1.0, "jmh/cell-01.json");
        assertThat(cell.mealShares().gini()).isCloseTo(0.3, within(1e-12));
        assertThat(cell.mealShares().minMaxRatio()).isCloseTo(0.5, within(1e-12));
        assertThat(cell.cpuTokens()).isEqualTo(4001L);
    }

    @Test
    void aForksMemoryIsItsLastPeaks() throws Exception {
        Cell cell = JmhCell.fromJmh(PLAN, jmh("""
                "peakHeapBytes": {"rawData": [[1.0E8, 1.5E8]]},
                "peakRssBytes": {"rawData": [[4.0E8, 4.2E8]]}"""), 1.0, "jmh/cell-01.json");
        assertThat(cell.forkMemory()).containsExactly(new ForkMemory(150_000_000L, 420_000_000L));
    }

    @Test
    void withoutTheCountersThereIsNoSpreadAndNoErrorCount() throws Exception {
        Cell cell = JmhCell.fromJmh(PLAN, jmh(""), 1.0, "jmh/cell-01.json");
        assertThat(cell.mealSpread()).isNull();
        assertThat(cell.errors()).isNull();
        assertThat(cell.mealShares()).isNull();
        assertThat(cell.cpuTokens()).isNull();
        assertThat(cell.forkMemory()).isNull();
    }

    @Test
    void aWorkloadThatBurnsNoTokensRecordsNone() throws Exception {
        Cell cell = JmhCell.fromJmh(PLAN, jmh("""
                "cpuTokens": {"rawData": [[0.0, 0.0]]}"""), 1.0, "jmh/cell-01.json");
        assertThat(cell.cpuTokens()).isNull();
    }

    @Test
    void aCellsCollectorFlagGoesToTheMeasuredJvmsBeforeTheLabsOwnProperties() throws Exception {
        CellPlan z = new CellPlan(Catalogued.PHILOSOPHERS, Map.of("lock", "reentrant", "threads", "virtual",
                "workload", "noop", "philosophers", "10", "meals", "100", "gc", "z"));
        JmhCell runner = new JmhCell(new CellJvm(java.nio.file.Path.of("/jdk/bin/java"), java.nio.file.Path.of("b.jar"),
                java.util.List.of(), Profile.SMOKE, Policy.of(Profile.SMOKE), java.time.Duration.ofSeconds(5), null, null));
        java.util.List<String> command = runner.command(z, java.nio.file.Path.of("/r/jmh/cell-01.json"));
        assertThat(command.get(command.indexOf("-jvmArgsAppend") + 1)).startsWith("-XX:+UseZGC ");
        assertThat(command).contains("gc=z");
    }

    /**
     * JMH's own JSON of a real fork run with {@code -prof gc}: reentrant + virtual noop dinner of 10 philosophers x 100
     * meals, two measured iterations (made with the benchmarks jar, see the resource's name).
     */
    private static JsonNode realProfGc() throws Exception {
        try (var in = JmhCellTest.class.getResourceAsStream("/jmh/philosophers-prof-gc.json")) {
            return RecordJson.mapper().readTree(in).get(0);
        }
    }

    @Test
    void aForkRunWithProfGcGivesItsAllocationPerDinnerAsACellOfItsOwn() throws Exception {
        JsonNode real = realProfGc();
        Cell time = JmhCell.fromJmh(PLAN, real, 1.0, "jmh/cell-01");
        Cell alloc = JmhCell.allocation(PLAN, real, 1.0, "jmh/cell-01").orElseThrow();

        assertThat(alloc.experiment()).isEqualTo(time.experiment());
        assertThat(alloc.params()).isEqualTo(time.params());
        assertThat(alloc.metric()).isEqualTo("gc.alloc.rate.norm");
        assertThat(alloc.unit()).isEqualTo("B/op");
        assertThat(alloc.samples()).hasSameSizeAs(time.samples()).allMatch(v -> v > 0);
        JsonNode raw = real.at("/secondaryMetrics/gc.alloc.rate.norm/rawData/0");
        for (int i = 0; i < raw.size(); i++) {
            assertThat(alloc.samples().get(i)).isEqualTo(raw.get(i).asDouble());
        }
        assertThat(alloc.score()).isEqualTo(real.at("/secondaryMetrics/gc.alloc.rate.norm/score").asDouble());
        assertThat(alloc.rawFile()).isEqualTo("jmh/cell-01");
        // The time keeps what it had: the allocation is not folded into it.
        assertThat(time.metric()).isEqualTo("avgt");
        assertThat(time.unit()).isEqualTo("ms/op");
        assertThat(time.forkMemory()).hasSize(1);
    }

    @Test
    void anEarlierForkOfAToppedUpCellReadsBackAsItsForkDidFromTheJsonItKept(@org.junit.jupiter.api.io.TempDir
                                                                              java.nio.file.Path dir) throws Exception {
        java.nio.file.Path kept = dir.resolve("fork-2.json");
        try (var in = JmhCellTest.class.getResourceAsStream("/jmh/philosophers-prof-gc.json")) {
            java.nio.file.Files.copy(in, kept);
        }
        JsonNode real = realProfGc();
        java.util.List<Cell> read = JmhCell.earlierFork(PLAN, kept, 4.0, "jmh/cell-01");
        assertThat(read).containsExactly(JmhCell.fromJmh(PLAN, real, 4.0, "jmh/cell-01"),
                JmhCell.allocation(PLAN, real, 4.0, "jmh/cell-01").orElseThrow(),
                JmhCell.tableMealTime(PLAN, real, 4.0, "jmh/cell-01").orElseThrow());
        java.nio.file.Files.writeString(kept, "");
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> JmhCell.earlierFork(PLAN, kept, 4.0, "jmh/cell-01"))
                .hasMessageStartingWith("--top-up: " + kept + " holds no JMH result");
    }

    @Test
    void aForkWhoseJvmCouldNotCountAllocationHasOnlyItsTime() throws Exception {
        assertThat(JmhCell.allocation(PLAN, jmh(""), 1.0, "jmh/cell-01")).isEmpty();
        assertThat(JmhCell.allocation(PLAN, jmh("""
                "gc.alloc.rate.norm": {"score": "NaN", "scoreUnit": "B/op", "rawData": [["NaN", "NaN"]]}"""),
                1.0, "jmh/cell-01")).isEmpty();
    }

    @Test
    void theTimePerTableMealIsEachIterationsDinnersOverTheMealsItsTablesAte() throws Exception {
        // Iteration 1: 1.8 ms a dinner, 2 dinners of 100 winner meals, 500 table meals: 1.8 * 2 / 500 ms = 7.2 us.
        // Iteration 2: 2.2 ms a dinner, 1 dinner, 400 table meals: 2.2 / 400 ms = 5.5 us.
        Cell meal = JmhCell.tableMealTime(PLAN, jmh("""
                "tableMeals": {"rawData": [[500.0, 400.0]]},
                "winnerMeals": {"rawData": [[200.0, 100.0]]}"""), 1.0, "jmh/cell-01").orElseThrow();
        assertThat(meal.metric()).isEqualTo(Cell.TABLE_MEAL_TIME);
        assertThat(meal.unit()).isEqualTo("us/meal");
        assertThat(meal.samples()).satisfiesExactly(
                first -> assertThat(first).isCloseTo(7.2, within(1e-9)),
                second -> assertThat(second).isCloseTo(5.5, within(1e-9)));
        assertThat(meal.score()).isCloseTo(6.35, within(1e-9));
        assertThat(meal.params()).isEqualTo(PLAN.params());
    }

    @Test
    void aRealForksTimePerTableMealIsItsDinnerTimeOverItsMealSpread() throws Exception {
        JsonNode real = realProfGc();
        Cell time = JmhCell.fromJmh(PLAN, real, 1.0, "jmh/cell-01");
        Cell meal = JmhCell.tableMealTime(PLAN, real, 1.0, "jmh/cell-01").orElseThrow();
        JsonNode table = real.at("/secondaryMetrics/tableMeals/rawData/0");
        JsonNode winners = real.at("/secondaryMetrics/winnerMeals/rawData/0");
        assertThat(meal.samples()).hasSameSizeAs(time.samples());
        for (int i = 0; i < time.samples().size(); i++) {
            double spread = table.get(i).asDouble() / winners.get(i).asDouble();
            // A dinner's time is its winner's 100 meals times the spread, each at the time per table meal.
            assertThat(meal.samples().get(i) * 100 * spread / 1000).isCloseTo(time.samples().get(i), within(1e-12));
        }
    }

    @Test
    void withoutTheCountersOrAMealCountThereIsNoTimePerTableMeal() throws Exception {
        assertThat(JmhCell.tableMealTime(PLAN, jmh(""), 1.0, "jmh/cell-01")).isEmpty();
        String counters = """
                "tableMeals": {"rawData": [[500.0, 0.0]]},
                "winnerMeals": {"rawData": [[200.0, 100.0]]}""";
        assertThat(JmhCell.tableMealTime(PLAN, jmh(counters), 1.0, "jmh/cell-01")).as("a table that ate nothing").isEmpty();
        CellPlan noMeals = new CellPlan(Catalogued.PHILOSOPHERS, Map.of("lock", "reentrant", "threads", "virtual",
                "workload", "noop", "philosophers", "10"));
        assertThat(JmhCell.tableMealTime(noMeals, jmh(counters.replace("0.0]]", "300.0]]")), 1.0, "jmh/cell-01")).isEmpty();
    }
}
