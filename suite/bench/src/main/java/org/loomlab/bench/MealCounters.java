package org.loomlab.bench;

import org.loomlab.footprint.MemoryPeaks;
import org.loomlab.philosophers.Dinner;
import org.loomlab.philosophers.Kitchen;
import org.loomlab.philosophers.Meal;
import org.loomlab.philosophers.Workload;
import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.infra.Blackhole;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * What an iteration's dinners did besides taking time, reported by JMH as secondary metrics:
 * {@code failedMeals}, HTTP errors counted instead of failing the run (the lab sums them into the cell's
 * {@code errors}); and {@code tableMeals} / {@code winnerMeals}, the meals the whole table ate and the meals
 * the winners ate. Their ratio is the meal spread the lab records: a dinner ends when its first philosopher
 * reaches the meals, so a fairer table eats more meals per dinner and takes longer for the same switching.
 * {@code startSkewMicros}, the dinners' start skews summed ({@link Dinner#startSkewNanos()}, in microseconds;
 * per dinner: divide by {@code winnerMeals / meals}, the number of dinners): how long the first philosophers ate
 * before the last one started, which the talk's barrier brings near 0. {@code stopMicros}, the dinners' stops
 * summed ({@link Dinner#stopNanos()}): from the winner being full to the last philosopher thread ending. Both 0 for
 * the vert.x tables.
 * {@code sharedDinners}, {@code giniSum} and {@code minMaxSum}: how evenly the seats shared the meals
 * ({@link Dinner#gini()}, {@link Dinner#minMaxRatio()}), summed over the first {@value #SHARES_KEPT} dinners of the
 * iteration; the lab divides by {@code sharedDinners}. They are worked out after the iteration, not in the measured
 * op: sorting 1,000 seats' counts takes tens of microseconds, 1 % of a 2 ms virtual-thread dinner.
 * {@code cpuTokens}: the consumeCPU tokens a consume-cpu meal burns ({@link Meal#cpuTokens()}), 0 for the others.
 * {@code peakHeapBytes} and {@code peakRssBytes}: the fork's memory peaks so far ({@link MemoryPeaks}), read as each
 * iteration ends; the lab keeps each fork's last.
 * JMH does not reset auxiliary counters between iterations, so this state does.
 */
@State(Scope.Thread)
@AuxCounters(AuxCounters.Type.EVENTS)
public class MealCounters {

    public long failedMeals;
    public long tableMeals;
    public long winnerMeals;
    public double startSkewMicros;
    public double stopMicros;
    public long sharedDinners;
    public double giniSum;
    public double minMaxSum;
    public long cpuTokens;
    public long peakHeapBytes;
    public long peakRssBytes;
    private long seen;
    private MemoryPeaks memory;

    /** Dinners of this iteration whose shares are summed once it ends: a bounded sample, so memory stays flat. */
    static final int SHARES_KEPT = 1_000;
    private final List<Dinner> shares = new ArrayList<>(SHARES_KEPT);

    @Setup(Level.Iteration)
    public void resetForIteration() {
        failedMeals = 0;
        tableMeals = 0;
        winnerMeals = 0;
        startSkewMicros = 0;
        stopMicros = 0;
        sharedDinners = 0;
        giniSum = 0;
        minMaxSum = 0;
        cpuTokens = 0;
        peakHeapBytes = 0;
        peakRssBytes = 0;
        shares.clear();
    }

    /** Watches the fork's collections for its heap's peak, from its first iteration on. */
    @Setup(Level.Trial)
    public void watchMemory() {
        memory = MemoryPeaks.watch();
    }

    @TearDown(Level.Trial)
    public void stopWatchingMemory() {
        memory.close();
    }

    /** The fork's memory peaks so far, after the measured time and before JMH reads the counters. */
    @TearDown(Level.Iteration)
    public void readMemory() {
        peakHeapBytes = memory.heapBytes();
        peakRssBytes = MemoryPeaks.rssBytes();
    }

    /** Sums the kept dinners' shares, after the measured time and before JMH reads the counters. */
    @TearDown(Level.Iteration)
    public void sumShares() {
        for (Dinner dinner : shares) {
            giniSum += dinner.gini();
            minMaxSum += dinner.minMaxRatio();
        }
        sharedDinners += shares.size();
        shares.clear();
    }

    /**
     * Counts one dinner: the meals eaten, and the failures {@code meal} saw since the last call. It runs inside the
     * measured op (JMH has no cheaper place per invocation): one pass over the seats' counts, about 1 µs for 1,000
     * seats against dinners of milliseconds; the dinner-latency histogram is recorded before it.
     */
    void count(Dinner dinner, Meal meal) {
        tableMeals += dinner.totalMeals();
        winnerMeals += dinner.eaten()[dinner.winner()];
        startSkewMicros += dinner.startSkewNanos() / 1e3;
        stopMicros += dinner.stopNanos() / 1e3;
        if (shares.size() < SHARES_KEPT) {
            shares.add(dinner);
        }
        cpuTokens = meal.cpuTokens();
        long now = meal.failures();
        failedMeals += now - seen;
        seen = now;
    }

    /**
     * The kitchen of a benchmark fork: the fixture comes as a system property, not a {@code @Param};
     * {@code mealtime} is the axis's value in microseconds; consume-cpu burns JMH's {@link Blackhole#consumeCPU}.
     */
    static Kitchen kitchen(int connections, String mealtime) {
        return new Kitchen(Path.of(System.getProperty("java.io.tmpdir")), System.getProperty("loomlab.fixture"),
                connections, Workload.mealTime(mealtime), Blackhole::consumeCPU);
    }

    /** Says in the cell's log why meals failed, then frees what the meal held. */
    static void clear(Meal meal) {
        if (meal.failures() > 0) {
            System.err.println("loom-lab: " + meal.failures() + " failed meals; first: " + meal.firstFailure());
        }
        meal.close();
    }
}
