package org.loomlab.record;

import com.fasterxml.jackson.annotation.JsonInclude;

import java.util.ArrayList;
import java.util.List;

/**
 * How a cell's variance splits between JVMs and iterations: a one-way random-effects model of the log samples, fork
 * the group (Kalibera and Jones, "Rigorous benchmarking in reasonable time", ISMM 2013). A log sample is the cell's
 * level, plus its fork's offset (variance {@code jvmVariance}, the same for every iteration of that JVM), plus its
 * iteration's own noise (variance {@code iterationVariance}). A fork mean of n iterations then varies by
 * {@code jvmVariance + iterationVariance / n}; the shares say which part of that more forks shrink and which more
 * iterations would. Estimated by ANOVA: the within-fork mean square is the iteration variance, and what the between-fork
 * mean square holds beyond it, over the effective iterations a fork, is the JVM variance. That difference comes out
 * negative when the iterations of one fork spread more than fork means do (two dinners of one JVM further apart than
 * two JVMs' means): the JVM variance is then 0 and {@code truncated} says so, since a negative variance explains nothing.
 *
 * <p>Alongside: a warm-up still going on (the mean log change from a fork's first measured iteration to its last, with
 * its t over forks: about -2 or below means the later iterations are faster in most forks), and what a fork's start and
 * warm-up cost against one measured iteration, which prices the optimal iterations a fork.
 *
 * @param forks              forks with samples
 * @param iterationsPerFork  the effective measured iterations a fork (the common count when every fork has the same)
 * @param jvmVariance        sigma_jvm², the variance of a fork's offset on the log scale; 0 when truncated
 * @param iterationVariance  sigma_iter², the variance of one iteration about its fork's level, on the log scale
 * @param jvmShare           sigma_jvm² / (sigma_jvm² + sigma_iter² / n): the part of a fork mean's variance that is
 *                           JVM-to-JVM, at this cell's n iterations a fork
 * @param iterationShare     1 - jvmShare: the part more iterations a fork would shrink
 * @param jvmDf              degrees of freedom of the between-fork mean square: forks - 1 (summed over runs pooled)
 * @param iterationDf        degrees of freedom of the within-fork mean square: samples - forks
 * @param truncated          the ANOVA estimate of sigma_jvm² was negative and is set to 0
 * @param warmupChange       the mean over forks of log(last measured iteration / first): below 0, later iterations are
 *                           faster; null with fewer than two forks of two or more samples
 * @param warmupT            that mean over its standard error across forks (t on forks - 1 degrees of freedom); null
 *                           with it, or when every fork changed alike
 * @param forkSeconds        what a fork costs before its first measured iteration: its JVM's start and warm-up, the
 *                           fork's seconds less its measured iterations'; null when not known
 * @param iterationSeconds   what one measured iteration costs; null when not known
 * @param optimalIterations  the measured iterations a fork that make the fork mean's variance least for the time spent
 *                           ({@link #optimalIterations(double, double, double)}); null without the costs
 */
