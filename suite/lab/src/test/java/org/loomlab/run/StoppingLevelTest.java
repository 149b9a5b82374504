package org.loomlab.run;

import org.junit.jupiter.api.Test;
import org.loomlab.compare.Ratio;
import org.loomlab.compare.RunDiff;
import org.loomlab.compare.VerdictRules;
import org.loomlab.plan.ForkShape;
import org.loomlab.plan.Policy;
import org.loomlab.record.Cell;
import org.loomlab.record.RunRecord;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.DoubleSupplier;

import static org.assertj.core.api.Assertions.assertThat;
import static org.loomlab.report.SampleRuns.run;

/**
 * The whole loop of a comparison, simulated where the truth is known: two lanes of one JDK (an A/A), many cells, each
 * run by the real {@link ForkLoop} under a change to call ({@code --detect 10%}), the cells that cannot call it yet
 * topped up once as a top-up would, and every cell judged by the real diff ({@link RunDiff}, paired round by round). No
 * cell changed, so every row with p <= 0.05 is a false positive, and their share is the rule's real level.
 *
 * <p>Each round moves both lanes alike (the host's drift, which pairing cancels); each lane's fork adds its own noise,
 * normal or heavy-tailed (t with 3 degrees of freedom, scaled to the same sd); cells differ in how far their forks spread
 * (1.5 % to 8 % a fork), so some stop after the pilot and some run to the fork limit. Seeded: the rates are fixed numbers.
 */
class StoppingLevelTest {

    private static final int CELLS = 10_000;
    private static final double[] FORK_SD = {0.015, 0.03, 0.05, 0.08};
    private static final Policy DETECT = new Policy(0.95, null, 3, 40, Duration.ofHours(1)).withDetect(0.10, 30);

    /** Each lane's record: every cell through the loop under {@code rule}, the short ones topped up once. */
    private static List<RunRecord> aa(StoppingRule.Kind rule, boolean heavy, long seed) throws Exception {
        Random random = new Random(seed);
        List<Cell> a = new ArrayList<>();
        List<Cell> b = new ArrayList<>();
        for (int i = 0; i < CELLS; i++) {
            double sd = FORK_SD[i % FORK_SD.length];
            DoubleSupplier noise = heavy ? () -> sd * studentT3(random) : () -> sd * random.nextGaussian();
            Map<String, String> params = Map.of("cell", String.valueOf(i));
            double[] round = new double[DETECT.maxForks() + 1];
            for (int k = 1; k < round.length; k++) {
                round[k] = 0.05 * random.nextGaussian();
            }
            List<ForkLoop.Fork> lanes = List.of(k -> fork(params, round[k] + noise.getAsDouble()),
                    k -> fork(params, round[k] + noise.getAsDouble()));
            ForkLoop.Turns turns = new ForkLoop.Turns(null, "", true);
            List<List<Cell>> first = loop(rule).runInterleaved(lanes, List.of("a", "b"), nulls(), turns);
            List<List<Cell>> cells = short_(first) ? topUp(rule, lanes, turns, first) : first;
            a.add(cells.get(0).get(0));
            b.add(cells.get(1).get(0));
        }
        return List.of(run("a", "25.0.3", a), run("b", "25.0.3", b));
    }

    /** Whether the first session's ratio cannot call the change yet, and rounds are left: what a top-up takes. */
    private static boolean short_(List<List<Cell>> lanes) {
        Cell a = lanes.get(0).get(0);
        Cell b = lanes.get(1).get(0);
        Ratio r = Ratio.paired(forks(a), forks(b), DETECT.detect().confidence(0.95, 1), a.precision().pilotLeftOut());
        return a.precision().forks() < DETECT.maxForks() && !(r.bounded() && Math.exp(r.logHalfWidth()) - 1 <= DETECT.target());
    }

    /** The lanes carried on from the rounds they have, as {@code --top-up} does. */
    private static List<List<Cell>> topUp(StoppingRule.Kind rule, List<ForkLoop.Fork> lanes, ForkLoop.Turns turns,
                                          List<List<Cell>> first) throws Exception {
        List<ForkLoop.Earlier> earlier = first.stream().map(cells -> new ForkLoop.Earlier(
                cells.get(0).forks().stream().map(f -> List.of(fork(cells.get(0), f))).toList(), 1,
                cells.get(0).precision().pilotLeftOut())).toList();
        return loop(rule).runInterleaved(lanes, List.of("a", "b"), nulls(), turns, earlier);
    }

    private static ForkLoop loop(StoppingRule.Kind rule) {
        return new ForkLoop(DETECT, null, rule, new ForkShape(1, 0, Duration.ZERO), null, System::nanoTime, s -> { });
    }

    private static List<ForkLoop.Usual> nulls() {
        return java.util.Arrays.asList(null, null);
    }

    private static List<Cell> fork(Map<String, String> params, double log) {
        double score = 100 * Math.exp(log);
        return List.of(Cell.builder("sim", params, "avgt", "ms/op").score(score).samples(List.of(score)).wallSeconds(1)
                .build());
    }

    private static Cell fork(Cell pooled, List<Double> samples) {
        return Cell.builder("sim", pooled.params(), "avgt", "ms/op").score(samples.get(0)).samples(samples).wallSeconds(1)
                .build();
    }

    private static List<double[]> forks(Cell c) {
        return c.forks().stream().map(f -> f.stream().mapToDouble(Double::doubleValue).toArray()).toList();
    }

    /** A t with 3 degrees of freedom scaled to unit variance (its variance is 3). */
    private static double studentT3(Random random) {
        double chi = 0;
        for (int i = 0; i < 3; i++) {
            double z = random.nextGaussian();
            chi += z * z;
        }
        return random.nextGaussian() / Math.sqrt(chi / 3) / Math.sqrt(3);
    }

    /** The share of rows the diff gives an unadjusted p of 5 % or less. */
    private static double falsePositives(List<RunRecord> lanes) {
        List<RunDiff.Row> rows = RunDiff.of("a", lanes.get(0), "b", lanes.get(1), VerdictRules.defaults().inRounds(), false)
                .rows();
        assertThat(rows).hasSize(CELLS).allMatch(r -> r.method() == Ratio.Method.PAIRED);
        double rate = rows.stream().filter(r -> r.pValue() <= 0.05).count() / (double) CELLS;
        System.out.printf(java.util.Locale.ROOT, "false positives at 5 %%: %.2f %% of %d cells%n", 100 * rate, CELLS);
        return rate;
    }

    @Test
    void theTwoStageRuleKeepsItsLevelOnNormalForks() throws Exception {
        assertThat(falsePositives(aa(StoppingRule.Kind.TWO_STAGE, false, 55))).isBetween(0.04, 0.06);
    }

    @Test
    void theTwoStageRuleKeepsItsLevelOnHeavyTailedForks() throws Exception {
        assertThat(falsePositives(aa(StoppingRule.Kind.TWO_STAGE, true, 56))).isBetween(0.04, 0.06);
    }

    /** The rule it replaced, on the same forks: stopping when the spread came out small loses the level. */
    @Test
    void stoppingOnTheSpreadAfterEveryRoundDoesNot() throws Exception {
        assertThat(falsePositives(aa(StoppingRule.Kind.SEQUENTIAL, false, 55))).isGreaterThan(0.06);
    }
}
