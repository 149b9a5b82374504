package org.loomlab.compare;

import org.apache.commons.statistics.inference.MannWhitneyUTest;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The two-sided p-value of the Wilcoxon rank-sum (Mann-Whitney) test, exact also when values tie.
 * The pitfall it guards against: Commons Statistics answers tied samples with its normal approximation
 * even when asked for the exact p, and for small samples that goes below anything the data can reach:
 * 22, 22, 22 against 23, 23, 23 gets p = 0.047, where no split of six values gives less than 2/20 = 0.1.
 * Here every split of the pooled midranks is counted instead, up to {@value #EXACT_UP_TO} values; beyond
 * that the approximation is fine and the smallest reachable p is far below any level asked.
 * One instance keeps the null distributions it counted, so inverting the test over many shifts is cheap.
 */
final class RankSum {

    /** Pooled sizes up to this are counted exactly when values tie. */
    static final int EXACT_UP_TO = 60;

    private final Map<List<Integer>, double[]> nulls = new HashMap<>();

    /** Two-sided p of "x and y come from the same distribution", never below {@link #floor}. */
    double pValue(double[] x, double[] y) {
        double[] pooled = new double[x.length + y.length];
        System.arraycopy(x, 0, pooled, 0, x.length);
        System.arraycopy(y, 0, pooled, x.length, y.length);
        Arrays.sort(pooled);
        boolean ties = false;
        for (int i = 1; i < pooled.length && !ties; i++) {
            ties = pooled[i] == pooled[i - 1];
        }
        double p;
        if (!ties || pooled.length > EXACT_UP_TO) {
            // Without ties Commons Statistics is exact for small samples (and approximates for large ones).
            p = MannWhitneyUTest.withDefaults().test(x, y).getPValue();
        } else {
            p = exact(x.length <= y.length ? x : y, pooled);
        }
        return Math.min(1, Math.max(Double.isNaN(p) ? 1 : p, floor(x.length, y.length)));
    }

    /** The smallest two-sided p any data of these sizes can give: both extreme splits of C(n+m, m). */
    static double floor(int n, int m) {
        double splits = 1;
        for (int i = 1; i <= Math.min(n, m); i++) {
            splits = splits * (Math.max(n, m) + i) / i;
        }
        return Math.min(1, 2 / splits);
    }

    /**
     * Counts the splits whose rank sum lies at least as far from its mean as the observed one. Ranks are
     * doubled midranks (a tie over positions i..j gets i + j), so every sum is an integer and nothing is rounded.
     */
    private double exact(double[] small, double[] pooled) {
        int n = pooled.length;
        int[] doubled = new int[n];
        for (int i = 0; i < n; ) {
            int j = i;
            while (j + 1 < n && pooled[j + 1] == pooled[i]) {
                j++;
            }
            for (int k = i; k <= j; k++) {
                doubled[k] = (i + 1) + (j + 1);
            }
            i = j + 1;
        }
        int observed = 0;
        for (double v : small) {
            observed += doubled[firstIndex(pooled, v)]; // every tied position has the same midrank
        }
        List<Integer> key = new ArrayList<>(Arrays.stream(doubled).boxed().toList());
        key.add(-small.length); // the distribution depends on the ranks and on how many of them are drawn
        double[] sums = nulls.computeIfAbsent(key, k -> sums(doubled, small.length));
        long mean = (long) small.length * (n + 1); // E[sum of doubled ranks]
        long far = Math.abs(observed - mean);
        double hit = 0;
        double all = 0;
        for (int s = 0; s < sums.length; s++) {
            all += sums[s];
            if (Math.abs(s - mean) >= far) {
                hit += sums[s];
            }
        }
        return hit / all;
    }

    /** How many subsets of {@code size} ranks have each sum: the null distribution of the rank sum. */
    private static double[] sums(int[] doubled, int size) {
        int max = 0;
        for (int r : doubled) {
            max += r;
        }
        double[][] ways = new double[size + 1][max + 1];
        ways[0][0] = 1;
        for (int i = 0; i < doubled.length; i++) {
            int r = doubled[i];
            for (int k = Math.min(i + 1, size); k >= 1; k--) {
                double[] into = ways[k];
                double[] from = ways[k - 1];
                for (int s = max; s >= r; s--) {
                    into[s] += from[s - r];
                }
            }
        }
        return ways[size];
    }

    private static int firstIndex(double[] sorted, double v) {
        int i = Arrays.binarySearch(sorted, v);
        while (i > 0 && sorted[i - 1] == v) {
            i--;
        }
        return i;
    }
}
