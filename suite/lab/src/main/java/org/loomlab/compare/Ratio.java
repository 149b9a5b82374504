package org.loomlab.compare;

import com.fasterxml.jackson.annotation.JsonValue;
import org.apache.commons.statistics.descriptive.Mean;
import org.apache.commons.statistics.descriptive.Median;
import org.apache.commons.statistics.descriptive.Variance;
import org.loomlab.stats.LogRatio;

import java.util.Arrays;
import java.util.List;

/**
 * How many times B's values are A's, with a confidence interval and a two-sided p-value. The unit of
 * replication is the JVM fork: iterations of one JVM share its JIT decisions, heap layout and placement,
 * so treating them as independent makes intervals too narrow. With at least two forks a side, each fork
 * counts once (the log of its mean) and B/A is exp(mean log B - mean log A) with a Welch t interval.
 * With one fork a side, only the samples are left: the Hodges-Lehmann ratio with the interval that
 * inverts the exact rank test, which knows nothing of JVM-to-JVM variance. Runs made apart move by more than their
 * forks say; with repeated runs a side the run is the unit instead ({@link #overRuns}). Logs make the shift a
 * ratio, so a 2 % noise band means the same for milliseconds and for requests per second.
 *
 * @param estimate B/A
 * @param low      lower end of the interval; 0 when the samples are too few to bound it
 * @param high     upper end of the interval; +infinity when the samples are too few to bound it
 * @param pValue   two-sided p-value of "A and B are the same"
 * @param method   what was compared
 * @param logSe    the standard error of log B/A the interval's t scales; NaN when the interval is not a t interval
 * @param df       the degrees of freedom of that t; NaN when the interval is not a t interval
 */
public record Ratio(double estimate, double low, double high, double pValue, Method method, double logSe, double df) {

    /** A ratio whose interval is no t interval (ranks, or given). */
    public Ratio(double estimate, double low, double high, double pValue, Method method) {
        this(estimate, low, high, pValue, method, Double.NaN, Double.NaN);
    }

    /** What a ratio's interval rests on. */
    public enum Method {
        /** Welch's t over the logs of the fork means: JVM-to-JVM variance is inside the interval. */
        FORKS("welch t over log fork means"),
        /** Every fork alike (counts, say): the exact rank test over the fork means. */
        FORK_RANKS("exact rank test over fork means"),
        /** One fork on a side: the exact rank test over its samples, as if they were independent. */
        SAMPLES("exact rank test over samples"),
        /**
         * Lanes that took turns: a paired t over the per-round log ratios, on rounds - 1 degrees of freedom. Whatever
         * drifted during the run reached both forks of a round, so it cancels in their ratio instead of widening it.
         */
        PAIRED("paired t over per-round log ratios"),
        /**
         * Repeated runs a side, the run the unit: each run counts once (the mean of its forks' log means), and a Welch t
         * over the runs' values on Welch-Satterthwaite degrees of freedom. The runs' own spread is the run-to-run
         * variance, so nothing is added for it.
         */
        RUNS("welch t over runs' mean log fork means");

        private final String label;

        Method(String label) {
            this.label = label;
        }

        @JsonValue
        public String label() {
            return label;
        }
    }

    /** False when the samples cannot reach the asked confidence at all (3 against 3 reach 90 % at most). */
    public boolean bounded() {
        return low > 0 && high < Double.POSITIVE_INFINITY;
    }

    /** Half the interval's width on the log scale: how far from the estimate the data cannot tell apart. */
    public double logHalfWidth() {
        return bounded() ? (Math.log(high) - Math.log(low)) / 2 : Double.POSITIVE_INFINITY;
    }

    /**
     * The rounds' own spread of log B/A (their standard deviation) for a paired ratio: its standard error times the
     * root of its rounds; NaN for any other method. What more rounds at that spread would narrow, not what these did.
     */
    public double roundSpread() {
        return method == Method.PAIRED ? logSe * Math.sqrt(df + 1) : Double.NaN;
    }

    /**
     * B/A from samples grouped by fork: over forks when both sides have two or more, else over samples.
     *
     * @param a          the baseline's forks, each a non-empty array of positive samples
     * @param b          the candidate's forks
     * @param confidence e.g. 0.95
     */
    public static Ratio of(List<double[]> a, List<double[]> b, double confidence) {
        return of(a, b, confidence, 1);
    }

