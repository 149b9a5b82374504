package org.loomlab.report;

import org.apache.commons.statistics.descriptive.Median;
import org.apache.commons.statistics.inference.MannWhitneyUTest;

import java.util.Arrays;

/**
 * How many times B's values are A's: the Hodges-Lehmann estimate of the shift between log(B) and
 * log(A), with the distribution-free confidence interval that inverts the Mann-Whitney test: the
 * shifts the test does not reject at the asked level. The log makes the shift a ratio, so a
 * 2 % noise band means the same for milliseconds and for requests per second.
 *
 * @param estimate B/A, the median of all pairwise ratios b_j / a_i
 * @param low      lower end of the interval; 0 when the samples are too few to bound it
 * @param high     upper end of the interval; +infinity when the samples are too few to bound it
 * @param pValue   two-sided Mann-Whitney p-value of "A and B come from the same distribution"
 */
public record Ratio(double estimate, double low, double high, double pValue) {

    /** False when the samples cannot reach the asked confidence at all (3 against 3 reach 90 % at most). */
    public boolean bounded() {
        return low > 0 && high < Double.POSITIVE_INFINITY;
    }

    /**
     * @param a          the baseline's samples, all positive
     * @param b          the candidate's samples, all positive
     * @param confidence e.g. 0.95
     */
    public static Ratio of(double[] a, double[] b, double confidence) {
        if (a.length == 0 || b.length == 0) {
            throw new IllegalArgumentException("no samples to compare");
        }
        double[] la = logs(a);
        double[] lb = logs(b);
        double[] shifts = new double[la.length * lb.length];
        int k = 0;
        for (double y : lb) {
            for (double x : la) {
                shifts[k++] = y - x;
            }
        }
        Arrays.sort(shifts);
        double estimate = Median.withDefaults().withCopy(true).evaluate(shifts); // shifts must stay sorted
        double[] cuts = Arrays.stream(shifts).distinct().toArray();
        MannWhitneyUTest test = MannWhitneyUTest.withDefaults();
        // The test rejects at p <= alpha. 1 - 0.9 is 0.09999999999999998 in doubles, and 3 against 3 samples
        // reach p = 0.1 exactly: without the tolerance a 90 % interval would never close.
        double rejectBelow = (1 - confidence) * (1 + 1e-9);
        // Try one shift in each gap between neighbouring pairwise differences (and one beyond each end):
        // the test's verdict only changes where a difference is crossed.
        int first = -1;
        int last = -1;
        for (int gap = 0; gap <= cuts.length; gap++) {
            double shift = gap == 0 ? cuts[0] - 1 : gap == cuts.length ? cuts[gap - 1] + 1 : (cuts[gap - 1] + cuts[gap]) / 2;
            if (test.withMu(shift).test(lb, la).getPValue() > rejectBelow) {
                if (first < 0) {
                    first = gap;
                }
                last = gap;
            }
        }
        double low = first < 0 ? estimate : first == 0 ? Double.NEGATIVE_INFINITY : cuts[first - 1];
        double high = last < 0 ? estimate : last == cuts.length ? Double.POSITIVE_INFINITY : cuts[last];
        double p = test.test(lb, la).getPValue();
        return new Ratio(Math.exp(estimate), Math.exp(low), Math.exp(high), Double.isNaN(p) ? 1 : p);
    }

    private static double[] logs(double[] values) {
        double[] out = new double[values.length];
        for (int i = 0; i < values.length; i++) {
            if (!(values[i] > 0) || Double.isInfinite(values[i])) {
                throw new IllegalArgumentException("a ratio needs positive samples, got " + values[i]);
            }
            out[i] = Math.log(values[i]);
        }
        return out;
    }
}
