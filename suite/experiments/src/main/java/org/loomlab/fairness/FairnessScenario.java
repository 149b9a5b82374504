package org.loomlab.fairness;

import org.HdrHistogram.Histogram;
import org.loomlab.catalogue.AxisSpec;
import org.loomlab.catalogue.ExperimentSpec;
import org.loomlab.catalogue.Rule;
import org.loomlab.philosophers.ThreadKind;
import org.loomlab.record.Cell;
import org.loomlab.record.Summary;
import org.loomlab.scenario.CellParams;
import org.loomlab.scenario.Percentiles;
import org.loomlab.scenario.Scenario;
import org.loomlab.scenario.Settings;
import org.loomlab.scenario.VirtualScheduler;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadFactory;

/**
 * Seed 000, "thread fairness with a noisy neighbour": the sum of the light tasks' waits per round,
 * platform vs virtual threads (published: 313 ms vs 21,686 ms over five rounds of 1,000 + 1,000).
 * Axes: {@code threads}, {@code parallelism} (virtual-thread scheduler; must already be set on this
 * JVM, since it is fixed when the first virtual thread starts), {@code tasks}, {@code work}.
 * Pitfall guarded: a parallelism param this JVM does not actually run with is refused, not recorded.
 */
public final class FairnessScenario implements Scenario {

    /** Seed 000: light tasks started behind CPU-heavy ones; the sum of their waits to start. */
    public static final ExperimentSpec EXPERIMENT = ExperimentSpec.scenario("fairness", "light-wait-sum", "ms",
            AxisSpec.choice("threads", ThreadKind.class),
            // fixed when the first virtual thread starts, so it is a JVM flag (below), recorded as a number
            AxisSpec.count("parallelism", AxisSpec.HOST_CPUS, 1),
            AxisSpec.count("tasks", "1000", 1).in("smoke", "50"),
            // quick: a tenth of the seed's work; on 2 cores the seed's size takes minutes per virtual sample
            AxisSpec.count("work", "1000", 1).in("smoke", "100").in("quick", "100"))
            .with(Rule.always().withJvmArgs("-Djdk.virtualThreadScheduler.parallelism={parallelism}"));

    @Override
    public ExperimentSpec experiment() {
        return EXPERIMENT;
    }

    @Override
    public List<Cell> run(CellParams params, Settings settings) throws InterruptedException {
        ThreadKind kind = params.choice("threads", ThreadKind.class);
        int parallelism = params.count("parallelism");
        int tasks = params.count("tasks");
        int work = params.count("work");
        VirtualScheduler.require("parallelism", parallelism);
        ThreadFactory threads = switch (kind) {
            case PLATFORM -> Thread.ofPlatform().name("fairness-", 0).factory();
            case VIRTUAL -> Thread.ofVirtual().name("fairness-", 0).factory();
        };
        long start = System.nanoTime();
        List<Double> sums = new ArrayList<>();
        Histogram waits = new Histogram(3);
        for (int s = 0; s < settings.samples(); s++) {
            long sum = 0;
            for (long wait : NoisyNeighbours.round(threads, tasks, work)) {
                // nanoTime is monotonic, but clamp anyway: a histogram rejects negatives.
                waits.recordValue(Math.max(0, wait));
                sum += wait;
            }
            sums.add(sum / 1e6);
        }
        double wall = (System.nanoTime() - start) / 1e9;
        String message = String.format("%d heavy (%d BigInteger additions each) then %d light tasks per round on %s threads,"
                + " virtual-thread scheduler parallelism %d; percentiles are of single light waits over %d rounds",
                tasks, work, tasks, kind.label(), parallelism, settings.samples());
        return List.of(Summary.cell(name(), params.values(), "light-wait-sum", "ms", sums, Percentiles.of(waits, 1e6), null,
                message, wall, null));
    }
}
