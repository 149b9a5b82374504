package org.loomlab.plan;

import org.loomlab.catalogue.AxisSpec;
import org.loomlab.catalogue.ExperimentSpec;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.stream.Collectors;

/**
 * An experiment the lab can run, as the benchmarks jar's catalogue declares it: the JMH benchmark or scenario
 * that measures it and its axes, in the order cells are enumerated. Axes are data: the matrix is their
 * cartesian product.
 */
public final class Experiment {

    private final ExperimentSpec spec;
    private final ExperimentSpec.Kind kind;
    private final String target;
    private final String metric;
    private final String unit;

    Experiment(ExperimentSpec spec) {
        this.spec = spec;
        this.kind = spec.kind();
        this.target = spec.target();
        this.metric = spec.metric();
        this.unit = spec.unit();
    }

    public String label() {
        return spec.label();
    }

    public List<AxisSpec> axes() {
        return spec.axes();
    }

    public ExperimentSpec.Kind kind() {
        return kind;
    }

    /** The JMH benchmark (class.method) or the scenario's name. */
    public String target() {
        return target;
    }

    /** The primary metric: the one a cell that produced nothing is recorded under. */
    public String metric() {
        return metric;
    }

    public String unit() {
        return unit;
    }

    /**
     * JVM flags a cell needs from its params, set before the JVM starts: a garbage collector, the virtual-thread
     * scheduler's parallelism (fixed at the first virtual thread).
     */
    public List<String> jvmArgs(Map<String, String> params) {
        return spec.jvmArgs(params);
    }

    /** What a reader of a measured cell must know about how it was measured (its message), or null. */
    public String note(Map<String, String> params) {
        return spec.note(params);
    }

    /**
     * Whether a cell at {@code params} runs virtual threads, so its carriers can be pinned and JFR records its
     * pinned events: the axes' values say so, or the experiment for all its cells.
     */
    public boolean runsVirtualThreads(Map<String, String> params) {
        return spec.runsVirtualThreads(params);
    }

    /** The warm-up a fork of a cell at {@code params} needs at least, if its rules ask for one. */
    public Optional<Duration> warmup(Map<String, String> params) {
        return spec.warmup(params);
    }

    /** Whether a cell at {@code params} calls the HTTP fixture, which the lab then starts for the run. */
    public boolean needsFixture(Map<String, String> params) {
        return spec.needsFixture(params);
    }

    /** How many platform threads a cell at {@code params} starts, when it starts one per task. */
    public OptionalLong platformThreads(Map<String, String> params) {
        return spec.platformThreads(params);
    }

    List<String> axisNames() {
        return spec.axisNames();
    }

    /**
     * The cells of this experiment under {@code profile}, narrowed by {@code filters} (axis -> values).
     * Every value is checked before anything runs.
     */
    public List<CellPlan> cells(Profile profile, Map<String, List<String>> filters) {
        Map<String, AxisSpec> byName = axes().stream().collect(Collectors.toMap(AxisSpec::name, a -> a,
                (a, b) -> a, LinkedHashMap::new));
        for (String key : filters.keySet()) {
            if (!byName.containsKey(key)) {
                throw new IllegalArgumentException("unknown param '" + key + "' for " + label() + "; valid: "
                        + String.join(", ", byName.keySet()));
            }
        }
        List<Map<String, String>> points = List.of(new LinkedHashMap<>());
        for (AxisSpec axis : axes()) {
            List<String> values = filters.containsKey(axis.name())
                    ? filters.get(axis.name()).stream().map(axis::validated).toList()
                    : axis.defaults(profile.label());
            points = points.stream().flatMap(point -> values.stream().map(value -> {
                Map<String, String> next = new LinkedHashMap<>(point);
                next.put(axis.name(), value);
                return next;
            })).toList();
        }
        return points.stream().map(params -> new CellPlan(this, params)).toList();
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof Experiment e && e.spec.equals(spec);
    }

    @Override
    public int hashCode() {
        return spec.hashCode();
    }

    @Override
    public String toString() {
        return label();
    }
}
