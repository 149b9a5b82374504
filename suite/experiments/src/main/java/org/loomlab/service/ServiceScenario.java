package org.loomlab.service;

import org.loomlab.catalogue.AxisSpec;
import org.loomlab.catalogue.ExperimentSpec;
import org.loomlab.catalogue.Rule;
import org.loomlab.record.Cell;
import org.loomlab.scenario.CellParams;
import org.loomlab.scenario.Scenario;
import org.loomlab.scenario.Settings;

import java.util.ArrayList;
import java.util.List;

/**
 * Seed 002, service to service: a front service whose every request makes a blocking call to a
 * downstream that answers after {@code delay} ms, run on a fixed pool of 1, a fixed pool of
 * {@code pool}, or a virtual thread per request, under {@code users} closed-loop clients for
 * {@link Settings#duration()} per sample. Published: 17.2 req/s (1 user, pool of 1) and 213 req/s
 * (20 users, virtual threads); the ceilings are 1000/delay req/s for a pool of one and
 * concurrency x 1000/delay otherwise. A fresh service per sample, so no queue of a saturated pool
 * leaks from one sample into the next.
 */
public final class ServiceScenario implements Scenario {

    /** Seed 002: a front service making a blocking 50 ms downstream call, per executor, under closed-loop users. */
    public static final ExperimentSpec EXPERIMENT = ExperimentSpec.scenario("service", "throughput", "req/s",
            AxisSpec.choice("executor", ServiceExecutor.class),
            AxisSpec.count("users", "1", 1).in("quick", "1", "20", "200").in("full", "1", "20", "200").in("smoke", "4"),
            AxisSpec.count("pool", "20", 1),
            AxisSpec.count("delay", "50", 0))
            .with(Rule.always().callingFixture());

    @Override
    public ExperimentSpec experiment() {
        return EXPERIMENT;
    }

    @Override
    public List<Cell> run(CellParams params, Settings settings) throws Exception {
        ServiceExecutor executor = params.choice("executor", ServiceExecutor.class);
        int users = params.count("users");
        int pool = params.count("pool");
        int delay = params.count("delay");
        long start = System.nanoTime();
        List<LoadResult> windows = new ArrayList<>();
        String fixture;
        try (FixtureLink link = FixtureLink.open(settings.fixtureUrl())) {
            fixture = link.describe();
            Downstream downstream = new Downstream(link.url(), delay);
            LoadResult.warmUp(downstream, executor.create(pool), downstream::call, users);
            for (int s = 0; s < settings.samples(); s++) {
                try (FrontService front = new FrontService(executor.create(pool), downstream::call)) {
                    windows.add(new ClosedLoop(front.uri(), users, settings.duration()).run());
                }
            }
        }
        double wall = (System.nanoTime() - start) / 1e9;
        double ceiling = delay == 0 ? Double.POSITIVE_INFINITY : executor.concurrency(pool, users) * 1000.0 / delay;
        String message = String.format("%s; %d users x %s per sample after a warm-up; ceiling %.1f req/s; unfinished at window ends: %s",
                fixture, users, settings.duration(), ceiling, windows.stream().map(w -> String.valueOf(w.unfinished())).toList());
        return LoadCells.of(name(), params.values(), windows, message, wall);
    }
}
