package org.loomlab.compare;

import org.apache.commons.statistics.distribution.TDistribution;
import org.junit.jupiter.api.Test;
import org.loomlab.record.Cell;
import org.loomlab.record.CellKey;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.loomlab.report.SampleRuns.forked;

class VerdictRulesTest {

    private static final VerdictRules HOLM_95 = new VerdictRules(0.95, 0.02, Adjustment.HOLM);

    /** A cell whose forks' means are {@code base} times 1.02^i, i = 0..forks-1: the same log spread at any base. */
    private static Cell cell(String workload, String metric, double base, int forks) {
        List<List<Double>> fs = IntStream.range(0, forks).mapToObj(i -> base * Math.pow(1.02, i))
                .map(m -> List.of(m * 0.99, m, m * 1.01)).toList();
        return forked("philosophers", Map.of("workload", workload), metric, metric.equals(Cell.ALLOCATION) ? "B/op" : "ms/op", fs);
    }

    private static RunDiff.Row judge1(VerdictRules rules, Cell a, Cell b) {
        return rules.judge(List.of(VerdictRules.Pairing.of(a, b)), null).get(0);
    }

    /** The half-width, on the log scale, of a row's interval at its own level, over t at that level: its se. */
    private static double se(RunDiff.Row r, double df) {
        return Math.log(r.ciHigh() / r.ciLow()) / 2 / TDistribution.of(df).inverseSurvivalProbability(0.025);
    }

    /**
     * "Could detect" is t on the row's degrees of freedom at Holm's first step, 0.05 / family size: at 2 forks a side
     * (Welch df 2) that t is far above z, at 11 (df 20) close to it.
     */
    @Test
    void couldDetectUsesTheRowsDegreesOfFreedomAtTheAdjustedLevel() {
        for (int forks : new int[] {2, 11}) {
            double df = 2 * (forks - 1); // equal spreads and counts: Welch's df is the pooled one
            List<VerdictRules.Pairing> family = new ArrayList<>();
            for (int i = 0; i < 5; i++) {
                family.add(VerdictRules.Pairing.of(cell("w" + i, "avgt", 100, forks), cell("w" + i, "avgt", 103, forks)));
            }
            RunDiff.Row r = HOLM_95.judge(family, null).get(0);
            double se = se(r, df);
            double t = TDistribution.of(df).inverseSurvivalProbability(0.05 / 5 / 2);
            assertThat(r.detectable()).as("df %s", df).isCloseTo(1.02 * Math.exp(t * se) - 1, within(1e-9));
            double z = 2.5758; // 0.005 each side: what a z at the same level would say
            assertThat(r.detectable() / (1.02 * Math.exp(z * se) - 1)).as("df %s", df)
                    .isGreaterThan(df == 2 ? 2.5 : 1.0).isLessThan(df == 2 ? 20 : 1.3);
        }
    }

    /** Rows that can never be called stay out of Holm's family and keep their raw p; the callable row is adjusted alone. */
    @Test
    void rowsThatCanNeverBeCalledAreNotInTheFamily() {
        List<VerdictRules.Pairing> pairs = new ArrayList<>();
        pairs.add(VerdictRules.Pairing.of(cell("moved", "avgt", 100, 5), cell("moved", "avgt", 110, 5)));
        for (int i = 0; i < 5; i++) { // one fork a side
            pairs.add(VerdictRules.Pairing.of(cell("one" + i, "avgt", 100, 1), cell("one" + i, "avgt", 150, 1)));
        }
        for (int i = 0; i < 3; i++) { // every sample the same number
            Cell same = forked("philosophers", Map.of("workload", "same" + i), "count", "count",
                    List.of(List.of(3.0, 3.0), List.of(3.0, 3.0)));
            pairs.add(VerdictRules.Pairing.of(same, same));
        }
        List<RunDiff.Row> rows = HOLM_95.judge(pairs, null);
        assertThat(rows.get(0).pAdjusted()).isEqualTo(rows.get(0).pValue());
        assertThat(rows.get(0).verdict()).isEqualTo(Verdict.SLOWER);
        assertThat(rows.stream().filter(RunDiff.Row::callable)).hasSize(1);
        rows.subList(1, rows.size()).forEach(r -> assertThat(r.pAdjusted()).isEqualTo(r.pValue()));
    }

