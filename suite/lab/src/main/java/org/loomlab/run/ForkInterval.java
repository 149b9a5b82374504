package org.loomlab.run;

import org.loomlab.compare.Reach;

import org.loomlab.stats.MeanInterval;

import org.apache.commons.statistics.descriptive.Mean;
import org.apache.commons.statistics.descriptive.StandardDeviation;

import java.util.List;
import java.util.Locale;

/**
 * The score of a cell and its confidence interval from its samples grouped by JVM fork. Forks are the
 * unit of replication: each fork contributes the mean of its samples, so JVM-to-JVM variance (JIT
 * decisions, memory layout, thread placement) is inside the interval, and a long run of one JVM cannot
 * pretend to be many independent samples.
 *
 * <p>Positive quantities (times, rates, sizes) are summarised on the log scale: the score is the geometric
 * mean of the fork means and the Student-t interval is taken over their logarithms, so it is never negative
 * and is symmetric in ratios. Quantities that can be zero (error counts) use the plain t interval, cut at 0.
 * With one fork the interval falls back to that fork's own samples and says so: such an interval leaves out
 * how JVMs differ.
 *
 * @param relativeHalfWidth (high - low) / 2 / score; NaN when no interval exists
 * @param forkSpread        sd / mean of the fork means; NaN below two forks
 * @param spreadFrom        the first forks left out of the interval's spread (they chose how many forks ran); 0: none
 */
public record ForkInterval(double score, double low, double high, double relativeHalfWidth, double forkSpread,
                           int forks, String method, int spreadFrom) {

    public static ForkInterval of(List<List<Double>> forks, double confidence) {
        return of(forks, confidence, 0);
    }

    /**
     * The interval whose spread leaves out the first {@code spreadFrom} forks: they chose how many forks the cell runs
     * ({@code StoppingRule}), so their spread is not independent of when it stopped; the score keeps them. The t is on
     * the later forks' degrees of freedom. Below two later forks every fork's spread counts, as with 0.
     */
    public static ForkInterval of(List<List<Double>> forks, double confidence, int spreadFrom) {
        List<List<Double>> measured = forks.stream().filter(f -> !f.isEmpty()).toList();
        if (measured.isEmpty()) {
            throw new IllegalArgumentException("no samples to summarise");
        }
        double[] means = measured.stream().mapToDouble(f -> f.stream().mapToDouble(Double::doubleValue).average().orElseThrow())
                .toArray();
        boolean single = means.length == 1;
        double[] units = single ? measured.get(0).stream().mapToDouble(Double::doubleValue).toArray() : means;
        String over = single ? "the samples of one fork (JVM-to-JVM variance not included)" : means.length + " fork means";
        double spread = single ? Double.NaN : sd(means) / Math.abs(mean(means));
        boolean positive = java.util.Arrays.stream(units).allMatch(v -> v > 0 && Double.isFinite(v));
        // The rounds after the pilot, where there are two or more of them (forks are rounds, one fork a round).
        int from = single || means.length - spreadFrom < 2 ? 0 : Math.max(0, spreadFrom);
        if (from > 0) {
            over += ", spread over the " + (means.length - from) + " after the " + from + " that chose them";
        }
        if (positive) {
            MeanInterval onLogs = MeanInterval.onLogs(units, confidence, from);
            double score = Math.exp(onLogs.centre());
            double low = Math.exp(onLogs.centre() - onLogs.half());
            double high = Math.exp(onLogs.centre() + onLogs.half());
            return new ForkInterval(score, low, high, (high - low) / 2 / score, spread, means.length,
                    "t over the logs of " + over, from);
        }
        MeanInterval plain = MeanInterval.of(units, confidence, from);
        double centre = plain.centre();
        double low = Math.max(0, centre - plain.half());
        double high = centre + plain.half();
        return new ForkInterval(centre, low, high, centre == 0 ? Double.NaN : (high - low) / 2 / Math.abs(centre), spread,
                means.length, "t over " + over, from);
    }

    /** Whether an interval exists (at least two values to spread). */
    public boolean bounded() {
        return Double.isFinite(relativeHalfWidth);
    }

    /**
     * E.g. {@code ±3.2 %}, {@code ±>1000 %} for an interval many times wider than its score (two samples at 99.9 %
     * give a t of 637, and its exponent is no figure to print), or {@code ±?} when no interval exists.
     */
    public String text() {
        return !bounded() ? "±?" : relativeHalfWidth > 10 ? "±>1000 %"
                : String.format(Locale.ROOT, "±%.1f %%", 100 * relativeHalfWidth);
    }

    /** About how many forks would reach {@code target} if they go on spreading as these did; -1 below two forks. */
    public int forksFor(double target, double confidence) {
        if (!Double.isFinite(forkSpread) || forks < 2) {
            return -1;
        }
        return Reach.forksFor(forkSpread, target, confidence);
    }

    private static double mean(double[] v) {
        return Mean.of(v).getAsDouble();
    }

    /** The bias-corrected (n - 1) sample standard deviation. */
    private static double sd(double[] v) {
        return v.length < 2 ? Double.NaN : StandardDeviation.of(v).getAsDouble();
    }
}
