package org.loomlab.compare;

import org.apache.commons.statistics.inference.MannWhitneyUTest;
import org.apache.commons.statistics.inference.PValueMethod;
import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class RankSumTest {

    @Test
    void tiedSamplesGetTheExactPValueNotOneBelowTheFloor() {
        double[] a = {22, 22, 22};
        double[] b = {23, 23, 23};
        // The bug this class exists for: asked for the exact p, Commons Statistics approximates tied data.
        assertThat(MannWhitneyUTest.withDefaults().with(PValueMethod.EXACT).test(b, a).getPValue()).isLessThan(0.05);
        // Counted: only the two extreme splits of C(6, 3) = 20 are as far from the mean as the data.
        assertThat(new RankSum().pValue(b, a)).isCloseTo(0.1, within(1e-12));
        assertThat(RankSum.floor(3, 3)).isCloseTo(0.1, within(1e-12));
    }

    @Test
    void tiedSamplesAgreeWithCountingEverySplit() {
        Random random = new Random(11);
        RankSum test = new RankSum();
        for (int round = 0; round < 200; round++) {
            // Few distinct values: ties within and across the samples.
            double[] x = random.ints(2 + random.nextInt(5), 0, 5).asDoubleStream().toArray();
            double[] y = random.ints(2 + random.nextInt(5), 0, 5).asDoubleStream().toArray();
            assertThat(test.pValue(x, y)).as("%s against %s", Arrays.toString(x), Arrays.toString(y))
                    .isCloseTo(Math.max(enumerated(x, y), RankSum.floor(x.length, y.length)), within(1e-12));
        }
    }

    @Test
    void withoutTiesItIsCommonsStatisticsExactTest() {
        Random random = new Random(7);
        for (int round = 0; round < 50; round++) {
            double[] x = random.doubles(2 + random.nextInt(8)).toArray();
            double[] y = random.doubles(2 + random.nextInt(8)).map(v -> v + 0.3).toArray();
            assertThat(new RankSum().pValue(x, y))
                    .isCloseTo(MannWhitneyUTest.withDefaults().with(PValueMethod.EXACT).test(x, y).getPValue(), within(1e-12));
        }
    }

    /** The two-sided p by brute force: every subset of the pooled midranks the size of x, as likely as any other. */
    private static double enumerated(double[] x, double[] y) {
        double[] pooled = new double[x.length + y.length];
        System.arraycopy(x, 0, pooled, 0, x.length);
        System.arraycopy(y, 0, pooled, x.length, y.length);
        double[] ranks = new double[pooled.length];
        for (int i = 0; i < pooled.length; i++) {
            int below = 0;
            int equal = 0;
            for (double v : pooled) {
                below += v < pooled[i] ? 1 : 0;
                equal += v == pooled[i] ? 1 : 0;
            }
            ranks[i] = below + (equal + 1) / 2.0;
        }
        double mean = x.length * (pooled.length + 1) / 2.0;
        double observed = Math.abs(Arrays.stream(ranks, 0, x.length).sum() - mean);
        int splits = 0;
        int asFar = 0;
        for (int mask = 0; mask < 1 << pooled.length; mask++) {
            if (Integer.bitCount(mask) != x.length) {
                continue;
            }
            double sum = 0;
            for (int i = 0; i < pooled.length; i++) {
                sum += (mask >> i & 1) == 1 ? ranks[i] : 0;
            }
            splits++;
            asFar += Math.abs(sum - mean) >= observed - 1e-9 ? 1 : 0;
        }
        return (double) asFar / splits;
    }
}
