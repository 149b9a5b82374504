package org.loomlab.plan;

import java.util.Map;
import java.util.stream.Collectors;

/** A cell before it runs: the experiment and one value per axis. */
public record CellPlan(Experiment experiment, Map<String, String> params) {

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
