package org.loomlab.record;

import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.LinkedHashMap;

/**
 * One measured point of the matrix: an experiment with its parameters, its score with error
 * bars and raw samples, and how it ended.
 *
 * @param params       flat axis map; keys are the same words as the JMH {@code @Param} fields and the CLI
 * @param error        half-width of the confidence interval around {@code score}
 * @param samples      raw per-iteration values, in {@code unit}
 * @param percentiles  e.g. {@code p50, p90, p99, p99.9, max}, in {@code unit}; null when not measured
 * @param pinnedEvents JFR {@code jdk.VirtualThreadPinned} events seen; null when not recorded
 * @param rawFile      the raw result file kept beside run.json (JMH's own JSON), relative to the run directory
 * @param errors       operations that failed and were counted instead of ending the cell (HTTP errors);
 *                     null when the experiment does not count them
 * @param pinning      why and where virtual threads were pinned (reasons from JDK 24 on); null when not recorded
 * @param mealSpread   philosophers only: meals the whole table ate per meal of each dinner's winner, over the
 *                     measured dinners; 1 when only the winner ate, the number of philosophers when all ate alike.
 *                     A dinner ends when its first philosopher reaches the meals, so its time depends on this
 *                     as much as on the switching. Null when not measured
 * @param forkSamples  the measured samples grouped by JVM fork (warm-up excluded), the unit of replication for
 *                     intervals and verdicts; null in records made before forks were kept apart
 * @param precision    the interval's level, the precision reached against the profile's target, forks and budget;
 *                     null in older records
 * @param profiling    what the profilers asked for with {@code --prof} saw (JMH's secondary metrics, the flame
 *                     graph); null when the cell ran without one
 */