    /** Allocation is an amount: the host's time-fitted factor and tau² leave its interval as measured. */
    @Test
    void allocationRowsAreNotWidened() {
        RunToRun host = new RunToRun(2.5, 10, List.of(), Map.of(), Map.of(), Map.of("philosophers", 0.01), Map.of());
        for (RunToRun rule : List.of(RunToRun.given(2.5), host)) {
            VerdictRules apart = HOLM_95.withRunToRun(rule);
            RunDiff.Row bytes = judge1(apart, cell("w", Cell.ALLOCATION, 100, 4), cell("w", Cell.ALLOCATION, 101, 4));
            RunDiff.Row plain = judge1(HOLM_95, cell("w", Cell.ALLOCATION, 100, 4), cell("w", Cell.ALLOCATION, 101, 4));
            assertThat(bytes.ciLow()).isEqualTo(plain.ciLow());
            assertThat(bytes.ciHigh()).isEqualTo(plain.ciHigh());
            RunDiff.Row time = judge1(apart, cell("w", "avgt", 100, 4), cell("w", "avgt", 101, 4));
            RunDiff.Row timePlain = judge1(HOLM_95, cell("w", "avgt", 100, 4), cell("w", "avgt", 101, 4));
            assertThat(Math.log(time.ciHigh() / time.ciLow())).isGreaterThan(Math.log(timePlain.ciHigh() / timePlain.ciLow()));
        }
    }

    /**
     * A row with a tau² gets se² = forks' + 2 tau² on the forks' df, not the factor; when the runs' term is over half of
     * it, the row says more runs would narrow it.
     */
    @Test
    void aCellsRunVarianceReplacesTheFactor() {
        Cell a = cell("w", "avgt", 100, 4);
        Cell b = cell("w", "avgt", 101, 4);
        double df = 6;
        double forksSe = se(judge1(HOLM_95, a, b), df);
        double tau2 = 0.0004;
        RunToRun host = new RunToRun(2.5, 10, List.of(), Map.of(), Map.of(RunToRun.label(CellKey.of(b)), tau2),
                Map.of("philosophers", 0.5), Map.of());
        RunDiff.Row r = judge1(HOLM_95.withRunToRun(host), a, b);
        assertThat(se(r, df)).isCloseTo(Math.sqrt(forksSe * forksSe + 2 * tau2), within(1e-12));
        assertThat(2 * tau2).isGreaterThan(forksSe * forksSe); // the runs' term is over half the variance
        assertThat(r.note()).contains(VerdictRules.RUNS_NOT_FORKS);
        // Cells of one run that took turns need no allowance; the factor alone widens as before.
        RunDiff.Row given = judge1(HOLM_95.withRunToRun(RunToRun.given(2.5)), a, b);
        assertThat(se(given, df)).isCloseTo(2.5 * forksSe, within(1e-12));
        assertThat(given.note()).doesNotContain(VerdictRules.RUNS_NOT_FORKS);
        RunDiff.Row turns = HOLM_95.withRunToRun(host).judge(List.of(new VerdictRules.Pairing(CellKey.of(b), a, b, false)),
                null).get(0);
        assertThat(se(turns, df)).isCloseTo(forksSe, within(1e-12));
    }

    private static final VerdictRules IN_ROUNDS = HOLM_95.inRounds();

    /** Six rounds of a machine that slows by 15 % a round; B is A plus 5 % (within ±0.4 %) in every round. */
    private static List<List<List<Double>>> driftingLanes() {
        double[] wobble = {1.004, 0.997, 1.002, 0.999, 1.001, 0.998};
        List<List<Double>> a = new ArrayList<>();
        List<List<Double>> b = new ArrayList<>();
        for (int r = 0; r < 6; r++) {
            double drift = Math.pow(1.15, r);
            a.add(List.of(100 * drift, 100 * drift));
            b.add(List.of(105 * drift * wobble[r], 105 * drift * wobble[r]));
        }
        return List.of(a, b);
    }

