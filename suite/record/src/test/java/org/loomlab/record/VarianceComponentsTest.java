package org.loomlab.record;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

class VarianceComponentsTest {

    @Test
    void balancedForksSplitAsTheAnovaTableSays() {
        // Fork means 1, 2, 3 (two iterations each, ±0.25): MSW = 6 * 0.0625 / 3 = 0.125, MSB = 2 * 2 / 2 = 2.
        List<List<Double>> forks = List.of(List.of(0.75, 1.25), List.of(1.75, 2.25), List.of(2.75, 3.25));
        VarianceComponents v = VarianceComponents.of(forks);
        assertThat(v.iterationVariance()).isCloseTo(0.125, within(1e-12));
        assertThat(v.jvmVariance()).isCloseTo((2 - 0.125) / 2, within(1e-12));
        assertThat(v.iterationsPerFork()).isCloseTo(2, within(1e-12));
        assertThat(v.jvmDf()).isEqualTo(2);
        assertThat(v.iterationDf()).isEqualTo(3);
        assertThat(v.truncated()).isFalse();
        assertThat(v.jvmShare()).isCloseTo(0.9375 / (0.9375 + 0.0625), within(1e-12));
        assertThat(v.jvmShare() + v.iterationShare()).isCloseTo(1, within(1e-12));
        // Each fork went from 0.25 below its mean to 0.25 above: a change of 0.5 in every fork, no spread to a t.
        assertThat(v.warmupChange()).isCloseTo(0.5, within(1e-12));
        assertThat(v.warmupT()).isNull();
    }

    @Test
    void iterationsThatSpreadMoreThanForkMeansTruncateTheJvmPartAtZeroAndSaySo() {
        // Every fork's mean is 1, its two iterations 0.5 apart: MSB = 0 < MSW.
        VarianceComponents v = VarianceComponents.of(List.of(List.of(0.75, 1.25), List.of(1.25, 0.75), List.of(0.8, 1.2)));
        assertThat(v.truncated()).isTrue();
        assertThat(v.jvmVariance()).isZero();
        assertThat(v.jvmShare()).isZero();
        assertThat(v.iterationShare()).isEqualTo(1);
        assertThat(v.withCosts(20.0, 2.0).optimalIterations()).isEqualTo(VarianceComponents.MOST_ITERATIONS);
    }

    @Test
    void aWarmUpStillGoingOnShowsAsANegativeChangeWithItsT() {
        VarianceComponents v = VarianceComponents.of(List.of(List.of(1.0, 0.9), List.of(2.0, 1.88), List.of(1.5, 1.42),
                List.of(1.2, 1.09)));
        double[] d = {-0.1, -0.12, -0.08, -0.11};
        double mean = (-0.1 - 0.12 - 0.08 - 0.11) / 4;
        double ss = 0;
        for (double x : d) {
            ss += (x - mean) * (x - mean);
        }
        assertThat(v.warmupChange()).isCloseTo(mean, within(1e-12));
        assertThat(v.warmupT()).isCloseTo(mean / Math.sqrt(ss / 3 / 4), within(1e-9));
        assertThat(v.warmupT()).isLessThan(-2);
    }

    @Test
    void runsArePooledAboutTheirOwnMeansSoARunsShiftIsNoJvmVariance() {
        List<List<Double>> run = List.of(List.of(0.9, 1.1), List.of(1.9, 2.1), List.of(2.9, 3.1));
        List<List<Double>> shifted = run.stream().map(f -> f.stream().map(x -> x + 10).toList()).toList();
        VarianceComponents one = VarianceComponents.of(run);
        VarianceComponents two = VarianceComponents.pooled(List.of(run, shifted));
        assertThat(two.jvmVariance()).isCloseTo(one.jvmVariance(), within(1e-9));
        assertThat(two.iterationVariance()).isCloseTo(one.iterationVariance(), within(1e-9));
        assertThat(two.jvmDf()).isEqualTo(4);
        assertThat(two.forks()).isEqualTo(6);
    }

    @Test
    void unevenForksUseTheEffectiveIterationsAFork() {
        // n = 2, 3, 1: N = 6, n0 = (6 - 14 / 6) / 2.
        VarianceComponents v = VarianceComponents.of(List.of(List.of(1.0, 1.2), List.of(2.0, 2.1, 2.2), List.of(3.0)));
        assertThat(v.iterationsPerFork()).isCloseTo((6 - 14.0 / 6) / 2, within(1e-12));
        assertThat(v.iterationDf()).isEqualTo(3);
    }

    @Test
    void tooLittleToSplitIsNull() {
        assertThat(VarianceComponents.of(List.of(List.of(1.0, 2.0)))).as("one fork").isNull();
        assertThat(VarianceComponents.of(List.of(List.of(1.0), List.of(2.0)))).as("no fork of two").isNull();
        assertThat(VarianceComponents.of(List.of(List.of(1.0, 1.0), List.of(1.0, 1.0)))).as("no spread").isNull();
        assertThat(VarianceComponents.logs(List.of(List.of(1.0, 0.0)))).as("a count of 0 has no log").isNull();
    }

    @Test
    void theOptimumIsKaliberaAndJonesRootBounded() {
        // c_fork / c_iter = 10, sigma_iter² / sigma_jvm² = 0.4: sqrt(4) = 2.
        assertThat(VarianceComponents.optimalIterations(10, 0.4, 1)).isEqualTo(2);
        assertThat(VarianceComponents.optimalIterations(10, 1e-9, 1)).isEqualTo(VarianceComponents.FEWEST_ITERATIONS);
        assertThat(VarianceComponents.optimalIterations(1e6, 1, 1e-3)).isEqualTo(VarianceComponents.MOST_ITERATIONS);
        assertThatThrownBy(() -> VarianceComponents.optimalIterations(0, 1, 1)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("got 0.0");
        VarianceComponents v = VarianceComponents.of(List.of(List.of(0.9, 1.1), List.of(1.9, 2.1), List.of(2.9, 3.1)));
        // 30 s a fork, two iterations of 5 s: start and warm-up 20 s, ratio 4.
        VarianceComponents costed = v.withCosts(30.0, 5.0);
        assertThat(costed.forkSeconds()).isCloseTo(20, within(1e-12));
        assertThat(costed.optimalIterations()).isEqualTo(VarianceComponents.optimalIterations(4, v.iterationVariance(),
                v.jvmVariance()));
        assertThat(v.withCosts(8.0, 5.0)).as("a fork no longer than its iterations has no start cost to price").isEqualTo(v);
    }
}