public record Cell(
        String experiment,
        Map<String, String> params,
        String metric,
        String unit,
        Double score,
        Double error,
        Double ciLow,
        Double ciHigh,
        List<Double> samples,
        Map<String, Double> percentiles,
        Long pinnedEvents,
        CellStatus status,
        String message,
        double wallSeconds,
        String rawFile,
        Long errors,
        Pinning pinning,
        Double mealSpread,
        List<List<Double>> forkSamples,
        Precision precision,
        Profiling profiling) {

    public Cell {
        params = Collections.unmodifiableMap(new LinkedHashMap<>(params));
        samples = samples == null ? List.of() : List.copyOf(samples);
        forkSamples = forkSamples == null ? null : forkSamples.stream().map(List::copyOf).toList();
    }

    /** A cell of an experiment that does not count errors. */
    public Cell(String experiment, Map<String, String> params, String metric, String unit, Double score, Double error,
                Double ciLow, Double ciHigh, List<Double> samples, Map<String, Double> percentiles, Long pinnedEvents,
                CellStatus status, String message, double wallSeconds, String rawFile) {
        this(experiment, params, metric, unit, score, error, ciLow, ciHigh, samples, percentiles, pinnedEvents, status,
                message, wallSeconds, rawFile, null, null, null, null, null, null);
    }

    /** A cell without a pinning summary: the shape every cell had before pinning was summarised. */
    public Cell(String experiment, Map<String, String> params, String metric, String unit, Double score, Double error,
                Double ciLow, Double ciHigh, List<Double> samples, Map<String, Double> percentiles, Long pinnedEvents,
                CellStatus status, String message, double wallSeconds, String rawFile, Long errors) {
        this(experiment, params, metric, unit, score, error, ciLow, ciHigh, samples, percentiles, pinnedEvents, status,
                message, wallSeconds, rawFile, errors, null, null, null, null, null);
    }

    /** A cell measured without a profiler: the shape every cell had before {@code --prof}. */
    public Cell(String experiment, Map<String, String> params, String metric, String unit, Double score, Double error,
                Double ciLow, Double ciHigh, List<Double> samples, Map<String, Double> percentiles, Long pinnedEvents,
                CellStatus status, String message, double wallSeconds, String rawFile, Long errors, Pinning pinning,
                Double mealSpread, List<List<Double>> forkSamples, Precision precision) {
        this(experiment, params, metric, unit, score, error, ciLow, ciHigh, samples, percentiles, pinnedEvents, status,
                message, wallSeconds, rawFile, errors, pinning, mealSpread, forkSamples, precision, null);
    }

    /** This cell with its pinned events counted and summarised from JFR. */
    public Cell withPinning(Pinning summary) {
        return new Cell(experiment, params, metric, unit, score, error, ciLow, ciHigh, samples, percentiles,
                summary == null ? null : summary.events(), status, message, wallSeconds, rawFile, errors, summary, mealSpread, forkSamples, precision, profiling);
    }

    /** This cell with latency percentiles (keys {@code p50, p90, p99, p99.9, max}). */
    public Cell withPercentiles(Map<String, Double> measured) {
        return new Cell(experiment, params, metric, unit, score, error, ciLow, ciHigh, samples,
                measured == null ? null : Collections.unmodifiableMap(new LinkedHashMap<>(measured)), pinnedEvents,
                status, message, wallSeconds, rawFile, errors, pinning, mealSpread, forkSamples, precision, profiling);
    }

    /** The same cell with its count of failed operations and, when there were any, a note saying so. */
    public Cell withErrors(long count, String note) {
        return new Cell(experiment, params, metric, unit, score, error, ciLow, ciHigh, samples, percentiles,
                pinnedEvents, status, count > 0 && note != null ? note : message, wallSeconds, rawFile, count, pinning,
                mealSpread, forkSamples, precision, profiling);
    }

    /** This cell with the meal spread of its dinners (null: not measured). */
    public Cell withMealSpread(Double spread) {
        return new Cell(experiment, params, metric, unit, score, error, ciLow, ciHigh, samples, percentiles, pinnedEvents,
                status, message, wallSeconds, rawFile, errors, pinning, spread, forkSamples, precision, profiling);
    }

    /**
     * This cell measured again: score, interval, samples (flat and per fork) and precision replaced, the rest kept.
     * Used when forks are pooled into one cell.
     */
    public Cell withMeasurement(Double newScore, Double newError, Double low, Double high, List<List<Double>> forks,
                                Precision reached) {
        List<Double> flat = forks == null ? samples : forks.stream().flatMap(List::stream).toList();
        return new Cell(experiment, params, metric, unit, newScore, newError, low, high, flat, percentiles, pinnedEvents,
                status, message, wallSeconds, rawFile, errors, pinning, mealSpread, forks, reached, profiling);
    }

    /** This cell under other params (the same measurement, matched differently). */
    public Cell withParams(Map<String, String> other) {
        return new Cell(experiment, other, metric, unit, score, error, ciLow, ciHigh, samples, percentiles, pinnedEvents,
                status, message, wallSeconds, rawFile, errors, pinning, mealSpread, forkSamples, precision, profiling);
    }

    /** This cell with another status and message (e.g. a timed-out cell that keeps the forks it finished). */
    public Cell withStatus(CellStatus newStatus, String newMessage, double wall, String raw) {
        return new Cell(experiment, params, metric, unit, score, error, ciLow, ciHigh, samples, percentiles, pinnedEvents,
                newStatus, newMessage, wall, raw, errors, pinning, mealSpread, forkSamples, precision, profiling);
    }

    /**
     * The samples grouped by fork: {@link #forkSamples()} when recorded, else every sample as one fork (older
     * records kept one JVM's iterations only, so they cannot say how JVMs vary).
     */
    public List<List<Double>> forks() {
        return forkSamples != null ? forkSamples : samples.isEmpty() ? List.of() : List.of(samples);
    }

    /** A cell that produced no score: failed, timed out, skipped or interrupted, with the reason. */
    public static Cell unmeasured(String experiment, Map<String, String> params, String metric, String unit,
                                  CellStatus status, String message, double wallSeconds, String rawFile) {
        return new Cell(experiment, params, metric, unit, null, null, null, null, List.of(), null, null,
                status, message, wallSeconds, rawFile);
    }

    /** This cell with what its profilers saw. */
    public Cell withProfiling(Profiling seen) {
        return new Cell(experiment, params, metric, unit, score, error, ciLow, ciHigh, samples, percentiles, pinnedEvents,
                status, message, wallSeconds, rawFile, errors, pinning, mealSpread, forkSamples, precision, seen);
    }

    /** The relative error, error/score, or NaN when there is no score. */
    public double relativeError() {
        return score == null || error == null || score == 0 ? Double.NaN : error / score;
    }
}
