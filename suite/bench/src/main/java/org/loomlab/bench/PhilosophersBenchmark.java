package org.loomlab.bench;

import org.loomlab.philosophers.Dinner;
import org.loomlab.philosophers.Kitchen;
import org.loomlab.philosophers.LockKind;
import org.loomlab.philosophers.Meal;
import org.loomlab.philosophers.Table;
import org.loomlab.philosophers.ThreadKind;
import org.loomlab.philosophers.Workload;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * How long until the first of N philosophers has eaten M meals, per lock x thread kind x eating
 * workload (seed 001). Table set-up (chopsticks, threads) is inside the measured dinner, as in the talk.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
public class PhilosophersBenchmark {

    @Param({"reentrant", "synchronized"})
    public String lock;

    @Param({"platform", "virtual"})
    public String threads;

    @Param({"noop", "active-wait", "sleep", "file-read"})
    public String workload;

    @Param("1000")
    public int philosophers;

    @Param("10000")
    public int meals;

    private Meal meal;
    private Table table;

    @Setup
    public void setTable() {
        meal = Workload.of(workload).prepare(new Kitchen(Path.of(System.getProperty("java.io.tmpdir")), null, 0));
        table = new Table(philosophers, LockKind.of(lock), ThreadKind.of(threads), meal);
    }

    @TearDown
    public void clearTable() {
        meal.close();
    }

    /** One dinner, until the first philosopher reaches {@code meals}. */
    @Benchmark
    public Dinner dine() throws Exception {
        return table.dine(meals);
    }
}
