package org.loomlab.run;

import org.loomlab.layout.BuildLayout;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * A profiler asked for with {@code loom-lab run --prof NAME[:OPTIONS]}, run inside the measured JVMs of a JMH cell
 * through JMH's own {@code -prof} flag. The lab's own three keep their meaning (it says where their files go and keeps
 * what they saw); any other of JMH's profilers is passed through as given, e.g. {@code stack:lines=5} or
 * {@code perfnorm}, and its secondary metrics are kept beside the cell's score.
 *
 * @param name    JMH's name of the profiler, e.g. {@code comp}
 * @param options its options as JMH reads them (after the colon, {@code ;} between them); null without any
 */
public record Profiler(String name, String options) {

    /** JMH's {@code -prof gc}: allocation rate per operation, GC count and time as secondary metrics. */
    public static final Profiler GC = new Profiler("gc", null);
    /** JMH's {@code -prof jfr}: one Flight Recorder recording per fork under the run's {@code jfr/} directory. */
    public static final Profiler JFR = new Profiler("jfr", null);
    /** async-profiler's CPU flame graph (HTML), one per cell under the run's {@code profiles/} directory. */
    public static final Profiler ASYNC = new Profiler("async", null);

    /** The lab's own, whose files it places and keeps. */
    static final List<Profiler> OWN = List.of(GC, JFR, ASYNC);

    /** JMH's unit for a benchmark's own {@code @AuxCounters} events (the dinners' meal counters): never a profiler's. */
    private static final String AUX_COUNTER_UNIT = "#";

    public Profiler {
        if (name == null || !name.matches("[A-Za-z][\\w.-]*")) {
            throw new IllegalArgumentException("--prof '" + name + "' is not a profiler name; valid: gc, jfr, async or"
                    + " any of JMH's (java -jar benchmarks.jar -lprof), with options after a colon, e.g. stack:lines=5");
        }
        options = options == null || options.isBlank() ? null : options.strip();
    }

    /** Whether this is {@code other}'s profiler, options aside: {@code gc:churn=true} is gc. */
    boolean is(Profiler other) {
        return name.equals(other.name);
    }

    /** Whether it is one of the lab's own three. */
    boolean own() {
        return OWN.stream().anyMatch(this::is);
    }

    /**
     * Whether JMH's secondary metric {@code metric} (in {@code unit}) is this profiler's: gc's begin {@code gc.}; jfr
     * and async add none; one passed through owns every metric that is not the benchmark's own counters.
     */
    boolean hasMetric(String metric, String unit) {
        if (is(GC)) {
            return metric.startsWith("gc.");
        }
        return !own() && !AUX_COUNTER_UNIT.equals(unit) && !metric.startsWith("gc.");
    }

    /** The name on the command line and in the record, with its options: {@code gc}, {@code stack:lines=5}. */
    public String label() {
        return options == null ? name : name + ":" + options;
    }

    /**
     * The profilers named by repeated or comma-separated {@code --prof} values, each once, in the order given. A value's
     * options run from its first colon to its end (they may hold commas: {@code perfnorm:events=cycles,instructions});
     * another profiler after it takes another {@code --prof}. A name not the lab's own is checked against the ones
     * the built benchmarks jar lists, before anything runs.
     *
     * @throws IllegalArgumentException naming the bad value and the valid ones
     */
    public static List<Profiler> parse(List<String> given) {
        // The lab's home as loom-lab's launcher sets it (LoomLab.home() in the command line); the run's own JVM.
        Path jar = new BuildLayout(Path.of(System.getProperty("loomlab.home", ".")).toAbsolutePath().normalize()).benchmarksJar();
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        return parse(given, () -> JmhProfilers.listed(java, jar));
    }

    /** {@link #parse(List)} with JMH's profilers from {@code jmh}, asked only when a name is not the lab's own. */
    static List<Profiler> parse(List<String> given, Supplier<JmhProfilers> jmh) {
        List<Profiler> out = new ArrayList<>();
        for (String value : given) {
            int colon = value.indexOf(':');
            String names = colon < 0 ? value : value.substring(0, colon);
            String[] split = names.split(",", -1);
            for (int i = 0; i < split.length; i++) {
                String options = i == split.length - 1 && colon >= 0 ? value.substring(colon + 1) : null;
                Profiler p = new Profiler(split[i].strip(), options);
                if (out.stream().noneMatch(p::is)) {
                    out.add(p);
                }
            }
        }
        List<Profiler> foreign = out.stream().filter(p -> !p.own()).toList();
        if (!foreign.isEmpty()) {
            JmhProfilers known = jmh.get();
            for (Profiler p : foreign) {
                if (known.unsupported().containsKey(p.name())) {
                    throw new IllegalArgumentException("--prof '" + p.name() + "' is not usable on this host, JMH says: "
                            + known.unsupported().get(p.name()) + "; usable: " + valid(known));
                }
                if (!known.supported().contains(p.name())) {
                    throw new IllegalArgumentException("--prof '" + p.name() + "' is not a profiler; valid: " + valid(known)
                            + (known.unsupported().isEmpty() ? "" : "; JMH's not usable here: "
                            + String.join(", ", known.unsupported().keySet())));
                }
            }
        }
        return List.copyOf(out);
    }

    /** The lab's own, then JMH's usable ones. */
    private static String valid(JmhProfilers known) {
        return Stream.concat(OWN.stream().map(Profiler::label), known.supported().stream()).distinct()
                .collect(Collectors.joining(", "));
    }
}
