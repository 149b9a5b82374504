package org.loomlab.run;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * A profiler JMH users already know, asked for with {@code loom-lab run --prof NAME}. Each runs inside the measured
 * JVMs of a JMH cell through JMH's own {@code -prof} flag; the lab only says where its files go.
 */
public enum Profiler {

    /** JMH's {@code -prof gc}: allocation rate per operation, GC count and time as secondary metrics. */
    GC("gc."),
    /** JMH's {@code -prof jfr}: one Flight Recorder recording per fork under the run's {@code jfr/} directory. */
    JFR(null),
    /** async-profiler's CPU flame graph (HTML), one per cell under the run's {@code profiles/} directory. */
    ASYNC(null);

    /** How the names of the secondary metrics this profiler adds to JMH's result begin; null when it adds none. */
    private final String metricPrefix;

    Profiler(String metricPrefix) {
        this.metricPrefix = metricPrefix;
    }

    /** Whether JMH's secondary metric {@code name} is this profiler's, e.g. {@code gc.alloc.rate.norm} for gc. */
    boolean hasMetric(String name) {
        return metricPrefix != null && name.startsWith(metricPrefix);
    }

    /** The name on the command line and in the record, e.g. {@code gc}. */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /**
     * The profilers named by repeated or comma-separated {@code --prof} values, each once, in the order given.
     *
     * @throws IllegalArgumentException naming the bad value and the valid ones
     */
    public static List<Profiler> parse(List<String> given) {
        List<Profiler> out = new ArrayList<>();
        for (String value : given) {
            for (String name : value.split(",")) {
                Profiler p = Arrays.stream(values()).filter(v -> v.label().equals(name.strip())).findFirst()
                        .orElseThrow(() -> new IllegalArgumentException("--prof '" + name.strip() + "' is not a profiler; valid: "
                                + Arrays.stream(values()).map(Profiler::label).collect(Collectors.joining(", "))));
                if (!out.contains(p)) {
                    out.add(p);
                }
            }
        }
        return List.copyOf(out);
    }
}