    /**
     * @param widen the factor by which the forks' standard error understates how two runs differ ({@link RunToRun});
     *              1 for cells of one run
     */
    public static Ratio of(List<double[]> a, List<double[]> b, double confidence, double widen) {
        return of(a, b, confidence, widen, 0);
    }

    /**
     * @param runVariance tau², the variance of a run's log mean about the cell's true one that its forks do not show
     *                    ({@link RunToRun#runVariance}); each side adds it once, so the difference's variance gains 2 tau².
     *                    0 when the runs' shifts are left to {@code widen}.
     */
    public static Ratio of(List<double[]> a, List<double[]> b, double confidence, double widen, double runVariance) {
        if (a.size() >= 2 && b.size() >= 2) {
            return forks(a, b, confidence, widen, runVariance);
        }
        return samples(flat(a), flat(b), confidence);
    }

    /**
     * B/A of two lanes whose forks took turns: the i-th fork of A pairs with the i-th of B (their rounds already joined,
     * {@link Rounds#join}; or lanes still running, where position is round), and B/A is exp(mean of log(B_r / A_r)) with
     * a paired t interval. Fewer than two rounds fall back to {@link #of(List, List, double)}. Lanes whose fork counts
     * differ pair their first forks only (a lane that dropped out keeps its rounds up to then), right only where position
     * is round.
     * Rounds whose ratios are all alike stay paired: the interval is the estimate itself, of zero width (p 1 when that is
     * 1, else 0), which {@link #degenerate()} tells.
     *
     * @param a the baseline lane's forks in round order
     * @param b the other lane's forks in round order
     */
    public static Ratio paired(List<double[]> a, List<double[]> b, double confidence) {
        return paired(a, b, confidence, 0);
    }

    /**
     * {@link #paired(List, List, double)} whose spread leaves out the first {@code spreadFrom} rounds, which chose how
     * many rounds the lanes run (a two-stage stopping rule): the shift is over every round, its standard error from the
     * later rounds' spread, on their degrees of freedom, so the interval does not narrow when the pilot happened to
     * agree. Below two later rounds every round's spread counts, as with 0.
     */
    public static Ratio paired(List<double[]> a, List<double[]> b, double confidence, int spreadFrom) {
        int rounds = Math.min(a.size(), b.size());
        if (rounds < 2) {
            return of(a, b, confidence);
        }
        double[] la = logMeans(a.subList(0, rounds));
        double[] lb = logMeans(b.subList(0, rounds));
        LogRatio d = LogRatio.paired(la, lb, confidence, spreadFrom);
        // Logs of ratios alike in exact arithmetic differ in their last bits in doubles: such a spread is no spread.
        if (d == null || !(d.se() * Math.sqrt(rounds) > ROUNDING)) {
            // Every round's ratio the same (counts, say): no spread to scale a t by, and none to doubt the shift by.
            double shift = 0;
            for (int r = 0; r < rounds; r++) {
                shift += (lb[r] - la[r]) / rounds;
            }
            return new Ratio(Math.exp(shift), Math.exp(shift), Math.exp(shift), shift == 0 ? 1 : 0, Method.PAIRED, 0,
                    rounds - 1);
        }
        return of(d, Method.PAIRED);
    }

    /** The spread of log ratios below which rounds count as all alike: rounding of the logs, not measurement. */
    private static final double ROUNDING = 1e-12;

    /** A paired ratio whose rounds' ratios were all alike: an interval of zero width, not a measured one. */
    public boolean degenerate() {
        return method == Method.PAIRED && logSe == 0;
    }

    /**
     * Two lanes' forks joined on their rounds: the rounds both lanes have, in round order, and how many rounds one lane
     * has and the other lacks (a fork that failed or measured nothing leaves its round out), which are dropped from both:
     * pairing by position would pair every later round with the wrong one.
     */
    public record Rounds(List<double[]> a, List<double[]> b, int dropped) {

