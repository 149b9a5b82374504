package org.loomlab.bench;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;
import org.loomlab.catalogue.AxisSpec;
import org.loomlab.catalogue.ExperimentSpec;
import org.loomlab.catalogue.Rule;
import org.loomlab.gc.GcKind;
import org.loomlab.philosophers.Dinner;
import org.loomlab.philosophers.DinnerKind;
import org.loomlab.philosophers.LockKind;
import org.loomlab.philosophers.Meal;
import org.loomlab.philosophers.Table;
import org.loomlab.philosophers.ThreadKind;
import org.loomlab.philosophers.Workload;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.infra.Blackhole;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.runner.IterationType;

import java.io.FileNotFoundException;
import java.io.PrintStream;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * How long until the first of N philosophers has eaten M meals, per lock x thread kind x eating
 * workload x dinner (the lab's, the talk's or an arbiter's, see {@link DinnerKind}) x garbage collector
 * (seed 001). Table set-up (chopsticks, threads) is inside the measured dinner, as in the talk. The talk's meals
 * hand their results to the benchmark's Blackhole, as the talk's did.
 *
 * <p>Latency percentiles come from an HdrHistogram of the measured dinners, written per fork to
 * {@code <loomlab.latency>-<pid>.hlog} when that property is set. Why not JMH's SampleTime mode: it
 * would need a second run of every cell. Why per dinner and not per meal: a noop meal takes well under
 * a microsecond, so two clock reads per meal would distort what is measured, while two per dinner
 * (which starts N threads and lasts milliseconds to seconds) cost well under 0.1 %. Warm-up dinners are
 * left out, as JMH leaves them out of the score.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
public class PhilosophersBenchmark {

    /** This benchmark in the experiment catalogue: the lab's axes, their limits and defaults per profile. */
    public static final ExperimentSpec EXPERIMENT = ExperimentSpec.jmh("philosophers",
            PhilosophersBenchmark.class.getName() + ".dine", "avgt", "ms/op",
            AxisSpec.choice("lock", LockKind.class),
            AxisSpec.choice("threads", ThreadKind.class).in("scaled", "virtual"),
            AxisSpec.choice("workload", Workload.class).in("scaled", "noop"),
            // The talk's dinner by default: it reproduces the talk's own code on this machine (docs/RESULTS.md, "Which
            // dinner"); -p dinner=lab serves the lab's, -p dinner=talk,lab both side by side. Records older than this
            // axis (before commit 09a0535) have no dinner param and served the lab's: their cells match dinner=lab in
            // diffs and claims, never the talk's (they also predate the winner stopping the table, 2ca8798).
            AxisSpec.choice("dinner", DinnerKind.class).byDefault("talk").whenAbsent(DinnerKind.LAB.label()),
            // One value unless asked for more, so the plan does not grow; -p mealtime=16,16.8 makes a known 5 %
            // change on purpose.
            AxisSpec.microseconds("mealtime", "16").whenAbsent("16"),
            AxisSpec.count("philosophers", "1000", 2).in("smoke", "10").in("scaled", "10000", "100000", "1000000"),
            AxisSpec.count("meals", "10000", 1).in("smoke", "100").in("scaled", "10000", "100000", "1000000"),
            AxisSpec.count("connections", "500", 1),
            // G1 unless asked for others (-p gc=g1,parallel,serial,z,shenandoah); each value carries its JVM flag.
            // Records older than this axis have no gc param and ran G1 (the JVM's own pick on the lab's server-class
            // machines): their cells match gc=g1 in diffs and claims, and no other collector.
            AxisSpec.choice("gc", GcKind.class).whenAbsent(GcKind.G1.label()))
            // a platform thread per philosopher: the lab skips a table this host cannot start (ThreadCeiling)
            .with(Rule.when("threads", List.of(ThreadKind.PLATFORM.label()))
                    .and("dinner", Arrays.stream(DinnerKind.values()).filter(DinnerKind::threadPerPhilosopher)
                            .map(DinnerKind::label).toList())
                    .startingPlatformThreads("philosophers"))
            .with(Rule.when("dinner", List.of(DinnerKind.ARBITER.label())).withNote("served by an arbiter: each meal is a"
                    + " task on a pool, granted both chopsticks at once; another algorithm than the locked dinners, which"
                    + " the talk would not measure against them (seed 001)"))
            // An HTTP dinner lasts seconds, so quick's 3 s warm-up is one of them, and its next two are 8-62 % slower
            // than later ones (OkHttp's still 5 % at its tenth); 9 s is a few dinners (calibration, warm-up residue).
            .with(Rule.when("workload", Arrays.stream(Workload.values()).filter(Workload::needsFixture)
                    .map(Workload::label).toList()).warmingUpFor(9));

    @Param({"reentrant", "synchronized"})
    public String lock;

    @Param({"platform", "virtual"})
    public String threads;

    @Param({"noop", "active-wait", "sleep", "file-read", "http-jdk", "http-client", "http-okhttp"})
    public String workload;

    @Param({"lab", "talk"})
    public String dinner;

    /** Microseconds a timed meal (active-wait, sleep) takes, decimals allowed; the other workloads ignore it. */
    @Param("16")
    public String mealtime;

    @Param("1000")
    public int philosophers;

    @Param("10000")
    public int meals;

    /** Connection pool size of the HTTP workloads (the talk needed 500+ for OkHttp on virtual threads). */
    @Param("500")
    public int connections;

    /** The garbage collector of the fork, which the lab starts with the collector's flag; checked at set-up. */
    @Param("g1")
    public String gc;

    private Meal meal;
    private Table table;
    private final Histogram dinners = new Histogram(3);
    private boolean measuring;

    @Setup
    public void setTable() {
        GcKind.of(gc).requireRunning();
        meal = Workload.of(workload).prepare(MealCounters.kitchen(connections, mealtime));
        table = new Table(philosophers, LockKind.of(lock), ThreadKind.of(threads), meal).servedAs(DinnerKind.of(dinner));
    }

    @TearDown
    public void clearTable() throws FileNotFoundException {
        MealCounters.clear(meal);
        String latency = System.getProperty("loomlab.latency");
        if (latency != null && dinners.getTotalCount() > 0) {
            try (PrintStream out = new PrintStream(latency + "-" + ProcessHandle.current().pid() + ".hlog")) {
                new HistogramLogWriter(out).outputIntervalHistogram(dinners);
            }
        }
    }

    @Setup(Level.Iteration)
    public void startIteration(IterationParams iteration) {
        measuring = iteration.getType() == IterationType.MEASUREMENT;
    }

    /** One dinner, until the first philosopher reaches {@code meals}. */
    @Benchmark
    public Dinner dine(MealCounters counters, Blackhole blackhole) throws Exception {
        long start = System.nanoTime();
        Dinner served = table.dine(meals, blackhole::consume);
        if (measuring) {
            dinners.recordValue(System.nanoTime() - start);
        }
        counters.count(served, meal);
        return served;
    }
}
