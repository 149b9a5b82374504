package org.loomlab.record;

import com.fasterxml.jackson.annotation.JsonInclude;

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
 * @param mealShares   philosophers only: how evenly the seats shared the meals (Gini coefficient, least to most fed),
 *                     the mean over the measured dinners; null when not measured (and left out of the JSON)
 * @param cpuTokens    the consume-cpu workload only: the {@code Blackhole.consumeCPU} tokens one meal burns, calibrated
 *                     in each fork to the meal time on this host and JVM (the forks' mean); null otherwise (and left
 *                     out of the JSON)
 * @param forkMemory   JMH benchmarks: each fork's peak heap and resident set, in fork order; null when not measured
 *                     (and left out of the JSON)
 * @param forkSamples  the measured samples grouped by JVM fork (warm-up excluded), the unit of replication for
 *                     intervals and verdicts; null in records made before forks were kept apart
 * @param forkRounds   the round each fork of {@code forkSamples} ran in (1, 2, ...), parallel to it: lanes that took
 *                     turns are paired on it, so a fork missing from one lane shifts no later pair. Null in records
 *                     made before schema 3, whose forks' rounds are their positions ({@link #rounds()}); a fork's own
 *                     cell, before pooling, holds its one round
 * @param components   how the variance of the log samples splits into JVM-to-JVM and iteration-to-iteration parts,
 *                     with what a fork and an iteration cost ({@link VarianceComponents}); null when not worked out
 *                     (fewer than two forks, no fork of two samples, no spread) and in records before schema 3
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
        // Left out of the JSON when there is none, so older records read and write back unchanged.
        @JsonInclude(JsonInclude.Include.NON_NULL) MealShares mealShares,
        @JsonInclude(JsonInclude.Include.NON_NULL) Long cpuTokens,
        @JsonInclude(JsonInclude.Include.NON_NULL) List<ForkMemory> forkMemory,
        List<List<Double>> forkSamples,
        // Left out of the JSON when there is none, so records before schema 3 read and write back unchanged.
        @JsonInclude(JsonInclude.Include.NON_NULL) List<Integer> forkRounds,
        Precision precision,
        // Left out of the JSON when there is none, so records made before --prof read and write back unchanged.
        @JsonInclude(JsonInclude.Include.NON_NULL) Profiling profiling,
        @JsonInclude(JsonInclude.Include.NON_NULL) VarianceComponents components) {

    /**
     * The metric of a dinner's time over every meal its table ate, in {@code us/meal}: a row of its own beside the
     * dinner's time, which is this speed times {@code mealSpread}. Derived from the dinner's samples, so it is no new
     * evidence of run-to-run variance.
     */
    public static final String TABLE_MEAL_TIME = "table.meal.time";

    /** JMH's secondary metric of {@code -prof gc} for the bytes allocated per operation, all threads counted. */
    public static final String ALLOCATION = "gc.alloc.rate.norm";

    public Cell {
        params = Collections.unmodifiableMap(new LinkedHashMap<>(params));
        samples = samples == null ? List.of() : List.copyOf(samples);
        forkSamples = forkSamples == null ? null : forkSamples.stream().map(List::copyOf).toList();
        forkMemory = forkMemory == null ? null : List.copyOf(forkMemory);
        forkRounds = forkRounds == null ? null : List.copyOf(forkRounds);
        if (forkRounds != null && forkSamples != null && forkRounds.size() != forkSamples.size()) {
            throw new IllegalArgumentException(experiment + " " + params + " " + metric + ": " + forkRounds.size()
                    + " fork rounds " + forkRounds + " for " + forkSamples.size() + " forks; one round a fork");
        }
        if (forkRounds != null) {
            for (int i = 0; i < forkRounds.size(); i++) {
                if (forkRounds.get(i) < 1 || i > 0 && forkRounds.get(i) <= forkRounds.get(i - 1)) {
                    throw new IllegalArgumentException(experiment + " " + params + " " + metric + ": fork rounds "
                            + forkRounds + " are not rising from 1 up (one fork a round, in round order)");
                }
            }
        }
    }

    /** The one way to make a cell: name it, then set what was measured; status is ok unless set. */
    public static Builder builder(String experiment, Map<String, String> params, String metric, String unit) {
        return new Builder(experiment, params, metric, unit);
    }

    /** A builder holding every field of this cell, to change some of them. */
    public Builder toBuilder() {
        return builder(experiment, params, metric, unit).score(score).error(error).interval(ciLow, ciHigh)
                .samples(samples).percentiles(percentiles).pinnedEvents(pinnedEvents).status(status).message(message)
                .wallSeconds(wallSeconds).rawFile(rawFile).errors(errors).pinning(pinning).mealSpread(mealSpread)
                .mealShares(mealShares).cpuTokens(cpuTokens).forkMemory(forkMemory).forkSamples(forkSamples)
                .forkRounds(forkRounds).precision(precision).profiling(profiling).components(components);
    }

    /** This cell with its pinned events counted and summarised from JFR. */
    public Cell withPinning(Pinning summary) {
        return toBuilder().pinnedEvents(summary == null ? null : summary.events()).pinning(summary).build();
    }

    /** This cell with latency percentiles (keys {@code p50, p90, p99, p99.9, max}). */
    public Cell withPercentiles(Map<String, Double> measured) {
        return toBuilder()
                .percentiles(measured == null ? null : Collections.unmodifiableMap(new LinkedHashMap<>(measured)))
                .build();
    }

    /** The same cell with its count of failed operations and, when there were any, a note saying so. */
    public Cell withErrors(long count, String note) {
        return toBuilder().errors(count).message(count > 0 && note != null ? note : message).build();
    }

    /** This cell with the meal spread of its dinners (null: not measured). */
    public Cell withMealSpread(Double spread) {
        return toBuilder().mealSpread(spread).build();
    }

    /** This cell with how evenly its dinners' meals were shared (null: not measured). */
    public Cell withMealShares(MealShares shares) {
        return toBuilder().mealShares(shares).build();
    }

    /** This cell with the consumeCPU tokens its meals burned (null: not a consume-cpu cell). */
    public Cell withCpuTokens(Long tokens) {
        return toBuilder().cpuTokens(tokens).build();
    }

    /** This cell with its forks' memory peaks, in fork order (null: not measured). */
    public Cell withForkMemory(List<ForkMemory> forks) {
        return toBuilder().forkMemory(forks).build();
    }

    /**
     * This cell measured again: score, interval, samples (flat and per fork) and precision replaced, the rest kept.
     * Used when forks are pooled into one cell. The rounds and variance components were of the forks replaced, so they
     * are cleared ({@link #inRounds}, {@link #withComponents}).
     */
    public Cell withMeasurement(Double newScore, Double newError, Double low, Double high, List<List<Double>> forks,
                                Precision reached) {
        List<Double> flat = forks == null ? samples : forks.stream().flatMap(List::stream).toList();
        return toBuilder().score(newScore).error(newError).interval(low, high).samples(flat).forkSamples(forks)
                .forkRounds(null).components(null).precision(reached).build();
    }

    /** This one fork's cell, run in round {@code round}. */
    public Cell inRound(int round) {
        return toBuilder().forkRounds(List.of(round)).build();
    }

    /** This pooled cell with the round each of its forks ran in, parallel to {@link #forkSamples()}. */
    public Cell inRounds(List<Integer> rounds) {
        return toBuilder().forkRounds(rounds).build();
    }

    /** This cell with its variance split (null: not worked out). */
    public Cell withComponents(VarianceComponents split) {
        return toBuilder().components(split).build();
    }

    /**
     * The round of each of {@link #forks()}: as recorded, else (records before schema 3, and cells that never took
     * turns) their positions 1..n, which is what the rounds were while every lane ran one fork a round.
     */
    public List<Integer> rounds() {
        int n = forks().size();
        return forkRounds != null && forkRounds.size() == n ? forkRounds
                : java.util.stream.IntStream.rangeClosed(1, n).boxed().toList();
    }

    /** This cell under other params (the same measurement, matched differently). */
    public Cell withParams(Map<String, String> other) {
        return toBuilder().params(other).build();
    }

    /** This cell with another status and message (e.g. a timed-out cell that keeps the forks it finished). */
    public Cell withStatus(CellStatus newStatus, String newMessage, double wall, String raw) {
        return toBuilder().status(newStatus).message(newMessage).wallSeconds(wall).rawFile(raw).build();
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
        return builder(experiment, params, metric, unit).status(status).message(message).wallSeconds(wallSeconds)
                .rawFile(rawFile).build();
    }

    /** This cell with what its profilers saw. */
    public Cell withProfiling(Profiling seen) {
        return toBuilder().profiling(seen).build();
    }

    /** The relative error, error/score, or NaN when there is no score. */
    public double relativeError() {
        return score == null || error == null || score == 0 ? Double.NaN : error / score;
    }

    /**
     * A cell under construction. Every field the record has, settable by name, so adding a field to the record
     * touches this class and the call sites that set it, not every place a cell is made.
     */
    public static final class Builder {
        private final String experiment;
        private Map<String, String> params;
        private final String metric;
        private final String unit;
        private Double score;
        private Double error;
        private Double ciLow;
        private Double ciHigh;
        private List<Double> samples;
        private Map<String, Double> percentiles;
        private Long pinnedEvents;
        private CellStatus status = CellStatus.OK;
        private String message;
        private double wallSeconds;
        private String rawFile;
        private Long errors;
        private Pinning pinning;
        private Double mealSpread;
        private MealShares mealShares;
        private Long cpuTokens;
        private List<ForkMemory> forkMemory;
        private List<List<Double>> forkSamples;
        private List<Integer> forkRounds;
        private Precision precision;
        private Profiling profiling;
        private VarianceComponents components;

        private Builder(String experiment, Map<String, String> params, String metric, String unit) {
            this.experiment = experiment;
            this.params = params;
            this.metric = metric;
            this.unit = unit;
        }

        public Builder params(Map<String, String> value) { params = value; return this; }
        public Builder score(Double value) { score = value; return this; }
        public Builder error(Double value) { error = value; return this; }

        /** The confidence interval's bounds ({@code ciLow}, {@code ciHigh}). */
        public Builder interval(Double low, Double high) {
            ciLow = low;
            ciHigh = high;
            return this;
        }

        public Builder samples(List<Double> value) { samples = value; return this; }
        public Builder percentiles(Map<String, Double> value) { percentiles = value; return this; }
        public Builder pinnedEvents(Long value) { pinnedEvents = value; return this; }
        public Builder status(CellStatus value) { status = value; return this; }
        public Builder message(String value) { message = value; return this; }
        public Builder wallSeconds(double value) { wallSeconds = value; return this; }
        public Builder rawFile(String value) { rawFile = value; return this; }
        public Builder errors(Long value) { errors = value; return this; }
        public Builder pinning(Pinning value) { pinning = value; return this; }
        public Builder mealSpread(Double value) { mealSpread = value; return this; }
        public Builder mealShares(MealShares value) { mealShares = value; return this; }
        public Builder cpuTokens(Long value) { cpuTokens = value; return this; }
        public Builder forkMemory(List<ForkMemory> value) { forkMemory = value; return this; }
        public Builder forkSamples(List<List<Double>> value) { forkSamples = value; return this; }
        public Builder forkRounds(List<Integer> value) { forkRounds = value; return this; }
        public Builder components(VarianceComponents value) { components = value; return this; }
        public Builder precision(Precision value) { precision = value; return this; }
        public Builder profiling(Profiling value) { profiling = value; return this; }

        public Cell build() {
            return new Cell(experiment, params, metric, unit, score, error, ciLow, ciHigh, samples, percentiles,
                    pinnedEvents, status, message, wallSeconds, rawFile, errors, pinning, mealSpread, mealShares, cpuTokens,
                    forkMemory, forkSamples, forkRounds, precision, profiling, components);
        }
    }
}