    /**
     * A fork that measured nothing mid-run (its samples NaN, as a record keeps them) used to be filtered out and every
     * later fork of its lane paired with the other lane's next round: 1.05 read as about 0.9 with a wide interval. Paired
     * on rounds, that round is dropped from both lanes and said so; the other five rounds pair as they ran.
     */
    @Test
    void aForkMissingMidRunNoLongerShiftsTheLaterPairs() {
        List<List<List<Double>>> lanes = driftingLanes();
        List<List<Double>> a = new ArrayList<>(lanes.get(0));
        a.set(2, List.of(Double.NaN, Double.NaN));
        Cell laneA = forked("philosophers", Map.of("workload", "noop"), "avgt", "ms/op", a);
        Cell laneB = forked("philosophers", Map.of("workload", "noop"), "avgt", "ms/op", lanes.get(1));
        RunDiff.Row row = judge1(IN_ROUNDS, laneA, laneB);
        assertThat(row.method()).isEqualTo(Ratio.Method.PAIRED);
        assertThat(row.ratio()).isCloseTo(1.05, within(0.003));
        assertThat(row.ciLow()).isGreaterThan(1.04);
        assertThat(row.ciHigh()).isLessThan(1.06);
        assertThat(row.verdict()).isEqualTo(Verdict.SLOWER);
        assertThat(row.roundsDropped()).isEqualTo(1);
        assertThat(row.note()).contains("1 round dropped: missing or empty in a lane");

        // Recorded as schema 3 does, without the empty fork and with the rounds said, it pairs alike.
        List<List<Double>> kept = new ArrayList<>(lanes.get(0));
        kept.remove(2);
        Cell rounds = forked("philosophers", Map.of("workload", "noop"), "avgt", "ms/op", kept).inRounds(List.of(1, 2, 4, 5, 6));
        RunDiff.Row same = judge1(IN_ROUNDS, rounds, laneB);
        assertThat(same.ratio()).isCloseTo(row.ratio(), within(1e-12));
        assertThat(same.roundsDropped()).isEqualTo(1);
    }

    /** Lanes with every round: nothing dropped, nothing said, the row as it always was. */
    @Test
    void lanesWithEveryRoundDropNoneAndSayNothingOfIt() {
        List<List<List<Double>>> lanes = driftingLanes();
        RunDiff.Row row = judge1(IN_ROUNDS, forked("philosophers", Map.of("workload", "noop"), "avgt", "ms/op", lanes.get(0)),
                forked("philosophers", Map.of("workload", "noop"), "avgt", "ms/op", lanes.get(1)));
        assertThat(row.roundsDropped()).isNull();
        assertThat(row.note()).doesNotContain("dropped");
        assertThat(row.ratio()).isCloseTo(1.05, within(0.003));
    }

    /** Rounds whose B/A is the same every time stay paired: a zero-width interval, called and said to be degenerate. */
    @Test
    void aPairedRowWithoutSpreadStaysPairedAndSaysItsIntervalHasNoWidth() {
        List<List<Double>> a = List.of(List.of(48.0), List.of(48.0), List.of(64.0), List.of(64.0));
        List<List<Double>> b = List.of(List.of(56.0), List.of(56.0), List.of(56.0 * 4 / 3), List.of(56.0 * 4 / 3));
        RunDiff.Row row = judge1(IN_ROUNDS, forked("x", Map.of(), "avgt", "ms/op", a), forked("x", Map.of(), "avgt", "ms/op", b));
        assertThat(row.method()).isEqualTo(Ratio.Method.PAIRED);
        assertThat(row.ciLow()).isEqualTo(row.ciHigh()).isCloseTo(56.0 / 48, within(1e-12));
        assertThat(row.note()).contains(VerdictRules.ROUNDS_ALIKE);
        assertThat(row.verdict()).isEqualTo(Verdict.SLOWER);
    }

    /** A count of 0 has no log: the row gets no ratio and says why, on either side and paired or not. */
    @Test
    void aZeroCountGivesARowWithoutARatioThatSaysWhy() {
        Cell zero = forked("service", Map.of(), "errors", "count", List.of(List.of(0.0), List.of(2.0)));
        Cell some = forked("service", Map.of(), "errors", "count", List.of(List.of(1.0), List.of(3.0)));
        for (VerdictRules rules : List.of(HOLM_95, IN_ROUNDS)) {
            RunDiff.Row row = judge1(rules, zero, some);
            assertThat(row.ratio()).isNull();
            assertThat(row.verdict()).isEqualTo(Verdict.INCONCLUSIVE);
            assertThat(row.note()).isEqualTo("no ratio: A has a value of 0; a ratio needs values above 0");
        }
        assertThat(judge1(HOLM_95, some, zero).note()).startsWith("no ratio: B has a value of 0");
    }
}
