package org.loomlab.bench;

import org.loomlab.catalogue.AxisSpec;
import org.loomlab.catalogue.ExperimentSpec;
import org.loomlab.catalogue.Rule;
import org.loomlab.philosophers.Dinner;
import org.loomlab.philosophers.Meal;
import org.loomlab.philosophers.Workload;
import org.loomlab.verticles.Variant;
import org.loomlab.verticles.VerticleLock;
import org.loomlab.verticles.VerticleTable;
import org.loomlab.verticles.VerticleThreads;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * How long until the first of N philosopher verticles has eaten M meals, per vert.x threading model x
 * variant (the talk's, or the one that scales) x eating workload (seed 001). Deploying the verticles and
 * closing vert.x are inside the measured dinner, so every fork ends with no vert.x thread left.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
public class VertxPhilosophersBenchmark {

    /** The same dinner as verticles with vert.x local locks: the talk's design and one that scales. */
    public static final ExperimentSpec EXPERIMENT = ExperimentSpec.jmh("vertx-philosophers",
            VertxPhilosophersBenchmark.class.getName() + ".dine", "avgt", "ms/op",
            AxisSpec.choice("lock", VerticleLock.class),
            AxisSpec.choice("threads", VerticleThreads.class),
            AxisSpec.choice("variant", Variant.class),
            // The talk ran its vert.x tables on these four; the HTTP workloads run when asked for by name.
            AxisSpec.choice("workload", Workload.class).byDefault("noop", "active-wait", "sleep", "file-read")
                    .in("quick", "noop", "active-wait").in("scaled", "noop"),
            AxisSpec.microseconds("mealtime", "16").whenAbsent("16"),
            // Where the talk's vert.x tables stalled; talk and scalable side by side (talk at 100K: minutes).
            AxisSpec.count("philosophers", "1000", 2).in("smoke", "5").in("scaled", "10000", "100000"),
            AxisSpec.count("meals", "10000", 1).in("smoke", "100"),
            AxisSpec.count("connections", "500", 1))
            .with(Rule.when("threads", List.of(VerticleThreads.EVENT_LOOP.label()))
                    .and("workload", Arrays.stream(Workload.values()).filter(w -> w != Workload.NOOP).map(Workload::label).toList())
                    .withNote("blocks its vert.x event loops on purpose, as the talk did: {workload} runs on the event-loop thread"))
            // After quick's 3 s warm-up an event-loop noop dinner is still 17 % slower than in its 21st second, 4 % after
            // 9 s (results/vm-epyc-2c-24g/calibration, warm-up residue).
            .with(Rule.always().warmingUpFor(9));

    @Param("vertx-local")
    public String lock;

    @Param({"event-loop", "virtual-verticle"})
    public String threads;

    @Param({"talk", "scalable"})
    public String variant;

    @Param({"noop", "active-wait", "sleep", "file-read", "http-jdk", "http-client", "http-okhttp"})
    public String workload;

    /** Microseconds a timed meal (active-wait, sleep) takes, as for the classic table. */
    @Param("16")
    public String mealtime;

    @Param("1000")
    public int philosophers;

    @Param("10000")
    public int meals;

    /** Connection pool size of the HTTP workloads, as for the classic table. */
    @Param("500")
    public int connections;

    private Meal meal;
    private VerticleTable table;

    @Setup
    public void setTable() {
        meal = Workload.of(workload).prepare(MealCounters.kitchen(connections, mealtime));
        table = new VerticleTable(philosophers, VerticleLock.of(lock), VerticleThreads.of(threads),
                Variant.of(variant), meal);
    }

    @TearDown
    public void clearTable() {
        MealCounters.clear(meal);
    }

    /** One dinner, from deploying the verticles to closing vert.x. */
    @Benchmark
    public Dinner dine(MealCounters counters) throws Exception {
        Dinner dinner = table.dine(meals);
        counters.count(dinner, meal);
        return dinner;
    }
}
