package org.loomlab.stats;

import java.util.Arrays;

import org.apache.commons.statistics.descriptive.Mean;
import org.apache.commons.statistics.descriptive.Variance;
import org.apache.commons.statistics.inference.DataDispersion;
import org.apache.commons.statistics.inference.TTest;

/**
 * B/A on the log scale from two sides' values, each already a log (of a fork mean, a run's value): the shift
 * mean(B) - mean(A) with its standard error, the t interval's half-width, degrees of freedom and a two-sided p-value.
 * exp(shift) is the ratio, exp(shift ± half) its interval.
 *
 * @param shift     the estimate of log B/A
 * @param se        its standard error (widened, for Welch, when asked)
 * @param df        the degrees of freedom of the t scaling it
 * @param half      t at the confidence asked times se
 * @param pValue    two-sided p of "no shift"
 * @param statistic the t statistic as the test computed it (unwidened)
 */
public record LogRatio(double shift, double se, double df, double half, double pValue, double statistic) {

    /** Welch's t of {@code lb} against {@code la}, with Welch-Satterthwaite degrees of freedom; see the full form. */
    public static LogRatio welch(double[] la, double[] lb, double confidence) {
        return welch(la, lb, confidence, 1, 0);
    }

    /**
     * Welch's t of {@code lb} against {@code la}: se² = var(A)/nA + var(B)/nB + 2 tau², times {@code widen}, on the
     * Welch-Satterthwaite degrees of freedom of the values alone (tau² was estimated elsewhere and brings none here).
     * Unwidened, the test's own p-value is kept; widened, the statistic is shift / se on the same df.
     *
     * @param widen       the factor by which the values' standard error understates the difference; 1 for none
     * @param runVariance tau², added once per side; 0 for none
     * @throws IllegalArgumentException with fewer than two values a side, or no spread on either
     */
    public static LogRatio welch(double[] la, double[] lb, double confidence, double widen, double runVariance) {
        if (la.length < 2 || lb.length < 2) {
            throw new IllegalArgumentException("Welch's t needs two or more values a side, got " + la.length + " and "
                    + lb.length);
        }
        double va = Variance.of(la).getAsDouble();
        double vb = Variance.of(lb).getAsDouble();
        if (va == 0 && vb == 0) {
            throw new IllegalArgumentException("Welch's t needs spread on a side; both sides' values are all alike");
        }
        TTest.Result t = TTest.withDefaults().with(DataDispersion.HETEROSCEDASTIC).test(lb, la);
        double shift = Mean.of(lb).getAsDouble() - Mean.of(la).getAsDouble();
        double se = widen * Math.sqrt(va / la.length + vb / lb.length + 2 * runVariance);
        double df = t.getDegreesOfFreedom();
        double half = StudentT.above(df, (1 - confidence) / 2) * se;
        double p = widen == 1 && runVariance == 0 ? t.getPValue()
                : Math.min(1, 2 * StudentT.survival(df, Math.abs(shift) / se));
        return new LogRatio(shift, se, df, half, p, t.getStatistic());
    }

    /**
     * The paired t of {@code lb} against {@code la}, pair i being (la[i], lb[i]): the mean of the differences, on
     * n - 1 degrees of freedom; null when the differences are all alike (no spread to scale a t by).
     *
     * @throws IllegalArgumentException with fewer than two pairs or sides of different lengths
     */
    public static LogRatio paired(double[] la, double[] lb, double confidence) {
        return paired(la, lb, confidence, 0);
    }

    /**
     * The paired t whose spread leaves out the first {@code spreadFrom} pairs, which chose how many pairs there are (a
     * two-stage stopping rule): the mean over every pair, its standard error from the later pairs' spread, on their
     * degrees of freedom. Below two later pairs every pair's spread counts, as with 0.
     */
    public static LogRatio paired(double[] la, double[] lb, double confidence, int spreadFrom) {
        int n = la.length;
        if (n < 2 || lb.length != n) {
            throw new IllegalArgumentException("a paired t needs two or more pairs, got " + la.length + " and " + lb.length);
        }
        double[] d = new double[n];
        for (int i = 0; i < n; i++) {
            d[i] = lb[i] - la[i];
        }
        int from = n - spreadFrom >= 2 ? Math.max(0, spreadFrom) : 0;
        double vd = Variance.of(from == 0 ? d : Arrays.copyOfRange(d, from, n)).getAsDouble();
        if (!(vd > 0)) {
            return null;
        }
        double shift = Mean.of(d).getAsDouble();
        double se = Math.sqrt(vd / n);
        if (from > 0) {
            int df = n - from - 1;
            double t = shift / se;
            return new LogRatio(shift, se, df, StudentT.above(df, (1 - confidence) / 2) * se,
                    2 * StudentT.survival(df, Math.abs(t)), t);
        }
        double half = StudentT.above(n - 1, (1 - confidence) / 2) * Math.sqrt(vd / n);
        TTest.Result t = TTest.withDefaults().pairedTest(lb, la);
        return new LogRatio(shift, se, n - 1, half, t.getPValue(), t.getStatistic());
    }
}
