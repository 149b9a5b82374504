package org.loomlab.stats;

import org.apache.commons.statistics.distribution.TDistribution;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

/**
 * Student's t, the one place the lab asks Commons Statistics for it: the quantiles its intervals scale a standard
 * error by and the tails its p-values come from. Each caller keeps the form it always asked in (a lower quantile at
 * {@code 1 - alpha / 2}, or the point with {@code alpha / 2} above it), since the two can differ in the last bit.
 */
public final class StudentT {

    /** Distributions on whole degrees of freedom, the common case (forks - 1, rounds - 1); Welch's df are not kept. */
    private static final ConcurrentMap<Double, TDistribution> WHOLE = new ConcurrentHashMap<>();

    private StudentT() {
    }

    /** The two-sided t at {@code confidence} on {@code df}: the quantile at 1 - (1 - confidence) / 2. */
    public static double twoSided(double df, double confidence) {
        return quantile(df, 1 - (1 - confidence) / 2);
    }

    /** The {@code p} quantile on {@code df}. */
    public static double quantile(double df, double p) {
        return of(df).inverseCumulativeProbability(p);
    }

    /** The t with probability {@code tail} above it on {@code df} (Commons computes it from the upper tail). */
    public static double above(double df, double tail) {
        return of(df).inverseSurvivalProbability(tail);
    }

    /** The probability above {@code t} on {@code df}. */
    public static double survival(double df, double t) {
        return of(df).survivalProbability(t);
    }

    private static TDistribution of(double df) {
        if (df == Math.rint(df) && df >= 1 && df <= 1000) {
            return WHOLE.computeIfAbsent(df, TDistribution::of);
        }
        return TDistribution.of(df);
    }
}
