package org.loomlab.bench;

import org.loomlab.catalogue.AxisSpec;
import org.loomlab.catalogue.ExperimentSpec;
import org.loomlab.catalogue.Rule;
import org.loomlab.coroutines.CoroutineTable;
import org.loomlab.coroutines.CoroutineWorkload;
import org.loomlab.coroutines.DispatcherKind;
import org.loomlab.coroutines.SuspendingMeal;
import org.loomlab.philosophers.Dinner;
import org.loomlab.philosophers.Kitchen;
import org.loomlab.philosophers.Meal;
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

import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * How long until the first of N philosopher coroutines has eaten M meals, per dispatcher x eating workload: the
 * talk's open question "what about Kotlin coroutines?". Chopsticks are suspending {@code kotlinx.coroutines} mutexes;
 * the dinner is the Java table's {@code dinner=lab} (same seats, same stop, same {@link Dinner}), so a cell compares
 * with {@code philosophers -p dinner=lab} at the same size. Launching the coroutines and closing the dispatcher are
 * inside the measured dinner, as starting and ending the threads are for the Java table.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
public class CoroutinePhilosophersBenchmark {

    /** This benchmark in the experiment catalogue: the lab's axes, their limits and defaults per profile. */
    public static final ExperimentSpec EXPERIMENT = ExperimentSpec.jmh("coroutine-philosophers",
            CoroutinePhilosophersBenchmark.class.getName() + ".dine", "avgt", "ms/op",
            AxisSpec.choice("dispatcher", DispatcherKind.class).in("scaled", "default", "virtual"),
            AxisSpec.choice("workload", CoroutineWorkload.class).in("scaled", "noop"),
            AxisSpec.microseconds("mealtime", "16").whenAbsent("16"),
            AxisSpec.count("philosophers", "1000", 2).in("smoke", "10").in("scaled", "10000", "100000", "1000000"),
            AxisSpec.count("meals", "10000", 1).in("smoke", "100").in("scaled", "10000", "100000", "1000000"))
            .with(Rule.when("workload", List.of(CoroutineWorkload.DELAY.label()))
                    .withNote("kotlinx delay counts whole milliseconds: a {mealtime} us meal takes at least 1 ms"))
            // After quick's 3 s warm-up a JVM still serves these dinners 6-25 % slower than in its 21st second, and
            // 2-4 % after 9 s (results/vm-epyc-2c-24g/calibration, warm-up residue).
            .with(Rule.always().warmingUpFor(9));

    @Param({"default", "io", "virtual"})
    public String dispatcher;

    @Param({"noop", "active-wait", "sleep"})
    public String workload;

    /** Microseconds a timed meal (active-wait, sleep, delay) takes, as for the Java table. */
    @Param("16")
    public String mealtime;

    @Param("1000")
    public int philosophers;

    @Param("10000")
    public int meals;

    /** The counters take a Java meal for its failures; coroutine meals count none. */
    private static final Meal NO_FAILURES = () -> { };

    private SuspendingMeal meal;
    private CoroutineTable table;

    @Setup
    public void setTable() {
        meal = CoroutineWorkload.of(workload).prepare(Kitchen.local().withMealTime(Workload.mealTime(mealtime)));
        table = new CoroutineTable(philosophers, DispatcherKind.of(dispatcher), meal);
    }

    @TearDown
    public void clearTable() {
        meal.close();
    }

    /** One dinner, from launching the philosophers until the first reaches {@code meals} and the rest have ended. */
    @Benchmark
    public Dinner dine(MealCounters counters) {
        Dinner served = table.dine(meals);
        counters.count(served, NO_FAILURES);
        return served;
    }
}
