package org.loomlab.run;

import org.loomlab.footprint.FootprintExecutor;
import org.loomlab.philosophers.DinnerKind;
import org.loomlab.philosophers.LockKind;
import org.loomlab.philosophers.ThreadKind;
import org.loomlab.philosophers.Workload;
import org.loomlab.service.ServiceExecutor;
import org.loomlab.pinning.Blocking;
import org.loomlab.verticles.Variant;
import org.loomlab.verticles.VerticleLock;
import org.loomlab.verticles.VerticleThreads;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * An experiment the lab can run: the JMH benchmark that measures it and its axes, in the order
 * cells are enumerated. Axes are data: the matrix is their cartesian product.
 */
public enum Experiment {
    PHILOSOPHERS("philosophers", Kind.JMH, "org.loomlab.bench.PhilosophersBenchmark.dine", "avgt", "ms/op", List.of(
            AxisSpec.of("lock", LockKind.class),
            AxisSpec.of("threads", ThreadKind.class).in(Profile.SCALED, "virtual"),
            AxisSpec.of("workload", Workload.class).in(Profile.SCALED, "noop"),
            // The talk's dinner by default: it reproduces the talk's own code on this machine (README, "Which
            // dinner"); -p dinner=lab serves the lab's, -p dinner=talk,lab both side by side.
            AxisSpec.of("dinner", DinnerKind.class).byDefault("talk"),
            // Microseconds of a timed meal (active-wait, sleep; the others ignore it). One value unless asked
            // for more, so the plan does not grow; -p mealtime=16,16.8 makes a known 5 % change on purpose.
            AxisSpec.checked("mealtime", "16", Workload::mealTime),
            AxisSpec.count("philosophers", "1000", 2).in(Profile.SMOKE, "10")
                    .in(Profile.SCALED, "10000", "100000", "1000000"),
            AxisSpec.count("meals", "10000", 1).in(Profile.SMOKE, "100")
                    .in(Profile.SCALED, "10000", "100000", "1000000"),
            AxisSpec.count("connections", "500", 1))),
    /** Seed 000: light tasks started behind CPU-heavy ones; the sum of their waits to start. */
    FAIRNESS("fairness", Kind.SCENARIO, "fairness", "light-wait-sum", "ms", List.of(
            AxisSpec.of("threads", ThreadKind.class),
            // fixed when the first virtual thread starts, so it is a JVM flag (below), recorded as a number
            AxisSpec.count("parallelism", String.valueOf(Runtime.getRuntime().availableProcessors()), 1),
            AxisSpec.count("tasks", "1000", 1).in(Profile.SMOKE, "50"),
            // quick: a tenth of the seed's work; on 2 cores the seed's size takes minutes per virtual sample
            AxisSpec.count("work", "1000", 1).in(Profile.SMOKE, "100").in(Profile.QUICK, "100"))) {
        @Override
        List<String> scenarioJvmArgs(Map<String, String> params) {
            return List.of("-Djdk.virtualThreadScheduler.parallelism=" + params.get("parallelism"));
        }
    },
    /** Seed 002: a front service making a blocking 50 ms downstream call, per executor, under closed-loop users. */
    SERVICE("service", Kind.SCENARIO, "service", "throughput", "req/s", List.of(
            AxisSpec.of("executor", ServiceExecutor.class),
            AxisSpec.count("users", "1", 1).in(Profile.QUICK, "1", "20", "200").in(Profile.FULL, "1", "20", "200")
                    .in(Profile.SMOKE, "4"),
            AxisSpec.count("pool", "20", 1),
            AxisSpec.count("delay", "50", 0))) {
        @Override
        public boolean needsFixture(Map<String, String> params) {
            return true;
        }
    },
    /**
     * Seed 003: a service whose requests make a blocking call inside a lock, under many connections;
     * virtual threads on 16 carriers vs a pool of 300 platform threads. Seed size 1,000 connections
     * (full); quick keeps 200, which on 2 cores still saturates the 10 endpoints x 20 req/s ceiling.
     */
    PINNED_SERVICE("pinned-service", Kind.SCENARIO, "pinned-service", "throughput", "req/s", List.of(
            AxisSpec.of("lock", LockKind.class),
            AxisSpec.of("threads", ThreadKind.class),
            AxisSpec.count("connections", "1000", 1).in(Profile.QUICK, "200").in(Profile.SMOKE, "20"),
            AxisSpec.count("endpoints", "10", 1),
            AxisSpec.count("delay", "50", 0),
            AxisSpec.count("carriers", "16", 1),
            AxisSpec.count("pool", "300", 1))) {
        @Override
        public boolean needsFixture(Map<String, String> params) {
            return true;
        }

        @Override
        List<String> scenarioJvmArgs(Map<String, String> params) {
            // Carriers are the scheduler's parallelism and its ceiling: no compensation threads beyond them.
            return "virtual".equals(params.get("threads"))
                    ? List.of("-Djdk.virtualThreadScheduler.parallelism=" + params.get("carriers"),
                            "-Djdk.virtualThreadScheduler.maxPoolSize=" + params.get("carriers"))
                    : List.of();
        }
    },
    /** Seed 004: N tasks that compute and sleep in a loop; peak kernel threads, peak RSS and CPU per executor. */
    FOOTPRINT("footprint", Kind.SCENARIO, "footprint", "peak-os-threads", "threads", List.of(
            AxisSpec.of("executor", FootprintExecutor.class),
            AxisSpec.count("tasks", "1000", 1).in(Profile.SMOKE, "50"),
            AxisSpec.count("sleep", "1000", 1))),
    /** Which blocking operations inside a critical section pin a virtual thread's carrier on this JDK. */
    PINNING_PROBE("pinning-probe", Kind.SCENARIO, "pinning-probe", "throughput", "ops/s", List.of(
            AxisSpec.of("lock", LockKind.class),
            AxisSpec.of("blocking", Blocking.class))) {
        @Override
        public boolean runsVirtualThreads(Map<String, String> params) {
            return true; // every probe blocks on virtual threads; the lock and the blocking call are the axes
        }
    },
    /** The same dinner as verticles with vert.x local locks: the talk's design and one that scales. */
    VERTX_PHILOSOPHERS("vertx-philosophers", Kind.JMH, "org.loomlab.bench.VertxPhilosophersBenchmark.dine", "avgt",
            "ms/op", List.of(
            AxisSpec.of("lock", VerticleLock.class),
            AxisSpec.of("threads", VerticleThreads.class),
            AxisSpec.of("variant", Variant.class),
            // The talk ran its vert.x tables on these four; the HTTP workloads run when asked for by name.
            AxisSpec.of("workload", Workload.class).byDefault("noop", "active-wait", "sleep", "file-read")
                    .in(Profile.QUICK, "noop", "active-wait").in(Profile.SCALED, "noop"),
            AxisSpec.checked("mealtime", "16", Workload::mealTime),
            // Where the talk's vert.x tables stalled; talk and scalable side by side (talk at 100K: minutes).
            AxisSpec.count("philosophers", "1000", 2).in(Profile.SMOKE, "5").in(Profile.SCALED, "10000", "100000"),
            AxisSpec.count("meals", "10000", 1).in(Profile.SMOKE, "100"),
            AxisSpec.count("connections", "500", 1))) {
        @Override
        String note(Map<String, String> params) {
            return "event-loop".equals(params.get("threads")) && !"noop".equals(params.get("workload"))
                    ? "blocks its vert.x event loops on purpose, as the talk did: " + params.get("workload")
                    + " runs on the event-loop thread"
                    : null;
        }
    };

