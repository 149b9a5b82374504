package org.loomlab.report;

import org.junit.jupiter.api.Test;

import java.util.Arrays;

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
        Ratio r = Ratio.of(A, times(A, 2), 0.95);
        assertThat(r.estimate()).isCloseTo(2.0, within(1e-9));
        assertThat(r.bounded()).isTrue();
        assertThat(r.low()).isGreaterThan(1.8).isLessThan(2.0);
        assertThat(r.high()).isGreaterThan(2.0).isLessThan(2.2);
        assertThat(r.pValue()).isLessThan(0.001);
        // The same data the other way round: the reciprocal ratio and interval.
        Ratio back = Ratio.of(times(A, 2), A, 0.95);
        assertThat(back.estimate()).isCloseTo(0.5, within(1e-9));
        assertThat(back.low()).isCloseTo(1 / r.high(), within(1e-9));
    }

    @Test
    void theIntervalIsTheExactOneOfTheRankTest() {
        // 3 against 3, fully separated: the exact two-sided p is 2/20 = 0.1, so a 90 % interval is
        // the smallest to the largest pairwise ratio, and 95 % cannot be reached.
        double[] a = {1.0, 1.1, 1.2};
        double[] b = {2.0, 2.4, 3.0};
        Ratio r90 = Ratio.of(a, b, 0.90);
        assertThat(r90.pValue()).isCloseTo(0.1, within(1e-12));
        assertThat(r90.low()).isCloseTo(2.0 / 1.2, within(1e-9));
        assertThat(r90.high()).isCloseTo(3.0 / 1.0, within(1e-9));
        Ratio r95 = Ratio.of(a, b, 0.95);
        assertThat(r95.bounded()).isFalse();
        assertThat(r95.low()).isZero();
        assertThat(r95.high()).isInfinite();
    }

    @Test
    void widerConfidenceWidensTheInterval() {
        double[] b = {10.5, 11.2, 10.0, 10.9, 11.4, 10.3, 10.8};
        Ratio r80 = Ratio.of(A, b, 0.80);
        Ratio r99 = Ratio.of(A, b, 0.99);
        assertThat(r99.low()).isLessThan(r80.low());
        assertThat(r99.high()).isGreaterThan(r80.high());
        assertThat(r80.low()).isLessThanOrEqualTo(r80.estimate());
        assertThat(r80.high()).isGreaterThanOrEqualTo(r80.estimate());
    }

    @Test
    void needsPositiveSamples() {
        assertThatThrownBy(() -> Ratio.of(new double[] {0, 1}, A, 0.95))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("positive");
        assertThatThrownBy(() -> Ratio.of(new double[0], A, 0.95)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void verdictFollowsTheUnitsDirectionAndTheNoiseBand() {
        Ratio twice = Ratio.of(A, times(A, 2), 0.95);
        assertThat(Verdict.of(twice, 0.02, "ms/op")).isEqualTo(Verdict.SLOWER);
        assertThat(Verdict.of(twice, 0.02, "ops/s")).isEqualTo(Verdict.FASTER);
        assertThat(Verdict.of(twice, 0.02, "MB")).isEqualTo(Verdict.MORE);
        assertThat(Verdict.of(Ratio.of(A, times(A, 0.5), 0.95), 0.02, "threads")).isEqualTo(Verdict.LESS);
        assertThat(Verdict.of(twice, 1.5, "ms/op")).isEqualTo(Verdict.SAME);
        assertThat(Verdict.of(new Ratio(1.01, 0.97, 1.05, 0.4), 0.02, "ms")).isEqualTo(Verdict.INCONCLUSIVE);
        assertThat(Verdict.of(new Ratio(1.0, 0.99, 1.01, 0.9), 0.02, "ms")).isEqualTo(Verdict.SAME);
        assertThat(Verdict.of(new Ratio(2.0, 0, Double.POSITIVE_INFINITY, 0.1), 0.02, "ms")).isEqualTo(Verdict.INCONCLUSIVE);
        assertThat(Verdict.SLOWER.worse()).isTrue();
        assertThat(Verdict.MORE.worse()).isTrue();
        assertThat(Verdict.FASTER.worse()).isFalse();
    }
}
