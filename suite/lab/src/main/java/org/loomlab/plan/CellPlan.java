package org.loomlab.plan;

import java.util.Map;
import java.util.stream.Collectors;

/**
 * A cell before it runs: the experiment and one value per axis, and the lane it runs in when the run's JDKs take turns
 * ({@code run --jvm A,B}); null when the run has one.
 */
public record CellPlan(Experiment experiment, Map<String, String> params, String lane) {

    public CellPlan(Experiment experiment, Map<String, String> params) {
        this(experiment, params, null);
    }

    /** The same cell in lane {@code name}. */
    public CellPlan inLane(String name) {
        return inLane(name, Map.of());
    }

    /** The same cell in lane {@code name}, with {@code own} axis values of that lane's in place of the planned ones. */
    public CellPlan inLane(String name, Map<String, String> own) {
        Map<String, String> values = new java.util.LinkedHashMap<>(params);
        values.putAll(own);
        return new CellPlan(experiment, values, name);
    }

    /** The params the benchmark reads: every axis but the lab's own {@link Settings#AXIS}. */
    public Map<String, String> benchmarkParams() {
        return Settings.without(params);
    }

    /** A short human label, e.g. {@code lock=synchronized threads=virtual workload=noop}. */
    public String label() {
        return label(params);
    }

    /** The label of any cell's params. */
    public static String label(Map<String, String> params) {
        return params.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue()).collect(Collectors.joining(" "));
    }
}
