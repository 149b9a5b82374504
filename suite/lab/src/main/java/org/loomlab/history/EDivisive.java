package org.loomlab.history;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.TreeSet;

/**
 * E-Divisive means: the hierarchical change-point search of Matteson and James ("A Nonparametric Approach for Multiple
 * Change Point Analysis of Multivariate Data", JASA 2014), with exponent 1, as MongoDB runs it on its nightly performance
 * results (Daly et al., "Change Point Detection in Software Performance Testing", ICPE 2020). Each step splits one
 * segment of the series where the energy distance between its two sides, weighted by their sizes, is largest; a
 * permutation test (the values shuffled within each segment) says whether that split is more than the largest split
 * of a series with no change. Steps go on until a split is not significant.
 *
 * <p>No distribution is assumed, so it suits run-level benchmark scores, whose noise is skewed and heavy-tailed. The
 * permutations come from one seeded generator per series, so the same series gives the same points every time.
 * Each side of a split holds at least two values (a side's within-distance needs two): a change is seen once two runs
 * show it, and with few runs only a large one can be (2 runs after a change among 16 give p of about 1/60 at best).
 */
public final class EDivisive {

    /** A significant split: the first index of the values after it, its statistic and its permutation p-value. */
    public record Split(int at, double statistic, double p) {
    }

    private static final int MIN_SIDE = 2;

    private final int permutations;
    private final double alpha;
    private final long seed;

    /**
     * @param permutations shuffles per step; the smallest p is {@code 1 / (permutations + 1)}
     * @param alpha        the largest p at which a split is kept
     * @param seed         of the shuffles
     */
    public EDivisive(int permutations, double alpha, long seed) {
        if (permutations < 1 || !(alpha > 0 && alpha < 1)) {
            throw new IllegalArgumentException("E-Divisive needs permutations >= 1 and 0 < alpha < 1");
        }
        this.permutations = permutations;
        this.alpha = alpha;
        this.seed = seed;
    }

    /** The significant splits of {@code values}, in the order they were found. */
    public List<Split> splits(double[] values) {
        Random random = new Random(seed);
        TreeSet<Integer> bounds = new TreeSet<>(List.of(0, values.length));
        List<Split> found = new ArrayList<>();
        while (true) {
            List<int[]> segments = segments(bounds);
            double[] best = strongest(values, segments);
            if (best == null) {
                return found;
            }
            double p = pValue(values, segments, best[0], random);
            if (p > alpha) {
                return found;
            }
            found.add(new Split((int) best[1], best[0], p));
            bounds.add((int) best[1]);
        }
    }

    private static List<int[]> segments(TreeSet<Integer> bounds) {
        List<int[]> out = new ArrayList<>();
        Integer from = null;
        for (int b : bounds) {
            if (from != null) {
                out.add(new int[]{from, b});
            }
            from = b;
        }
        return out;
    }

    /** The largest statistic over every segment's best split and where it is, or null when no segment can split. */
    private static double[] strongest(double[] values, List<int[]> segments) {
        double[] best = null;
        for (int[] s : segments) {
            double[] split = bestSplit(values, s[0], s[1]);
            if (split != null && (best == null || split[0] > best[0])) {
                best = split;
            }
        }
        return best;
    }

    /**
     * The p-value of {@code observed}: how often the values shuffled within each segment give as large a statistic
     * (counting the observed series as one of them). Stops early once the split can no longer be significant.
     */
    private double pValue(double[] values, List<int[]> segments, double observed, Random random) {
        double[] shuffled = values.clone();
        List<Double> segment = new ArrayList<>();
        int asLarge = 0;
        // A shuffle that keeps each side's values together gives the same statistic; rounding must not hide that tie.
        double tie = observed - 1e-12 * Math.abs(observed);
        for (int r = 0; r < permutations; r++) {
            for (int[] s : segments) {
                segment.clear();
                for (int i = s[0]; i < s[1]; i++) {
                    segment.add(values[i]);
                }
                Collections.shuffle(segment, random);
                for (int i = s[0]; i < s[1]; i++) {
                    shuffled[i] = segment.get(i - s[0]);
                }
            }
            double[] best = strongest(shuffled, segments);
            if (best != null && best[0] >= tie) {
                asLarge++;
                if (asLarge + 1 > alpha * (permutations + 1)) {
                    return (asLarge + 1.0) / (r + 2);
                }
            }
        }
        return (asLarge + 1.0) / (permutations + 1);
    }

    /**
     * The split of {@code values[from, to)} with the largest size-weighted energy statistic ({@link #statistic}), as
     * {statistic, index}; null when the segment is too short for two sides.
     */
    static double[] bestSplit(double[] values, int from, int to) {
        double[][] best = {null};
        forEachSplit(values, from, to, (at, left, right, between, withinLeft, withinRight) -> {
            double q = statistic(left, right, between, withinLeft, withinRight);
            if (best[0] == null || q > best[0][0]) {
                best[0] = new double[]{q, at};
            }
        });
        return best[0];
    }

    /**
     * {@code Q = m n / (m + n) (2/(m n) sum|x - y| - sum|x - x'| / C(m, 2) - sum|y - y'| / C(n, 2))} of a split with
     * {@code m} values on the left and {@code n} on the right: the within-side means are over distinct pairs (Matteson
     * and James's U-statistic).
     */
    static double statistic(int m, int n, double between, double withinLeft, double withinRight) {
        double energy = 2 * between / ((double) m * n) - withinLeft / (m * (m - 1) / 2.0) - withinRight / (n * (n - 1) / 2.0);
        return (double) m * n / (m + n) * energy;
    }

    /** The distance sums of one split; each within-side sum counts a pair once. */
    @FunctionalInterface
    interface SplitSums {
        void accept(int at, int left, int right, double between, double withinLeft, double withinRight);
    }

    /**
     * Every split of {@code values[from, to)} whose sides hold {@link #MIN_SIDE} values or more, in order, with its
     * first index after the split. Moving one value from the right side to the left updates the three sums in O(n), so
     * a segment costs O(n^2).
     */
    static void forEachSplit(double[] values, int from, int to, SplitSums sink) {
        int n = to - from;
        if (n < 2 * MIN_SIDE) {
            return;
        }
        double within = 0;
        for (int i = from; i < to; i++) {
            for (int j = i + 1; j < to; j++) {
                within += Math.abs(values[i] - values[j]);
            }
        }
        double left = 0;
        double right = within;
        double between = 0;
        for (int at = from; at < to - MIN_SIDE; at++) {
            double moved = values[at];
            double toLeft = 0;
            for (int i = from; i < at; i++) {
                toLeft += Math.abs(values[i] - moved);
            }
            double toRight = 0;
            for (int j = at + 1; j < to; j++) {
                toRight += Math.abs(values[j] - moved);
            }
            left += toLeft;
            right -= toRight;
            between += toRight - toLeft;
            int m = at + 1 - from;
            if (m >= MIN_SIDE) {
                sink.accept(at + 1, m, n - m, between, left, right);
            }
        }
    }
}
