package org.loomlab.compare;

import org.loomlab.report.SampleRuns;

import org.apache.commons.statistics.distribution.NormalDistribution;
import org.junit.jupiter.api.Test;
import org.loomlab.record.Cell;
import org.loomlab.record.RunRecord;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.Predicate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.loomlab.report.SampleRuns.forked;
import static org.loomlab.report.SampleRuns.run;

/**
 * Verdicts on simulated JVMs, where the truth is known: each fork runs at a random offset (log-normal, sd 3 %)
 * and each sample adds its own noise (log-normal, sd 2 %), 3 samples a fork. Seeded, so every number below
 * is the same on every run; the bounds are what the method must meet, with room for the binomial spread of
 * 1,000 cells (about 0.7 percentage points at 5 %, 1.3 at 20 %).
 */
class VerdictCalibrationTest {

    private static final int CELLS = 1000;
    private static final double FORK_SD = 0.03;
    private static final double SAMPLE_SD = 0.02;
    private static final int SAMPLES = 3;

    /** Two runs of {@code CELLS} cells, B's true level {@code shift} times A's, each side {@code forks} forks. */
    private static List<RunDiff.Row> simulate(long seed, int forks, double shift, VerdictRules rules) {
        Random random = new Random(seed);
        List<Cell> a = new ArrayList<>();
        List<Cell> b = new ArrayList<>();
        for (int i = 0; i < CELLS; i++) {
            double level = 10 + i; // cells of every size: the verdicts work on ratios
            a.add(forked("sim", Map.of("cell", String.valueOf(i)), "avgt", "ms/op", jvms(random, forks, level)));
            b.add(forked("sim", Map.of("cell", String.valueOf(i)), "avgt", "ms/op", jvms(random, forks, level * shift)));
        }
        RunRecord ra = run("openjdk-25", "25.0.3", a);
        RunRecord rb = run("openjdk-25", "25.0.3", b);
        return RunDiff.of("a", ra, "b", rb, rules, false).rows();
    }

    private static List<List<Double>> jvms(Random random, int forks, double level) {
        List<List<Double>> out = new ArrayList<>();
        for (int f = 0; f < forks; f++) {
            double fork = level * Math.exp(FORK_SD * random.nextGaussian());
            List<Double> samples = new ArrayList<>();
            for (int s = 0; s < SAMPLES; s++) {
                samples.add(fork * Math.exp(SAMPLE_SD * random.nextGaussian()));
            }
            out.add(samples);
        }
        return out;
    }

    private static double share(List<RunDiff.Row> rows, Predicate<RunDiff.Row> which) {
        return rows.stream().filter(which).count() / (double) rows.size();
    }

    @Test
    void aThousandUnchangedCellsGetAtMostOnePercentDirectionalVerdictsAfterHolm() {
        List<RunDiff.Row> rows = simulate(1, 5, 1.0, new VerdictRules(0.95, 0.02, Adjustment.HOLM));
        assertThat(rows).allSatisfy(r -> assertThat(r.method()).isEqualTo(Ratio.Method.FORKS));
        // The raw p-values are calibrated: about 5 % at or below 0.05 when nothing changed (measured 4.2 %). The
        // 15 samples of a side taken as independent (the old method) put 18 % there: they do not see the forks' offsets.
        assertThat(share(rows, r -> r.pValue() <= 0.05)).as("raw p <= 0.05").isBetween(0.03, 0.07);
        // After Holm over the 1,000 cells, at most 1 % are called faster or slower (measured: none; 0.3 % unadjusted).
        assertThat(share(rows, r -> r.verdict().directional())).as("faster or slower").isLessThanOrEqualTo(0.01);
    }

    /** Measured: 95.0 %. */
    @Test
    void intervalsOverForksCoverTheTrueRatioAsOftenAsTheyClaim() {
        List<RunDiff.Row> rows = simulate(2, 5, 1.05, new VerdictRules(0.95, 0.02, Adjustment.NONE));
        assertThat(share(rows, r -> r.ciLow() <= 1.05 && 1.05 <= r.ciHigh())).as("95 % intervals holding 1.05")
                .isBetween(0.93, 0.97);
    }

    /**
     * What is asserted: the share of cells called slower whose interval holds the true 1.05, per cell
     * (--adjust none), at 95 % with the ±2 % band. 80 % is out of reach for any method here: with 5 forks a
     * side the difference of the mean log fork values has sd sqrt(2 (0.03^2 + 0.02^2/3) / 5) = 2.0 %, and even
     * a z interval that knew it exactly clears 1.02 only Phi((ln 1.05 - ln 1.02) / 0.0203 - 1.96), about 30 %,
     * of the time. So the test holds the method under that oracle (above it, the intervals would be too
     * narrow) and over a floor it meets (measured 20.6 %), and shows what finds 5 % four times in five.
     */
    @Test
    void aFivePercentSlowdownWithFiveForksIsFoundAsOftenAsFiveForksAllow() {
        List<RunDiff.Row> rows = simulate(3, 5, 1.05, new VerdictRules(0.95, 0.02, Adjustment.NONE));
        double found = share(rows, r -> r.verdict() == Verdict.SLOWER && r.ciLow() <= 1.05 && 1.05 <= r.ciHigh());
        double sd = Math.sqrt(2 * (FORK_SD * FORK_SD + SAMPLE_SD * SAMPLE_SD / SAMPLES) / 5);
        double oracle = NormalDistribution.of(0, 1).cumulativeProbability((Math.log(1.05) - Math.log(1.02)) / sd - 1.959964);
        assertThat(found).as("found, against an oracle's %s", oracle).isBetween(0.12, oracle + 0.04);
        assertThat(share(rows, r -> r.verdict() == Verdict.FASTER)).as("called faster").isZero();
    }

    /** Measured: 84.5 %. */
    @Test
    void aTenPercentSlowdownWithFiveForksIsFoundFourTimesInFive() {
        List<RunDiff.Row> rows = simulate(4, 5, 1.10, new VerdictRules(0.95, 0.02, Adjustment.NONE));
        assertThat(share(rows, r -> r.verdict() == Verdict.SLOWER && r.ciLow() <= 1.10 && 1.10 <= r.ciHigh()))
                .as("slower, interval holding 1.10").isGreaterThanOrEqualTo(0.80);
    }

    /** Measured: 86.9 % with 25 forks a side (46.6 % with 10, 78.1 % with 20). */
    @Test
    void aFivePercentSlowdownIsFoundFourTimesInFiveWithTwentyFiveForks() {
        List<RunDiff.Row> rows = simulate(5, 25, 1.05, new VerdictRules(0.95, 0.02, Adjustment.NONE));
        assertThat(share(rows, r -> r.verdict() == Verdict.SLOWER && r.ciLow() <= 1.05 && 1.05 <= r.ciHigh()))
                .as("slower, interval holding 1.05").isGreaterThanOrEqualTo(0.80);
    }
}
