package org.loomlab.record;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What the profilers a cell ran under ({@code loom-lab run --prof}) saw. The cell's score stays JMH's primary
 * metric; the profilers' own numbers are kept here beside it.
 *
 * @param profilers  the profilers' names, e.g. {@code gc, async}
 * @param metrics    JMH's secondary metrics from the profilers, e.g. {@code gc.alloc.rate.norm}, averaged over
 *                   the cell's forks; empty when none reported any
 * @param flameGraph async-profiler's flame graph (HTML) relative to the run directory; null without it
 * @param jfr        the directory of JMH's JFR recordings relative to the run directory; null without them
 */
public record Profiling(List<String> profilers, Map<String, Metric> metrics, String flameGraph, String jfr) {

    public Profiling {
        profilers = List.copyOf(profilers);
        metrics = metrics == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(metrics));
    }

    /** One secondary metric: its score and unit, e.g. {@code 1234.5 B/op}. */
    public record Metric(double score, String unit) {
    }
}
