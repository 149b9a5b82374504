package org.loomlab.compare;

import com.fasterxml.jackson.annotation.JsonValue;

import java.util.Comparator;
import java.util.Locale;
import java.util.stream.IntStream;

/**
 * How the p-values of one family of comparisons (the cells of one diff, the pairs of one claim) are
 * adjusted before a verdict reads them. The pitfall: 117 cells compared at 95 % give about six
 * "changes" by chance alone when nothing changed.
 */
public enum Adjustment {
    /** Holm's step-down: the chance of any false verdict in the family stays below 1 - confidence. */
    HOLM,
    /** Benjamini-Hochberg: the expected share of false verdicts among the directional ones stays below it. */
    BH,
    /** Each comparison alone, as if it were the only one. */
    NONE;

    @JsonValue
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The adjusted p-values, in the order of {@code p}; each at least its raw p and at most 1. */
    public double[] adjust(double[] p) {
        int m = p.length;
        Integer[] order = IntStream.range(0, m).boxed().sorted(Comparator.comparingDouble(i -> p[i])).toArray(Integer[]::new);
        double[] out = new double[m];
        switch (this) {
            case NONE -> System.arraycopy(p, 0, out, 0, m);
            case HOLM -> {
                double running = 0; // step-down: an adjusted p never falls below a smaller raw p's
                for (int rank = 0; rank < m; rank++) {
                    running = Math.max(running, Math.min(1, (m - rank) * p[order[rank]]));
                    out[order[rank]] = running;
                }
            }
            case BH -> {
                double running = 1; // step-up: an adjusted p never rises above a larger raw p's
                for (int rank = m - 1; rank >= 0; rank--) {
                    running = Math.min(running, Math.min(1, (double) m / (rank + 1) * p[order[rank]]));
                    out[order[rank]] = running;
                }
            }
        }
        return out;
    }
}
