package org.loomlab.history;

import org.apache.commons.statistics.descriptive.Median;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.TreeSet;

/**
 * When a cell's level changed over a series of runs: {@link EDivisive} proposes points on the logs of the runs' scores
 * (999 permutations, alpha 0.05, a fixed seed, so the same records give the same points), and a proposed point is kept
 * only when the runs' own intervals say the two sides differ.
 *
 * <p>The rule. A side of a point is the runs from the kept point before it (or the first run) to the kept point after
 * it (or the last run). Its level is the median of its runs' log scores, and its width the median of its runs'
 * interval half-widths in logs, {@code (log ci_high - log ci_low) / 2} (runs without an interval do not count; a side
 * where none has one has width 0). A point is kept when its sides' levels differ by more than the sum of their widths,
 * that is when the typical run's interval drawn around each side's level does not overlap the other side's, and by at
 * least 2 % whatever the widths: the noise band of {@code diff}'s verdicts (a capped throughput repeats to the last
 * digit, with an interval of zero width). Medians, so
 * that one wild run, or one run with a two-fork interval a hundred times wider than usual, moves neither. Points that
 * fail are dropped one at a time, the weakest first (smallest shift against its allowance), and the others are judged
 * again with their sides widened to the next kept point.
 *
 * <p>A slow drift is not a step: E-Divisive cuts it where the two sides differ most, near the middle of the drift, and
 * the rule keeps that cut once the drift has moved the level by more than the runs' intervals. So a drift shows as a
 * change point near its middle (the trend chart shows the slope), and a drift within the runs' intervals shows as none.
 */
public final class ChangeRule {

    /** A level change the rule kept: the first run after it (an index into the series), the two levels and the test's p. */
    public record Shift(int at, double before, double after, double p) {

        /** after / before. */
        public double ratio() {
            return after / before;
        }
    }

    static final int PERMUTATIONS = 999;
    static final double ALPHA = 0.05;
    static final long SEED = 20140101L;
    /** The smallest level change reported, as a log: 2 %, the noise band {@code diff} calls "same" by default. */
    static final double NEGLIGIBLE = Math.log(1.02);

    /** The method in a sentence, for the pages that show its points. */
    public static final String METHOD = "E-Divisive means (Matteson and James 2014) on the logs of the runs' scores, "
            + PERMUTATIONS + " permutations, alpha " + ALPHA + ", seed " + SEED + "; a point kept when the two sides' median "
            + "levels differ by more than their runs' median interval half-widths added, and by 2 % at least";

    private final EDivisive search;

    public ChangeRule() {
        this(new EDivisive(PERMUTATIONS, ALPHA, SEED));
    }

    ChangeRule(EDivisive search) {
        this.search = search;
    }

    /**
     * The kept level changes of a series of positive scores with their intervals ({@code NaN} where a run has none),
     * in the order of the runs.
     */
    public List<Shift> shifts(double[] scores, double[] lows, double[] highs) {
        int n = scores.length;
        if (lows.length != n || highs.length != n) {
            throw new IllegalArgumentException("scores and interval ends must be as many");
        }
        double[] logs = new double[n];
        double[] halfWidths = new double[n];
        for (int i = 0; i < n; i++) {
            if (!(scores[i] > 0)) {
                throw new IllegalArgumentException("score " + scores[i] + " has no log; valid: positive scores");
            }
            logs[i] = Math.log(scores[i]);
            halfWidths[i] = lows[i] > 0 && highs[i] >= lows[i] ? (Math.log(highs[i]) - Math.log(lows[i])) / 2 : Double.NaN;
        }
        List<EDivisive.Split> proposed = search.splits(logs);
        TreeSet<Integer> kept = new TreeSet<>(proposed.stream().map(EDivisive.Split::at).toList());
        while (true) {
            Integer weakest = kept.stream().filter(at -> margin(logs, halfWidths, kept, at) <= 1)
                    .min(Comparator.comparingDouble(at -> margin(logs, halfWidths, kept, at))).orElse(null);
            if (weakest == null) {
                break;
            }
            kept.remove(weakest);
        }
        List<Shift> out = new ArrayList<>();
        for (int at : kept) {
            int from = lowerOr(kept, at, 0);
            int to = higherOr(kept, at, n);
            double p = proposed.stream().filter(s -> s.at() == at).findFirst().orElseThrow().p();
            out.add(new Shift(at, Math.exp(median(logs, from, at)), Math.exp(median(logs, at, to)), p));
        }
        return out;
    }

    /** The point's shift over its allowance: above 1 it is kept. */
    private static double margin(double[] logs, double[] halfWidths, TreeSet<Integer> kept, int at) {
        int from = lowerOr(kept, at, 0);
        int to = higherOr(kept, at, logs.length);
        double shift = Math.abs(median(logs, at, to) - median(logs, from, at));
        double allowance = Math.max(NEGLIGIBLE, width(halfWidths, from, at) + width(halfWidths, at, to));
        return shift / allowance;
    }

    private static int lowerOr(TreeSet<Integer> kept, int at, int none) {
        Integer b = kept.lower(at);
        return b == null ? none : b;
    }

    private static int higherOr(TreeSet<Integer> kept, int at, int none) {
        Integer b = kept.higher(at);
        return b == null ? none : b;
    }

    private static double median(double[] values, int from, int to) {
        return Median.withDefaults().evaluate(Arrays.copyOfRange(values, from, to));
    }

    /** The median half-width of the runs in [from, to) that have an interval; 0 when none has. */
    private static double width(double[] halfWidths, int from, int to) {
        double[] known = Arrays.stream(halfWidths, from, to).filter(w -> !Double.isNaN(w)).toArray();
        return known.length == 0 ? 0 : Median.withDefaults().evaluate(known);
    }
}
