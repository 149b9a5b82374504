package org.loomlab.run;

import org.apache.commons.statistics.distribution.TDistribution;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

class ForkIntervalTest {

    private static double t975(int df) {
        return TDistribution.of(df).inverseCumulativeProbability(0.975);
    }

    /** Three forks of a cell whose fork means spread 11 %, like quick's reentrant platform noop on openjdk-25. */
    private static ForkInterval threeForks() {
        return ForkInterval.of(List.of(List.of(100.0), List.of(100.0 * Math.exp(0.11)), List.of(100.0 * Math.exp(-0.11))),
                0.95);
    }

    @Test
    void theForksThatWouldReachATargetAreTheFewestWhoseOwnTIsNarrowEnough() {
        ForkInterval iv = threeForks();
        double cv = iv.forkSpread();
        int n = iv.forksFor(0.05, 0.95);
        assertThat(t975(n - 1) * cv / Math.sqrt(n)).isLessThanOrEqualTo(0.05);
        assertThat(t975(n - 2) * cv / Math.sqrt(n - 1)).isGreaterThan(0.05);
        // Taking t at the 2 degrees of freedom seen would ask for about four times as many.
        assertThat(n).isBetween(18, 24).isLessThan((int) Math.pow(t975(2) * cv / 0.05, 2) / 3);
    }

    @Test
    void thatManyForksReachTheTargetAboutHalfTheTimeWhenTheSpreadHolds() {
        ForkInterval iv = threeForks();
        int n = iv.forksFor(0.05, 0.95);
        Random random = new Random(3);
        int reached = 0;
        int trials = 2000;
        for (int i = 0; i < trials; i++) {
            List<List<Double>> forks = new java.util.ArrayList<>();
            for (int k = 0; k < n; k++) {
                forks.add(List.of(100 * Math.exp(iv.forkSpread() * random.nextGaussian())));
            }
            if (ForkInterval.of(forks, 0.95).relativeHalfWidth() <= 0.05) {
                reached++;
            }
        }
        // The estimate plugs in the spread as seen, so a sample's sd lands either side of it.
        assertThat(reached / (double) trials).isBetween(0.35, 0.75);
    }

    @Test
    void oneForkCannotSayHowManyWouldReachIt() {
        assertThat(ForkInterval.of(List.of(List.of(1.0, 1.1)), 0.95).forksFor(0.05, 0.95)).isEqualTo(-1);
    }
}
