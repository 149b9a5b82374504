package org.loomlab.record;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * How precise a cell's score is and what it cost: the interval is over JVM forks (the unit of
 * replication), so JVM-to-JVM variance is inside it, and warm-up never is. A cell stops when its
 * interval reaches the profile's target or its budget is spent, whichever comes first.
 *
 * @param confidence        level of the interval, e.g. 0.95
 * @param target            relative half-width the profile asked for, e.g. 0.05; null for none (smoke)
 * @param relativeHalfWidth what was reached: (ci_high - ci_low) / 2 / score, over the fork means, or with one fork over
 *                          its own samples ({@code method} says which; the talk's settings measure so); null without
 *                          an interval
 * @param forks             measured JVM forks whose samples are in the score
 * @param samplesPerFork    measured samples each fork contributed
 * @param warmupDiscarded   warm-up iterations (or windows) per fork left out of the samples
 * @param budgetSeconds     the time the cell was allowed to spend measuring
 * @param budgetExhausted   the budget (or the fork limit) ran out before the target was reached
 * @param forkSpread        the forks' coefficient of variation (sd / mean of the fork means); null below two forks
 * @param method            how the interval was computed, e.g. {@code t over log fork means}
 * @param interleavedOn     the axis along which this cell's forks took turns with its neighbours' (A1 B1 A2 B2 ...,
 *                          {@code run --interleave}), so that comparing them needs no run-to-run allowance; null when
 *                          its forks ran back to back
 * @param warmupSeconds     the warm-up time per fork that {@code warmupDiscarded} stands for, as the profile set it
 *                          (a JMH iteration lasts at least one operation, so a dinner longer than it warms for longer);
 *                          null in records made before it was kept (their count alone does not tell quick's first,
 *                          1 s warm-up from its 3 s one; docs/NOTES.md, "History moved out of code comments")
 * @param sampleSpread      with one fork of two or more samples, those samples' coefficient of variation: fork means spread
 *                          at least about {@code sampleSpread / sqrt(samplesPerFork)} (a fork's mean carries its samples'
 *                          noise, and JVM-to-JVM variance on top), so it prices a floor under what an interval over forks
 *                          would take; null otherwise and in records made before it was kept
 * @param usualSpread       the median fork spread of this cell in earlier runs on this host (three or more forks each),
 *                          which the loop also judged the forks by: it stops on the target only with as many forks as
 *                          that spread needs, and prices what is missing by the wider of the two; null without such
 *                          runs and in records made before it was kept
 * @param spreadFrom        the forks (rounds) at the start whose spread chose how many the cell ran, a two-stage rule's
 *                          pilot: the interval's spread is over the forks after them, so it does not depend on what
 *                          stopped the cell (its centre keeps them); null where every fork's spread counts
 */
public record Precision(double confidence, Double target, Double relativeHalfWidth, int forks, int samplesPerFork,
                        int warmupDiscarded, double budgetSeconds, boolean budgetExhausted, Double forkSpread,
                        String method, @JsonInclude(JsonInclude.Include.NON_NULL) String interleavedOn,
                        @JsonInclude(JsonInclude.Include.NON_NULL) Double warmupSeconds,
                        @JsonInclude(JsonInclude.Include.NON_NULL) Double sampleSpread,
                        @JsonInclude(JsonInclude.Include.NON_NULL) Double usualSpread,
                        @JsonInclude(JsonInclude.Include.NON_NULL) Integer spreadFrom) {

    /** The precision of a cell whose forks ran back to back, its warm-up time not said. */
    public Precision(double confidence, Double target, Double relativeHalfWidth, int forks, int samplesPerFork,
                     int warmupDiscarded, double budgetSeconds, boolean budgetExhausted, Double forkSpread, String method) {
        this(confidence, target, relativeHalfWidth, forks, samplesPerFork, warmupDiscarded, budgetSeconds, budgetExhausted,
                forkSpread, method, null, null, null, null);
    }

    /** A precision whose interval's spread is over every fork. */
    public Precision(double confidence, Double target, Double relativeHalfWidth, int forks, int samplesPerFork,
                     int warmupDiscarded, double budgetSeconds, boolean budgetExhausted, Double forkSpread, String method,
                     String interleavedOn, Double warmupSeconds, Double sampleSpread, Double usualSpread) {
        this(confidence, target, relativeHalfWidth, forks, samplesPerFork, warmupDiscarded, budgetSeconds, budgetExhausted,
                forkSpread, method, interleavedOn, warmupSeconds, sampleSpread, usualSpread, null);
    }

    /** This precision, reached with forks that took turns along {@code axis}. */
    public Precision interleaved(String axis) {
        return new Precision(confidence, target, relativeHalfWidth, forks, samplesPerFork, warmupDiscarded, budgetSeconds,
                budgetExhausted, forkSpread, method, axis, warmupSeconds, sampleSpread, usualSpread, spreadFrom);
    }

    /**
     * The relative half-width over two or more forks, null otherwise: one fork's interval over its own samples leaves
     * out how JVMs differ (a 21 s dinner read ±0.3 % from one fork's two iterations), so it reaches no target.
     */
    public Double acrossForks() {
        return forks >= 2 ? relativeHalfWidth : null;
    }

    /**
     * Whether the cell is to be flagged as short of its target: its budget ran out first, or one fork stood for it with
     * a target set, whatever the fork's own samples say (older records did not flag it when they agreed; read back, they
     * are flagged now).
     */
    public boolean shortOfTarget() {
        return budgetExhausted || target != null && forks < 2;
    }

    /**
     * Whether the target was set and reached over two or more forks, and not flagged short of it: an interval within the
     * target on fewer forks than the cell's usual spread needs is flagged ({@code usualSpread}).
     */
    public boolean reached() {
        Double reachedWidth = acrossForks();
        return target != null && reachedWidth != null && reachedWidth <= target && !budgetExhausted;
    }

    /** The forks left out of the interval's spread ({@code spreadFrom}): 0 where every fork's spread counts. */
    public int pilotLeftOut() {
        return spreadFrom == null ? 0 : spreadFrom;
    }
}