public record VarianceComponents(int forks, double iterationsPerFork, double jvmVariance, double iterationVariance,
                                 double jvmShare, double iterationShare, int jvmDf, int iterationDf, boolean truncated,
                                 @JsonInclude(JsonInclude.Include.NON_NULL) Double warmupChange,
                                 @JsonInclude(JsonInclude.Include.NON_NULL) Double warmupT,
                                 @JsonInclude(JsonInclude.Include.NON_NULL) Double forkSeconds,
                                 @JsonInclude(JsonInclude.Include.NON_NULL) Double iterationSeconds,
                                 @JsonInclude(JsonInclude.Include.NON_NULL) Integer optimalIterations) {

    /** The fewest and most measured iterations a fork the optimum is bounded to: past these, other costs dominate. */
    public static final int FEWEST_ITERATIONS = 1;
    public static final int MOST_ITERATIONS = 50;

    /**
     * The components of one run's forks, each fork its log samples; null when they cannot be split (fewer than two
     * forks, no fork of two or more samples, or no spread at all).
     */
    public static VarianceComponents of(List<List<Double>> logForks) {
        return pooled(List.of(logForks));
    }

    /**
     * The components over several runs of the same cell, each run its forks' log samples: sums of squares are pooled,
     * the between-fork one about each run's own mean, so that how runs differ stays out of the JVM component (it is no
     * variance more forks of one run would shrink). Null as for {@link #of}.
     */
    public static VarianceComponents pooled(List<List<List<Double>>> runs) {
        double within = 0;
        double between = 0;
        int forks = 0;
        int samples = 0;
        int jvmDf = 0;
        double effective = 0; // sum over runs of N_r - sum n_i² / N_r, the ANOVA's n0 times the between df
        List<Double> changes = new ArrayList<>();
        for (List<List<Double>> run : runs) {
            List<List<Double>> kept = run.stream().filter(f -> !f.isEmpty()).toList();
            if (kept.isEmpty()) {
                continue;
            }
            int n = kept.stream().mapToInt(List::size).sum();
            double grand = kept.stream().flatMap(List::stream).mapToDouble(Double::doubleValue).sum() / n;
            double squares = 0;
            for (List<Double> fork : kept) {
                double mean = fork.stream().mapToDouble(Double::doubleValue).average().orElseThrow();
                for (double v : fork) {
                    within += (v - mean) * (v - mean);
                }
                between += fork.size() * (mean - grand) * (mean - grand);
                squares += (double) fork.size() * fork.size();
                if (fork.size() >= 2) {
                    changes.add(fork.get(fork.size() - 1) - fork.get(0));
                }
            }
            forks += kept.size();
            samples += n;
            jvmDf += kept.size() - 1;
            effective += n - squares / n;
        }
        int iterationDf = samples - forks;
        if (jvmDf < 1 || iterationDf < 1) {
            return null;
        }
        double msWithin = within / iterationDf;
        double msBetween = between / jvmDf;
        double n0 = effective / jvmDf;
        double raw = (msBetween - msWithin) / n0;
        boolean truncated = raw < 0;
        double jvm = Math.max(0, raw);
        double ofForkMean = jvm + msWithin / n0;
        if (!(ofForkMean > 0)) {
            return null;
        }
        double jvmShare = jvm / ofForkMean;
        Double change = null;
        Double t = null;
        if (changes.size() >= 2) {
            double mean = changes.stream().mapToDouble(Double::doubleValue).average().orElseThrow();
            double ss = changes.stream().mapToDouble(c -> (c - mean) * (c - mean)).sum();
            double se = Math.sqrt(ss / (changes.size() - 1) / changes.size());
            change = mean;
            t = se > 0 ? mean / se : null;
        }
        return new VarianceComponents(forks, n0, jvm, msWithin, jvmShare, 1 - jvmShare, jvmDf, iterationDf, truncated,
                change, t, null, null, null);
    }

    /**
     * These components with what a fork costs: {@code secondsPerFork} is a whole fork's time, start and warm-up and its
     * measured iterations, of {@code iterationSeconds} each; the optimum follows from their ratio. Unknown or
     * impossible costs (a fork no longer than its iterations) leave the costs out.
     */
    public VarianceComponents withCosts(Double secondsPerFork, Double iterationSeconds) {
        if (secondsPerFork == null || iterationSeconds == null || !(iterationSeconds > 0)) {
            return this;
        }
        double start = secondsPerFork - iterationsPerFork * iterationSeconds;
        if (!(start > 0)) {
            return this;
        }
        return new VarianceComponents(forks, iterationsPerFork, jvmVariance, iterationVariance, jvmShare, iterationShare,
                jvmDf, iterationDf, truncated, warmupChange, warmupT, start, iterationSeconds,
                optimalIterations(start / iterationSeconds, iterationVariance, jvmVariance));
    }

    /**
     * The measured iterations a fork that make a fork mean's variance least for a given time (Kalibera and Jones's
     * two-level optimum): n* = sqrt((c_fork / c_iter) * sigma_iter² / sigma_jvm²), rounded and bounded to
     * {@link #FEWEST_ITERATIONS}..{@link #MOST_ITERATIONS}; with no JVM variance, the most (every iteration is as good as
     * a fork, and cheaper).
     *
     * @param costRatio what a fork's start and warm-up cost over what one measured iteration costs
     */
    public static int optimalIterations(double costRatio, double iterationVariance, double jvmVariance) {
        if (!(costRatio > 0) || !(iterationVariance >= 0)) {
            throw new IllegalArgumentException("a cost ratio above 0 and a variance of 0 or more, got " + costRatio
                    + " and " + iterationVariance);
        }
        if (!(jvmVariance > 0)) {
            return MOST_ITERATIONS;
        }
        long n = Math.round(Math.sqrt(costRatio * iterationVariance / jvmVariance));
        return (int) Math.max(FEWEST_ITERATIONS, Math.min(MOST_ITERATIONS, n));
    }

    /** The variance of a fork mean of {@code iterations} measured iterations, on the log scale. */
    public double forkMeanVariance(double iterations) {
        return jvmVariance + iterationVariance / iterations;
    }

    /**
     * Each fork's samples on the log scale, or null when a sample is not positive and finite (a count of 0 has no log:
     * such a metric has no components).
     */
    public static List<List<Double>> logs(List<List<Double>> forks) {
        List<List<Double>> out = new ArrayList<>();
        for (List<Double> fork : forks) {
            List<Double> logs = new ArrayList<>();
            for (Double v : fork) {
                if (v == null || !(v > 0) || Double.isInfinite(v)) {
                    return null;
                }
                logs.add(Math.log(v));
            }
            out.add(logs);
        }
        return out;
    }

    /** The components of a cell's forks, from its samples on the log scale; null as for {@link #of}, or without logs. */
    public static VarianceComponents ofCell(Cell c) {
        List<List<Double>> logs = logs(c.forks());
        return logs == null ? null : of(logs);
    }
}
