package org.loomlab.history;

import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.List;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The change rule on made-up runs: log-normal noise of a known spread, each run's interval as wide as that spread says
 * (1.96 standard deviations either side), as a run whose forks tell the whole story would have.
 */
class ChangeRuleTest {

    private static final double SPREAD = 0.03;
    private static final double HALF_WIDTH = 1.96 * SPREAD;

    private final ChangeRule rule = new ChangeRule();

    @Test
    void findsAStepAtTheRunItHappened() {
        double[] levels = levels(20, i -> i < 12 ? 200 : 135);
        List<ChangeRule.Shift> shifts = shifts(levels, new Random(7), HALF_WIDTH);
        assertThat(shifts).singleElement().satisfies(s -> {
            assertThat(s.at()).isEqualTo(12);
            assertThat(s.ratio()).isBetween(0.62, 0.72);
            assertThat(s.p()).isLessThanOrEqualTo(ChangeRule.ALPHA);
        });
    }

    @Test
    void findsAStepSeenByTwoRunsAtTheEnd() {
        // The platform noop dinners on a new kernel: fourteen runs around 215 ms, then two around 134 ms.
        double[] levels = levels(16, i -> i < 14 ? 215 : 134);
        assertThat(shifts(levels, new Random(11), 0.08)).extracting(ChangeRule.Shift::at).containsExactly(14);
    }

    @Test
    void raisesNoAlarmOnNoiseAlone() {
        for (int seed = 0; seed < 20; seed++) {
            assertThat(shifts(levels(20, i -> 100), new Random(seed), HALF_WIDTH)).as("seed %d", seed).isEmpty();
        }
    }

    @Test
    void ignoresOneWildRun() {
        double[] levels = levels(20, i -> i == 9 ? 180 : 100);
        assertThat(shifts(levels, new Random(3), HALF_WIDTH)).isEmpty();
    }

    @Test
    void reportsADriftBeyondTheIntervalsNearItsMiddleAndOneWithinThemNotAtAll() {
        // 40 % over 20 runs with ±6 % intervals: the sides' levels part by more than their intervals, so a cut is kept,
        // where E-Divisive puts it, inside the drift and away from its ends.
        double[] steep = levels(20, i -> 100 * Math.pow(1.4, i / 19.0));
        List<ChangeRule.Shift> cuts = shifts(steep, new Random(5), HALF_WIDTH);
        assertThat(cuts).isNotEmpty().allSatisfy(s -> assertThat(s.at()).isBetween(4, 16));
        // 4 % over 20 runs, well within the same intervals: no change point.
        double[] gentle = levels(20, i -> 100 * Math.pow(1.04, i / 19.0));
        assertThat(shifts(gentle, new Random(5), HALF_WIDTH)).isEmpty();
    }

    @Test
    void needsAChangeLargerThanTheRunsIntervals() {
        // A 10 % step that E-Divisive finds in quiet runs, but whose runs claim ±8 %: not beyond their intervals.
        double[] levels = levels(20, i -> i < 10 ? 100 : 110);
        Random quiet = new Random(13);
        assertThat(shifts(levels, quiet, 0.08, 0.01)).isEmpty();
        assertThat(shifts(levels, new Random(13), 0.02, 0.01)).extracting(ChangeRule.Shift::at).containsExactly(10);
    }

    private static double[] levels(int n, java.util.function.IntToDoubleFunction level) {
        return java.util.stream.IntStream.range(0, n).mapToDouble(level).toArray();
    }

    private List<ChangeRule.Shift> shifts(double[] levels, Random noise, double halfWidth) {
        return shifts(levels, noise, halfWidth, SPREAD);
    }

    /** Runs at {@code levels} with log-normal noise of {@code spread}, each with an interval of {@code halfWidth} in logs. */
    private List<ChangeRule.Shift> shifts(double[] levels, Random noise, double halfWidth, double spread) {
        double[] scores = Arrays.stream(levels).map(l -> l * Math.exp(spread * noise.nextGaussian())).toArray();
        double[] lows = Arrays.stream(scores).map(s -> s * Math.exp(-halfWidth)).toArray();
        double[] highs = Arrays.stream(scores).map(s -> s * Math.exp(halfWidth)).toArray();
        return rule.shifts(scores, lows, highs);
    }
}
