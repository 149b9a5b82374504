package org.loomlab.compare;

import org.junit.jupiter.api.Test;
import org.loomlab.record.Cell;
import org.loomlab.record.CellKey;
import org.loomlab.record.RecordJson;
import org.loomlab.record.RunRecord;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.loomlab.report.SampleRuns.forked;
import static org.loomlab.report.SampleRuns.run;

class RunToRunTest {

    private static Map<String, String> params(int cell) {
        Map<String, String> params = new LinkedHashMap<>();
        params.put("workload", "w" + cell);
        return params;
    }

    /**
     * One run of {@code cells} cells: each run moves every cell's log mean by its own N(0, tau) and each fork by
     * N(0, forkSd) about that; a fork's three samples are 1 % apart around its mean, so its log mean is what was drawn.
     */
    private static RunRecord aaRun(Random random, String experiment, int cells, double tau, double forkSd, int forks) {
        List<Cell> out = new ArrayList<>();
        for (int c = 0; c < cells; c++) {
            double runShift = tau * random.nextGaussian();
            List<List<Double>> fs = new ArrayList<>();
            for (int f = 0; f < forks; f++) {
                double m = 100 * (c + 1) * Math.exp(runShift + forkSd * random.nextGaussian());
                fs.add(List.of(m * 0.99, m, m * 1.01));
            }
            out.add(forked(experiment, params(c), "avgt", "ms/op", fs));
        }
        return run("openjdk-25", "25.0.3", out);
    }

    /** A/A pairs whose runs move by a known SD of 5 % a cell: the pooled tau² finds 0.0025 back. */
    @Test
    void aSyntheticAaWithAKnownRunVarianceGivesItBack() {
        Random random = new Random(7);
        double tau = 0.05;
        List<RunToRun.Pair> pairs = new ArrayList<>();
        for (int i = 0; i < 200; i++) {
            pairs.add(new RunToRun.Pair("a" + i, aaRun(random, "philosophers", 10, tau, 0.02, 4), "b" + i,
                    aaRun(random, "philosophers", 10, tau, 0.02, 4)));
        }
        RunToRun r = RunToRun.estimate(pairs);
        assertThat(r.experimentVariance().get("philosophers")).isCloseTo(tau * tau, within(0.1 * tau * tau));
        assertThat(r.experimentPairs().get("philosophers")).isEqualTo(2000);
        assertThat(r.cellVariance()).hasSize(10);
        // 200 pairs a cell outweigh the experiment's 3: each cell's is near the truth too.
        r.cellVariance().values().forEach(v -> assertThat(v).isCloseTo(tau * tau, within(0.35 * tau * tau)));
    }

    /** Runs that move no more than their forks: tau² near 0, never negative. */
    @Test
    void runsThatMoveOnlyAsTheirForksHaveNoRunVariance() {
        Random random = new Random(3);
        List<RunToRun.Pair> pairs = new ArrayList<>();
        for (int i = 0; i < 50; i++) {
            pairs.add(new RunToRun.Pair("a" + i, aaRun(random, "coroutines", 10, 0, 0.03, 3), "b" + i,
                    aaRun(random, "coroutines", 10, 0, 0.03, 3)));
        }
        RunToRun r = RunToRun.estimate(pairs);
        assertThat(r.experimentVariance().get("coroutines")).isBetween(0.0, 0.0002);
        r.cellVariance().values().forEach(v -> assertThat(v).isGreaterThanOrEqualTo(0));
    }

    /** A cell of two pairs is (2 raw + 3 pooled) / 5, its raw floored at 0. */
    @Test
    void aCellsRunVarianceIsShrunkTowardItsExperimentsWithTheWeightOfThreePairs() {
        Random random = new Random(11);
        List<RunToRun.Pair> pairs = new ArrayList<>();
        for (int i = 0; i < 2; i++) {
            pairs.add(new RunToRun.Pair("a" + i, aaRun(random, "philosophers", 10, 0.05, 0.02, 3), "b" + i,
                    aaRun(random, "philosophers", 10, 0.05, 0.02, 3)));
        }
        RunToRun r = RunToRun.estimate(pairs);
        double pooled = r.experimentVariance().get("philosophers");
        CellKey key = CellKey.of(pairs.get(0).a().results().get(4));
        double raw = 0;
        for (RunToRun.Pair p : pairs) {
            raw += RunToRun.excess(VerdictRules.forks(p.a().results().get(4)), VerdictRules.forks(p.b().results().get(4))) / 2;
        }
        assertThat(r.runVariance(key)).isCloseTo((2 * Math.max(0, raw) + 3 * pooled) / 5, within(1e-15));
    }

    /** A calibration written before the run variance still reads: the factor alone, for every cell. */
    @Test
    void anOlderCalibrationReadsAsItsFactorAlone() throws Exception {
        RunToRun old = RecordJson.mapper().readValue("{\"factor\": 2.5, \"cells\": 30, \"runs\": [\"a\", \"b\"], \"z\": {}}",
                RunToRun.class);
        assertThat(old.factor()).isEqualTo(2.5);
        assertThat(old.cellVariance()).isEmpty();
        assertThat(old.runVariance(new CellKey("philosophers", Map.of(), "avgt", "ms/op"))).isNull();
        assertThat(old.describe()).contains("widened x2.50");
    }

    @Test
    void allocationHasNoRunVariance() {
        RunToRun r = new RunToRun(2.5, 10, List.of(), Map.of(), Map.of(), Map.of("philosophers", 0.01), Map.of());
        assertThat(r.runVariance(new CellKey("philosophers", Map.of(), "avgt", "ms/op"))).isEqualTo(0.01);
        assertThat(r.runVariance(new CellKey("philosophers", Map.of(), Cell.ALLOCATION, "B/op"))).isNull();
    }
}
