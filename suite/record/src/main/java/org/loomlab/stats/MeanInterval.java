package org.loomlab.stats;

import org.apache.commons.statistics.descriptive.Mean;
import org.apache.commons.statistics.descriptive.StandardDeviation;

/**
 * A mean with its Student-t confidence interval, centre ± half: over values as they are, or over their logs (then the
 * centre and half are on the log scale, and exp(centre) is the geometric mean).
 *
 * @param centre the mean of the values (or of their logs)
 * @param half   t(n - 1) * sd / sqrt(n); NaN below two values
 */
public record MeanInterval(double centre, double half) {

    /** The interval of the mean of {@code values} at {@code confidence}; the half-width is NaN below two values. */
    public static MeanInterval of(double[] values, double confidence) {
        return of(values, confidence, 0);
    }

    /**
     * The interval whose spread leaves out the first {@code spreadFrom} values, which chose how many values there are (a
     * two-stage stopping rule): the mean of every value, the standard deviation (and t's degrees of freedom) of the
     * later ones. Below two later values every value's spread counts, as with 0.
     */
    public static MeanInterval of(double[] values, double confidence, int spreadFrom) {
        if (values.length == 0) {
            throw new IllegalArgumentException("no values to take a mean of");
        }
        int from = values.length - spreadFrom >= 2 ? Math.max(0, spreadFrom) : 0;
        double[] spread = from == 0 ? values : java.util.Arrays.copyOfRange(values, from, values.length);
        double half = values.length < 2 ? Double.NaN
                : StudentT.twoSided(spread.length - 1, confidence) * StandardDeviation.of(spread).getAsDouble()
                / Math.sqrt(values.length);
        return new MeanInterval(Mean.of(values).getAsDouble(), half);
    }

    /** The same over the logs of {@code values}, each of which must be positive and finite. */
    public static MeanInterval onLogs(double[] values, double confidence) {
        return onLogs(values, confidence, 0);
    }

    /** {@link #of(double[], double, int)} over the logs of {@code values}. */
    public static MeanInterval onLogs(double[] values, double confidence, int spreadFrom) {
        double[] logs = new double[values.length];
        for (int i = 0; i < values.length; i++) {
            if (!(values[i] > 0) || Double.isInfinite(values[i])) {
                throw new IllegalArgumentException("an interval on logs needs positive values, got " + values[i]);
            }
            logs[i] = Math.log(values[i]);
        }
        return of(logs, confidence, spreadFrom);
    }

    /** The half-width of a mean of {@code n} values spread by {@code sd}: t(n - 1) at {@code confidence} * sd / sqrt(n). */
    public static double halfWidth(double sd, int n, double confidence) {
        if (n < 2) {
            throw new IllegalArgumentException("a half-width needs two or more values, got " + n);
        }
        return StudentT.twoSided(n - 1, confidence) * sd / Math.sqrt(n);
    }
}
