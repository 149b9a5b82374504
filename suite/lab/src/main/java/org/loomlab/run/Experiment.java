package org.loomlab.run;

import org.loomlab.philosophers.LockKind;
import org.loomlab.philosophers.ThreadKind;
import org.loomlab.philosophers.Workload;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * An experiment the lab can run: the JMH benchmark that measures it and its axes, in the order
 * cells are enumerated. Axes are data: the matrix is their cartesian product.
 */
public enum Experiment {
    PHILOSOPHERS("philosophers", "org.loomlab.bench.PhilosophersBenchmark.dine", "avgt", "ms/op", List.of(
            AxisSpec.of("lock", LockKind.class),
            AxisSpec.of("threads", ThreadKind.class),
            AxisSpec.of("workload", Workload.class),
            AxisSpec.count("philosophers", "1000", 2),
            AxisSpec.count("meals", "10000", 1)));

    private final String label;
    final String benchmark;
    final String metric;
    final String unit;
    private final List<AxisSpec> axes;

    Experiment(String label, String benchmark, String metric, String unit, List<AxisSpec> axes) {
        this.label = label;
        this.benchmark = benchmark;
        this.metric = metric;
        this.unit = unit;
        this.axes = axes;
    }

    public String label() {
        return label;
    }

    public List<AxisSpec> axes() {
        return axes;
    }

    /**
     * The cells of this experiment under {@code profile}, narrowed by {@code filters} (axis -> values).
     * Every value is checked before anything runs.
     */
    public List<CellPlan> cells(Profile profile, Map<String, List<String>> filters) {
        Map<String, AxisSpec> byName = axes.stream().collect(Collectors.toMap(AxisSpec::name, a -> a,
                (a, b) -> a, LinkedHashMap::new));
        for (String key : filters.keySet()) {
            if (!byName.containsKey(key)) {
                throw new IllegalArgumentException("unknown param '" + key + "'; valid: " + String.join(", ", byName.keySet()));
            }
        }
        List<Map<String, String>> points = List.of(new LinkedHashMap<>());
        for (AxisSpec axis : axes) {
            List<String> values = filters.containsKey(axis.name())
                    ? filters.get(axis.name()).stream().map(axis::validated).toList()
                    : profile.sizes.containsKey(axis.name()) ? List.of(profile.sizes.get(axis.name())) : axis.defaults();
            points = points.stream().flatMap(point -> values.stream().map(value -> {
                Map<String, String> next = new LinkedHashMap<>(point);
                next.put(axis.name(), value);
                return next;
            })).toList();
        }
        return points.stream().map(params -> new CellPlan(this, params)).toList();
    }
}
