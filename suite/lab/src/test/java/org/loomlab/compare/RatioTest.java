package org.loomlab.compare;

import org.apache.commons.statistics.descriptive.Mean;
import org.apache.commons.statistics.descriptive.Variance;
import org.apache.commons.statistics.distribution.TDistribution;
import org.apache.commons.statistics.inference.DataDispersion;
import org.apache.commons.statistics.inference.TTest;
import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

class RatioTest {

    private static final double[] A = {10.0, 10.4, 9.8, 10.1, 10.6, 9.9, 10.2};

    private static double[] times(double[] v, double f) {
        return Arrays.stream(v).map(x -> x * f).toArray();
    }

    @Test
    void twiceAsLargeIsARatioOfTwoWithABoundedInterval() {
        Ratio r = Ratio.samples(A, times(A, 2), 0.95);
        assertThat(r.estimate()).isCloseTo(2.0, within(1e-9));
        assertThat(r.bounded()).isTrue();
        assertThat(r.low()).isGreaterThan(1.8).isLessThan(2.0);
        assertThat(r.high()).isGreaterThan(2.0).isLessThan(2.2);
        assertThat(r.pValue()).isLessThan(0.001);
        // The same data the other way round: the reciprocal ratio and interval.
        Ratio back = Ratio.samples(times(A, 2), A, 0.95);
        assertThat(back.estimate()).isCloseTo(0.5, within(1e-9));
        assertThat(back.low()).isCloseTo(1 / r.high(), within(1e-9));
    }

    @Test
    void overSamplesTheIntervalIsTheExactOneOfTheRankTest() {
        // 3 against 3, fully separated: the exact two-sided p is 2/20 = 0.1, so a 90 % interval is
        // the smallest to the largest pairwise ratio, and 95 % cannot be reached.
        double[] a = {1.0, 1.1, 1.2};
        double[] b = {2.0, 2.4, 3.0};
        Ratio r90 = Ratio.samples(a, b, 0.90);
        assertThat(r90.pValue()).isCloseTo(0.1, within(1e-12));
        assertThat(r90.low()).isCloseTo(2.0 / 1.2, within(1e-9));
        assertThat(r90.high()).isCloseTo(3.0 / 1.0, within(1e-9));
        Ratio r95 = Ratio.samples(a, b, 0.95);
        assertThat(r95.bounded()).isFalse();
        assertThat(r95.low()).isZero();
        assertThat(r95.high()).isInfinite();
    }

    @Test
    void widerConfidenceWidensTheInterval() {
        double[] b = {10.5, 11.2, 10.0, 10.9, 11.4, 10.3, 10.8};
        Ratio r80 = Ratio.samples(A, b, 0.80);
        Ratio r99 = Ratio.samples(A, b, 0.99);
        assertThat(r99.low()).isLessThan(r80.low());
        assertThat(r99.high()).isGreaterThan(r80.high());
        assertThat(r80.low()).isLessThanOrEqualTo(r80.estimate());
        assertThat(r80.high()).isGreaterThanOrEqualTo(r80.estimate());
    }