    /** How a cell of the experiment runs: as a JMH benchmark, or as a scenario JVM of its own. */
    public enum Kind { JMH, SCENARIO }

    private final String label;
    final Kind kind;
    /** The JMH benchmark (class.method) or the scenario's name. */
    final String target;
    /** The primary metric: the one a cell that produced nothing is recorded under. */
    final String metric;
    final String unit;
    private final List<AxisSpec> axes;

    Experiment(String label, Kind kind, String target, String metric, String unit, List<AxisSpec> axes) {
        this.label = label;
        this.kind = kind;
        this.target = target;
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

    public Kind kind() {
        return kind;
    }

    /**
     * JVM flags a scenario cell needs from its params, set before the JVM starts (e.g. the
     * virtual-thread scheduler's parallelism, which is fixed at the first virtual thread).
     */
    List<String> scenarioJvmArgs(Map<String, String> params) {
        return List.of();
    }

    /** What a reader of a measured cell must know about how it was measured (its message), or null. */
    String note(Map<String, String> params) {
        return null;
    }

    /**
     * Whether a cell at {@code params} runs virtual threads, so its carriers can be pinned and JFR records its
     * pinned events: the axes' enum constants say so.
     */
    public boolean runsVirtualThreads(Map<String, String> params) {
        return axes.stream().anyMatch(a -> params.containsKey(a.name()) && a.virtual().test(params.get(a.name())));
    }

    /** Whether a cell at {@code params} calls the HTTP fixture, which the lab then starts for the run. */
    public boolean needsFixture(Map<String, String> params) {
        return params.getOrDefault("workload", "").startsWith("http-");
    }

    /**
     * The cells of a run: of {@code chosen} experiments, or when none are named, of every experiment
     * that has all the axes the filters name (so {@code --param lock=synchronized} keeps to experiments
     * with locks). Every value is checked before anything runs.
     */
    public static List<CellPlan> plan(List<Experiment> chosen, Profile profile, Map<String, List<String>> filters) {
        if (!chosen.isEmpty()) {
            return chosen.stream().flatMap(e -> e.cells(profile, filters).stream()).toList();
        }
        // Unnamed experiments join when they have every filtered axis and accept its values:
        // `executor=pool-1` means the service's executor, not footprint's.
        List<CellPlan> out = new java.util.ArrayList<>();
        IllegalArgumentException firstRejection = null;
        for (Experiment e : values()) {
            if (!e.axisNames().containsAll(filters.keySet())) {
                continue;
            }
            try {
                out.addAll(e.cells(profile, filters));
            } catch (IllegalArgumentException rejected) {
                firstRejection = firstRejection == null ? rejected : firstRejection;
            }
        }
        if (!out.isEmpty()) {
            return out;
        }
        if (firstRejection != null) {
            throw firstRejection;
        }
        String unknown = filters.keySet().stream()
                .filter(k -> java.util.Arrays.stream(values()).noneMatch(e -> e.axisNames().contains(k)))
                .findFirst().orElse(String.join(", ", filters.keySet()));
        throw new IllegalArgumentException("unknown param '" + unknown + "'; valid: " + java.util.Arrays.stream(values())
                .flatMap(e -> e.axisNames().stream()).distinct().collect(Collectors.joining(", ")));
    }

    /** Whether every filtered value is valid here (lock=synchronized is not, for vert.x tables). */
    private List<String> axisNames() {
        return axes.stream().map(AxisSpec::name).toList();
    }

    public static Experiment of(String label) {
        for (Experiment e : values()) {
            if (e.label.equals(label)) {
                return e;
            }
        }
        throw new IllegalArgumentException("unknown experiment '" + label + "'; valid: "
                + java.util.Arrays.stream(values()).map(Experiment::label).collect(Collectors.joining(", ")));
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
                throw new IllegalArgumentException("unknown param '" + key + "' for " + label + "; valid: "
                        + String.join(", ", byName.keySet()));
            }
        }
        List<Map<String, String>> points = List.of(new LinkedHashMap<>());
        for (AxisSpec axis : axes) {
            List<String> values = filters.containsKey(axis.name())
                    ? filters.get(axis.name()).stream().map(axis::validated).toList()
                    : axis.defaults(profile);
            points = points.stream().flatMap(point -> values.stream().map(value -> {
                Map<String, String> next = new LinkedHashMap<>(point);
                next.put(axis.name(), value);
                return next;
            })).toList();
        }
        return points.stream().map(params -> new CellPlan(this, params)).toList();
    }
}