        /** @param a the baseline's forks by round; {@code b} the other lane's */
        public static Rounds join(java.util.SortedMap<Integer, double[]> a, java.util.SortedMap<Integer, double[]> b) {
            List<double[]> ja = new java.util.ArrayList<>();
            List<double[]> jb = new java.util.ArrayList<>();
            a.forEach((round, fork) -> {
                if (b.containsKey(round)) {
                    ja.add(fork);
                    jb.add(b.get(round));
                }
            });
            return new Rounds(List.copyOf(ja), List.copyOf(jb), a.size() + b.size() - 2 * ja.size());
        }
    }

    /**
     * Why no ratio of {@code a} and {@code b} can be had, or null: a value of 0 or less (a count of 0 has no log), or
     * one not finite. Asked before comparing, so such a row says why instead of failing.
     */
    public static String whyNone(List<double[]> a, List<double[]> b) {
        for (List<double[]> side : List.of(a, b)) {
            for (double[] fork : side) {
                for (double v : fork) {
                    if (!(v > 0) || Double.isInfinite(v)) {
                        return String.format(java.util.Locale.ROOT, "%s has a value of %s; a ratio needs values above 0",
                                side == a ? "A" : "B", v == 0 ? "0" : String.valueOf(v));
                    }
                }
            }
        }
        return null;
    }

    /**
     * B/A with repeated runs as the unit (Kalibera and Jones: a run's level varies from run to run by a term of its own,
     * which no number of forks within a run shrinks). Each run of a side counts once, by the mean of its forks' log
     * means; B/A is exp(mean over B's runs - mean over A's runs) with a Welch t interval over the runs' values and
     * Welch-Satterthwaite degrees of freedom. No run-to-run allowance is added: the runs' spread is it.
     *
     * <p>Fewer than two runs on a side, or runs whose values are all alike on both sides, fall back to today's rule
     * between two runs: each side's forks pooled over its runs, {@link #of(List, List, double, double, double)} with the
     * given allowance.
     *
     * @param a           the baseline's runs, each its forks (each a non-empty array of positive samples); a run without
     *                    forks for the cell is left out
     * @param b           the candidate's runs
     * @param widen       the fallback's factor ({@link RunToRun})
     * @param runVariance the fallback's tau² ({@link RunToRun#runVariance})
     */
    public static Ratio overRuns(List<List<double[]>> a, List<List<double[]>> b, double confidence, double widen,
                                 double runVariance) {
        double[] ra = runMeans(a);
        double[] rb = runMeans(b);
        if (ra.length < 2 || rb.length < 2) {
            return of(pooled(a), pooled(b), confidence, widen, runVariance);
        }
        double va = Variance.of(ra).getAsDouble();
        double vb = Variance.of(rb).getAsDouble();
        if (va == 0 && vb == 0) {
            return of(pooled(a), pooled(b), confidence, widen, runVariance);
        }
        return of(LogRatio.welch(ra, rb, confidence), Method.RUNS);
    }

    /** B/A and its interval from a shift on the log scale the kernel computed. */
    private static Ratio of(LogRatio d, Method method) {
        return new Ratio(Math.exp(d.shift()), Math.exp(d.shift() - d.half()), Math.exp(d.shift() + d.half()), d.pValue(),
                method, d.se(), d.df());
    }

    /** Each run's value: the mean of its forks' log means; runs without forks are left out. */
    static double[] runMeans(List<List<double[]>> runs) {
        return runs.stream().filter(forks -> !forks.isEmpty())
                .mapToDouble(forks -> Mean.of(logMeans(forks)).getAsDouble()).toArray();
    }

    private static List<double[]> pooled(List<List<double[]>> runs) {
        return runs.stream().flatMap(List::stream).toList();
    }

    /**
     * How far B's fork means lie from A's in units of the standard error of the difference of their log means
     * (Welch's t statistic), with its Welch-Satterthwaite degrees of freedom; null when either side has fewer than two
     * forks or neither has spread.
     */
    static double[] welch(List<double[]> a, List<double[]> b) {
        if (a.size() < 2 || b.size() < 2) {
            return null;
        }
        double[] la = logMeans(a);
        double[] lb = logMeans(b);
        if (Variance.of(la).getAsDouble() == 0 && Variance.of(lb).getAsDouble() == 0) {
            return null;
        }
        LogRatio t = LogRatio.welch(la, lb, 0.95);
        return new double[] {t.statistic(), t.df()};
    }

