package org.loomlab.bench;

import org.loomlab.philosophers.Kitchen;
import org.loomlab.philosophers.Meal;
import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

import java.nio.file.Path;

/**
 * Meals that failed (HTTP errors) per iteration, reported by JMH as the secondary metric
 * {@code failedMeals} instead of failing the run; the lab sums it into the cell's {@code errors}.
 * JMH does not reset auxiliary counters between iterations, so this state does.
 */
@State(Scope.Thread)
@AuxCounters(AuxCounters.Type.EVENTS)
public class FailedMeals {

    public long failedMeals;
    private long seen;

    @Setup(Level.Iteration)
    public void resetForIteration() {
        failedMeals = 0;
    }

    /** Adds what {@code meal} counted since the last call. */
    void countSince(Meal meal) {
        long now = meal.failures();
        failedMeals += now - seen;
        seen = now;
    }

    /** The kitchen of a benchmark fork: the fixture comes as a system property, not a {@code @Param}. */
    static Kitchen kitchen(int connections) {
        return new Kitchen(Path.of(System.getProperty("java.io.tmpdir")), System.getProperty("loomlab.fixture"),
                connections);
    }

    /** Says in the cell's log why meals failed, then frees what the meal held. */
    static void clear(Meal meal) {
        if (meal.failures() > 0) {
            System.err.println("loom-lab: " + meal.failures() + " failed meals; first: " + meal.firstFailure());
        }
        meal.close();
    }
}