    @Test
    void needsPositiveSamples() {
        assertThatThrownBy(() -> Ratio.samples(new double[] {0, 1}, A, 0.95))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("positive");
        assertThatThrownBy(() -> Ratio.samples(new double[0], A, 0.95)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void verdictFollowsTheUnitsDirectionAndTheNoiseBand() {
        Ratio twice = Ratio.samples(A, times(A, 2), 0.95);
        assertThat(Verdict.of(twice, 0.02, "ms/op")).isEqualTo(Verdict.SLOWER);
        assertThat(Verdict.of(twice, 0.02, "ops/s")).isEqualTo(Verdict.FASTER);
        assertThat(Verdict.of(twice, 0.02, "MB")).isEqualTo(Verdict.MORE);
        assertThat(Verdict.of(Ratio.samples(A, times(A, 0.5), 0.95), 0.02, "threads")).isEqualTo(Verdict.LESS);
        assertThat(Verdict.of(twice, 1.5, "ms/op")).isEqualTo(Verdict.SAME);
        assertThat(Verdict.of(new Ratio(1.01, 0.97, 1.05, 0.4, Ratio.Method.FORKS), 0.02, "ms")).isEqualTo(Verdict.INCONCLUSIVE);
        assertThat(Verdict.of(new Ratio(1.0, 0.99, 1.01, 0.9, Ratio.Method.FORKS), 0.02, "ms")).isEqualTo(Verdict.SAME);
        assertThat(Verdict.of(new Ratio(2.0, 0, Double.POSITIVE_INFINITY, 0.1, Ratio.Method.SAMPLES), 0.02, "ms")).isEqualTo(Verdict.INCONCLUSIVE);
        assertThat(Verdict.SLOWER.worse()).isTrue();
        assertThat(Verdict.MORE.worse()).isTrue();
        assertThat(Verdict.FASTER.worse()).isFalse();
    }

    @Test
    void bytesPerOperationAreAnAmountNotATime() {
        Ratio twice = Ratio.samples(A, times(A, 2), 0.95);
        assertThat(Verdict.of(twice, 0.02, "B/op")).isEqualTo(Verdict.MORE);
        assertThat(Verdict.of(Ratio.samples(A, times(A, 0.5), 0.95), 0.02, "B/op")).isEqualTo(Verdict.LESS);
        assertThat(Verdict.of(twice, 0.02, "allocs/op")).isEqualTo(Verdict.MORE);
        for (String time : List.of("s/op", "ms/op", "us/op", "ns/op", "ms", "s", "us/meal")) {
            assertThat(Verdict.of(twice, 0.02, time)).as(time).isEqualTo(Verdict.SLOWER);
        }
        assertThat(Verdict.isTime("B/op")).isFalse();
        assertThat(Verdict.isTime("MB/sec")).isFalse();
        assertThat(Verdict.isTime("ms/op")).isTrue();
    }

    @Test
    void withTwoForksASideEachForkCountsOnceThroughItsMean() {
        // Fork means 10, 12 against 11, 13.2: B/A = exp(mean log B - mean log A), a Welch t interval on the logs.
        List<double[]> a = List.of(new double[] {9.9, 10.0, 10.1}, new double[] {11.9, 12.0, 12.1});
        List<double[]> b = List.of(new double[] {10.9, 11.0, 11.1}, new double[] {13.1, 13.2, 13.3});
        Ratio r = Ratio.of(a, b, 0.95);
        assertThat(r.method()).isEqualTo(Ratio.Method.FORKS);
        double[] la = {Math.log(10), Math.log(12)};
        double[] lb = {Math.log(11), Math.log(13.2)};
        assertThat(r.estimate()).isCloseTo(1.1, within(1e-9));
        // Equal variances and sizes: Welch's df is 2 (n - 1 per side, summed), its half-width t * sqrt(va/2 + vb/2).
        double se = Math.sqrt(Variance.of(la).getAsDouble() / 2 + Variance.of(lb).getAsDouble() / 2);
        double half = TDistribution.of(2).inverseSurvivalProbability(0.025) * se;
        double shift = Mean.of(lb).getAsDouble() - Mean.of(la).getAsDouble();
        assertThat(r.low()).isCloseTo(Math.exp(shift - half), within(1e-9));
        assertThat(r.high()).isCloseTo(Math.exp(shift + half), within(1e-9));
        // The forks differ by 20 % within a side, so a 10 % shift is far from decided with two forks.
        assertThat(r.pValue()).isGreaterThan(0.3);
        assertThat(r.low()).isLessThan(1);
    }

    @Test
    void oneForkOnASideFallsBackToItsSamples() {
        Ratio r = Ratio.of(List.of(A), List.of(times(A, 2), times(A, 2.1)), 0.95);
        assertThat(r.method()).isEqualTo(Ratio.Method.SAMPLES);
        assertThat(r.bounded()).isTrue();
    }

    @Test
    void forksWithoutSpreadAreRankedNotDividedByZero() {
        // Thread counts: every fork the same number. A t would be infinite; the exact rank test over
        // 2 forks against 2 cannot go below 2/6, so nothing is decided.
        List<double[]> a = List.of(new double[] {22, 22}, new double[] {22, 22});
        List<double[]> b = List.of(new double[] {23, 23}, new double[] {23, 23});
        Ratio r = Ratio.of(a, b, 0.95);
        assertThat(r.method()).isEqualTo(Ratio.Method.FORK_RANKS);
        assertThat(r.pValue()).isCloseTo(2.0 / 6, within(1e-12));
        assertThat(r.bounded()).isFalse();
    }

    @Test
    void pairedRoundsCancelADriftThatBothLanesSaw() {
        // Every round the machine is slower by 15 % than the round before; B is A plus 5 % in every round.
        List<double[]> a = new java.util.ArrayList<>();
        List<double[]> b = new java.util.ArrayList<>();
        double[] wobble = {1.004, 0.997, 1.002, 0.999, 1.001, 0.998};
        for (int r = 0; r < 6; r++) {
            double drift = Math.pow(1.15, r);
            a.add(new double[] {100 * drift, 100 * drift});
            b.add(new double[] {105 * drift * wobble[r], 105 * drift * wobble[r]});
        }
        Ratio paired = Ratio.paired(a, b, 0.95);
        assertThat(paired.method()).isEqualTo(Ratio.Method.PAIRED);
        assertThat(paired.estimate()).isCloseTo(1.05, within(0.002));
        assertThat(paired.low()).isGreaterThan(1.04);
        assertThat(paired.high()).isLessThan(1.06);
        assertThat(paired.pValue()).isLessThan(1e-6);
        // Unpaired, the drift is between-fork spread: the same data cannot tell 1.05 from 1.
        Ratio welch = Ratio.of(a, b, 0.95);
        assertThat(welch.low()).isLessThan(1.0);
        assertThat(welch.high()).isGreaterThan(1.05);
    }

    @Test
    void pairedIsAPairedTOverTheRoundsLogRatios() {
        // Log ratios 0.1, 0.2, 0.3: mean 0.2, sd 0.1, t(2, 0.975) = 4.3027.
        List<double[]> a = List.of(new double[] {1}, new double[] {2}, new double[] {3});
        List<double[]> b = List.of(new double[] {Math.exp(0.1)}, new double[] {2 * Math.exp(0.2)}, new double[] {3 * Math.exp(0.3)});
        Ratio r = Ratio.paired(a, b, 0.95);
        double half = 4.302652729911275 * 0.1 / Math.sqrt(3);
        assertThat(r.estimate()).isCloseTo(Math.exp(0.2), within(1e-12));
        assertThat(r.low()).isCloseTo(Math.exp(0.2 - half), within(1e-9));
        assertThat(r.high()).isCloseTo(Math.exp(0.2 + half), within(1e-9));
        // t = 0.2 / (0.1 / sqrt 3) = 3.464 on 2 df: two-sided p = 0.0742.
        assertThat(r.pValue()).isCloseTo(0.0742, within(0.0005));
    }

    @Test
    void oneRoundOrAnUnevenCountPairsOnlyTheRoundsBothRan() {
        Ratio one = Ratio.paired(List.of(new double[] {10, 11, 12}), List.of(new double[] {20, 21, 22}), 0.95);
        assertThat(one.method()).as("one round: nothing to pair, the samples decide").isEqualTo(Ratio.Method.SAMPLES);
        List<double[]> a = List.of(new double[] {1}, new double[] {2}, new double[] {3}, new double[] {4});
        List<double[]> b = List.of(new double[] {1.1}, new double[] {2.3}, new double[] {3.2});
        Ratio uneven = Ratio.paired(a, b, 0.95);
        assertThat(uneven).isEqualTo(Ratio.paired(a.subList(0, 3), b, 0.95));
    }

    /** A run whose forks' means lie 1 % either side of exp(level): its value, the mean of its forks' log means, is level. */
    private static List<double[]> run(double level) {
        return List.of(new double[] {Math.exp(level - 0.01)}, new double[] {Math.exp(level + 0.01)});
    }

    @Test
    void overRunsIsAWelchTOverTheRunsMeanLogForkMeans() {
        // Run values 0, 0.1, 0.2 (mean 0.1, variance 0.01) against 0.3, 0.4, 0.8 (mean 0.5, variance 0.07).
        List<List<double[]>> a = List.of(run(0), run(0.1), run(0.2));
        List<List<double[]>> b = List.of(run(0.3), run(0.4), run(0.8));
        Ratio r = Ratio.overRuns(a, b, 0.95, 2.5, 0.04);
        assertThat(r.method()).isEqualTo(Ratio.Method.RUNS);
        // By hand: se² = 0.01/3 + 0.07/3 = 0.08/3; Welch-Satterthwaite df = se⁴ / ((0.01/3)²/2 + (0.07/3)²/2) = 2.56.
        double se = Math.sqrt(0.08 / 3);
        double df = Math.pow(0.08 / 3, 2) / (Math.pow(0.01 / 3, 2) / 2 + Math.pow(0.07 / 3, 2) / 2);
        assertThat(df).isCloseTo(2.56, within(1e-9));
        assertThat(r.df()).isCloseTo(df, within(1e-9));
        assertThat(r.logSe()).isCloseTo(se, within(1e-12));
        assertThat(r.estimate()).isCloseTo(Math.exp(0.4), within(1e-12));
        double half = TDistribution.of(df).inverseSurvivalProbability(0.025) * se;
        assertThat(r.low()).isCloseTo(Math.exp(0.4 - half), within(1e-9));
        assertThat(r.high()).isCloseTo(Math.exp(0.4 + half), within(1e-9));
        // t = 0.4 / se = 2.449 on 2.56 df, and Commons Statistics' Welch test on the run values says the same.
        assertThat(r.pValue()).isCloseTo(2 * TDistribution.of(df).survivalProbability(0.4 / se), within(1e-12));
        TTest.Result welch = TTest.withDefaults().with(DataDispersion.HETEROSCEDASTIC)
                .test(new double[] {0.3, 0.4, 0.8}, new double[] {0, 0.1, 0.2});
        assertThat(r.pValue()).isCloseTo(welch.getPValue(), within(1e-9));
        assertThat(r.df()).isCloseTo(welch.getDegreesOfFreedom(), within(1e-9));
        // The allowance given for the fallback is not used: the runs' spread is the run-to-run variance.
        assertThat(Ratio.overRuns(a, b, 0.95, 1, 0)).isEqualTo(r);
    }

    @Test
    void overRunsIsWiderThanItsPooledForksWhenRunsMoveAndForksAgree() {
        // Forks agree to 1 % within each run; the runs themselves move by 10 %. Pooled, six forks a side count as six
        // independent values though they are three runs' worth: over runs the interval is wider, and holds 1.
        List<List<double[]>> a = List.of(run(0), run(0.1), run(-0.1));
        List<List<double[]>> b = List.of(run(0.05), run(0.15), run(-0.05));
        Ratio runs = Ratio.overRuns(a, b, 0.95, 1, 0);
        Ratio forks = Ratio.of(a.stream().flatMap(List::stream).toList(), b.stream().flatMap(List::stream).toList(), 0.95);
        assertThat(runs.estimate()).isCloseTo(Math.exp(0.05), within(1e-12));
        assertThat(forks.estimate()).isCloseTo(runs.estimate(), within(1e-12));
        assertThat(runs.low()).isLessThan(1);
        assertThat(runs.logHalfWidth()).isGreaterThan(forks.logHalfWidth());
    }

    @Test
    void overRunsFallsBackToPooledForksUnderTwoRunsASideOrRunsAllAlike() {
        List<List<double[]>> three = List.of(run(0), run(0.1), run(0.2));
        List<List<double[]>> one = List.of(run(0.3));
        List<double[]> pooled = three.stream().flatMap(List::stream).toList();
        // One run on B: today's rule between two runs, with the allowance given (a factor, or tau² per cell).
        assertThat(Ratio.overRuns(three, one, 0.95, 2.5, 0)).isEqualTo(Ratio.of(pooled, run(0.3), 0.95, 2.5, 0));
        assertThat(Ratio.overRuns(three, one, 0.95, 1, 0.01)).isEqualTo(Ratio.of(pooled, run(0.3), 0.95, 1, 0.01));
        assertThat(Ratio.overRuns(three, one, 0.95, 1, 0.01).method()).isEqualTo(Ratio.Method.FORKS);
        // A run without forks for the cell is left out: two runs on A with forks, one on B, so again the fallback.
        List<List<double[]>> gap = List.of(run(0), List.of(), run(0.2));
        assertThat(Ratio.overRuns(gap, List.of(run(0.3), List.of()), 0.95, 1, 0).method()).isEqualTo(Ratio.Method.FORKS);
        assertThat(Ratio.runMeans(gap)).containsExactly(new double[] {0, 0.2}, within(1e-12));
        // Every run of both sides at one value: no spread over runs to scale a t by.
        List<List<double[]>> flatA = List.of(run(0), run(0));
        List<List<double[]>> flatB = List.of(run(0.1), run(0.1));
        Ratio flat = Ratio.overRuns(flatA, flatB, 0.95, 1, 0);
        assertThat(flat.method()).isEqualTo(Ratio.Method.FORKS);
        assertThat(flat.estimate()).isCloseTo(Math.exp(0.1), within(1e-12));
    }

    @Test
    void roundsJoinOnTheirIndexAndCountWhatOneLaneLacks() {
        java.util.SortedMap<Integer, double[]> a = new java.util.TreeMap<>(Map.of(1, new double[] {1}, 2, new double[] {2},
                4, new double[] {4}, 5, new double[] {5}));
        java.util.SortedMap<Integer, double[]> b = new java.util.TreeMap<>(Map.of(1, new double[] {1.1}, 3, new double[] {3.3},
                4, new double[] {4.4}, 5, new double[] {5.5}, 6, new double[] {6.6}));
        Ratio.Rounds j = Ratio.Rounds.join(a, b);
        assertThat(j.a()).extracting(f -> f[0]).containsExactly(1.0, 4.0, 5.0);
        assertThat(j.b()).extracting(f -> f[0]).containsExactly(1.1, 4.4, 5.5);
        assertThat(j.dropped()).as("round 2 of A, rounds 3 and 6 of B").isEqualTo(3);
    }

    @Test
    void pairedRoundsAllAlikeGiveAZeroWidthPairedInterval() {
        List<double[]> a = List.of(new double[] {10}, new double[] {20}, new double[] {40});
        List<double[]> b = List.of(new double[] {12}, new double[] {24}, new double[] {48});
        Ratio r = Ratio.paired(a, b, 0.95);
        assertThat(r.method()).isEqualTo(Ratio.Method.PAIRED);
        assertThat(r.degenerate()).isTrue();
        assertThat(r.low()).isEqualTo(r.high()).isEqualTo(r.estimate());
        assertThat(r.estimate()).isCloseTo(1.2, within(1e-12));
        assertThat(r.pValue()).isZero();
        assertThat(Ratio.paired(a, a, 0.95).pValue()).isEqualTo(1);
        assertThat(Ratio.paired(a, List.of(new double[] {11}, new double[] {24}, new double[] {48}), 0.95).degenerate())
                .isFalse();
    }
}