    /**
     * Welch's t interval on the logs of the fork means, its standard error times {@code widen}; every fork alike on
     * both sides falls to ranks.
     */
    static Ratio forks(List<double[]> a, List<double[]> b, double confidence, double widen) {
        return forks(a, b, confidence, widen, 0);
    }

    /**
     * With a run variance tau², se² = sA²/nA + sB²/nB + 2 tau² on the forks' Welch degrees of freedom: tau² was
     * estimated elsewhere and brings no degrees of freedom of its own here, so the forks' df is the cap.
     */
    static Ratio forks(List<double[]> a, List<double[]> b, double confidence, double widen, double runVariance) {
        double[] la = logMeans(a);
        double[] lb = logMeans(b);
        double va = Variance.of(la).getAsDouble();
        double vb = Variance.of(lb).getAsDouble();
        if (va == 0 && vb == 0) {
            // No spread to scale a t by: ranks still say how unlikely the split is (2 against 2 forks: p >= 1/3).
            Ratio r = samples(exp(la), exp(lb), confidence);
            return new Ratio(r.estimate, r.low, r.high, r.pValue, Method.FORK_RANKS);
        }
        return of(LogRatio.welch(la, lb, confidence, widen, runVariance), Method.FORKS);
    }

    /**
     * The Hodges-Lehmann ratio (the median of all pairwise ratios b_j / a_i) with the shifts the exact rank
     * test does not reject at the asked level as its interval.
     */
    static Ratio samples(double[] a, double[] b, double confidence) {
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
        RankSum test = new RankSum();
        // The test rejects at p <= alpha. 1 - 0.9 is 0.09999999999999998 in doubles, and 3 against 3 samples
        // reach p = 0.1 exactly: without the tolerance a 90 % interval would never close.
        double rejectBelow = (1 - confidence) * (1 + 1e-9);
        // Try one shift in each gap between neighbouring pairwise differences (and one beyond each end):
        // the test's verdict only changes where a difference is crossed.
        int first = -1;
        int last = -1;
        for (int gap = 0; gap <= cuts.length; gap++) {
            double shift = gap == 0 ? cuts[0] - 1 : gap == cuts.length ? cuts[gap - 1] + 1 : (cuts[gap - 1] + cuts[gap]) / 2;
            if (test.pValue(minus(lb, shift), la) > rejectBelow) {
                if (first < 0) {
                    first = gap;
                }
                last = gap;
            }
        }
        double low = first < 0 ? estimate : first == 0 ? Double.NEGATIVE_INFINITY : cuts[first - 1];
        double high = last < 0 ? estimate : last == cuts.length ? Double.POSITIVE_INFINITY : cuts[last];
        return new Ratio(Math.exp(estimate), Math.exp(low), Math.exp(high), test.pValue(lb, la), Method.SAMPLES);
    }

    static double[] logMeans(List<double[]> forks) {
        double[] out = new double[forks.size()];
        for (int i = 0; i < out.length; i++) {
            logs(forks.get(i)); // every sample positive, not just the mean
            out[i] = Math.log(Mean.of(forks.get(i)).getAsDouble());
        }
        return out;
    }

    private static double[] logs(double[] values) {
        if (values.length == 0) {
            throw new IllegalArgumentException("no samples to compare");
        }
        double[] out = new double[values.length];
        for (int i = 0; i < values.length; i++) {
            if (!(values[i] > 0) || Double.isInfinite(values[i])) {
                throw new IllegalArgumentException("a ratio needs positive samples, got " + values[i]);
            }
            out[i] = Math.log(values[i]);
        }
        return out;
    }

    private static double[] flat(List<double[]> forks) {
        return forks.stream().flatMapToDouble(Arrays::stream).toArray();
    }

    private static double[] exp(double[] logs) {
        return Arrays.stream(logs).map(Math::exp).toArray();
    }

    private static double[] minus(double[] values, double shift) {
        return Arrays.stream(values).map(v -> v - shift).toArray();
    }
}
