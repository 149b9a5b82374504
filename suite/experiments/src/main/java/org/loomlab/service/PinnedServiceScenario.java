package org.loomlab.service;

import org.loomlab.catalogue.AxisSpec;
import org.loomlab.catalogue.ExperimentSpec;
import org.loomlab.catalogue.Rule;
import org.loomlab.footprint.ProcessSampler;
import org.loomlab.footprint.ProcessStatus;
import org.loomlab.philosophers.LockKind;
import org.loomlab.philosophers.ThreadKind;
import org.loomlab.record.Cell;
import org.loomlab.record.Summary;
import org.loomlab.scenario.CellParams;
import org.loomlab.scenario.Scenario;
import org.loomlab.scenario.Settings;
import org.loomlab.scenario.VirtualScheduler;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Seed 003, carrier pinning under load: a service whose requests enter one of {@code endpoints} locked
 * sections ({@code lock}: synchronized or ReentrantLock) and make a blocking {@code delay} ms call
 * inside, under {@code connections} closed-loop clients; run on virtual threads with {@code carriers}
 * carriers (parallelism and maxPoolSize, as JVM flags) or on a fixed pool of {@code pool} platform
 * threads. Published (wrk, 1,000 connections, 10 s): about 215-220 req/s both ways; RSS 234 MB with 16
 * carriers vs 302 MB with 300 kernel threads. The ceiling here is endpoints x 1000/delay req/s.
 *
 * <p>The JDK is the point: on JDK 21-23, a virtual thread blocked inside {@code synchronized}, or
 * waiting to enter it, pins its carrier, so with more waiters than carriers the service stalls
 * (in the worst case deadlocks); JEP 491 (JDK 24) lets it unmount, so on 24+ synchronized and
 * ReentrantLock should measure the same. Compare the synchronized cells across JDKs.
 *
 * <p>Threads and RSS are of the whole process (the in-process fixture and the load generator's three
 * threads included); the message carries the baseline sampled before the service started.
 */
public final class PinnedServiceScenario implements Scenario {

    static final Duration INTERVAL = Duration.ofMillis(100);

    /**
     * Seed 003: a service whose requests make a blocking call inside a lock, under many connections;
     * virtual threads on 16 carriers vs a pool of 300 platform threads. Seed size 1,000 connections
     * (full); quick keeps 200, which on 2 cores still saturates the 10 endpoints x 20 req/s ceiling.
     */
    public static final ExperimentSpec EXPERIMENT = ExperimentSpec.scenario("pinned-service", "throughput", "req/s",
            AxisSpec.choice("lock", LockKind.class),
            AxisSpec.choice("threads", ThreadKind.class),
            AxisSpec.count("connections", "1000", 1).in("quick", "200").in("smoke", "20"),
            AxisSpec.count("endpoints", "10", 1),
            AxisSpec.count("delay", "50", 0),
            AxisSpec.count("carriers", "16", 1),
            AxisSpec.count("pool", "300", 1))
            .with(Rule.always().callingFixture())
            // Carriers are the scheduler's parallelism and its ceiling: no compensation threads beyond them.
            .with(Rule.when("threads", List.of(ThreadKind.VIRTUAL.label())).withJvmArgs(
                    "-Djdk.virtualThreadScheduler.parallelism={carriers}",
                    "-Djdk.virtualThreadScheduler.maxPoolSize={carriers}"));

    @Override
    public ExperimentSpec experiment() {
        return EXPERIMENT;
    }

    @Override
    public List<Cell> run(CellParams params, Settings settings) throws Exception {
        LockKind lock = params.choice("lock", LockKind.class);
        ThreadKind threads = params.choice("threads", ThreadKind.class);
        int connections = params.count("connections");
        int endpointCount = params.count("endpoints");
        int delay = params.count("delay");
        int carriers = params.count("carriers");
        int pool = params.count("pool");
        if (threads == ThreadKind.VIRTUAL) {
            VirtualScheduler.require("carriers", carriers);
        }
        long start = System.nanoTime();
        List<LoadResult> windows = new ArrayList<>();
        List<List<ProcessStatus>> vitals = new ArrayList<>();
        String fixture;
        ProcessStatus baseline;
        try (FixtureLink link = FixtureLink.open(settings.fixtureUrl())) {
            fixture = link.describe();
            Downstream downstream = new Downstream(link.url(), delay);
            List<Endpoint> endpoints = new ArrayList<>();
            for (int i = 0; i < endpointCount; i++) {
                endpoints.add(Endpoint.guarded(lock, downstream));
            }
            AtomicLong next = new AtomicLong();
            FrontService.Answer answer = () -> endpoints.get((int) (next.getAndIncrement() % endpointCount)).call();
            LoadResult.warmUp(downstream, executor(threads, pool), answer, connections);
            baseline = ProcessStatus.read();
            for (int s = 0; s < settings.samples(); s++) {
                try (FrontService front = new FrontService(executor(threads, pool), answer)) {
                    ProcessSampler sampler = ProcessSampler.every(INTERVAL);
                    windows.add(new ClosedLoop(front.uri(), connections, settings.duration()).run());
                    vitals.add(sampler.stop());
                }
            }
        }
        double wall = (System.nanoTime() - start) / 1e9;
        String runsOn = threads == ThreadKind.VIRTUAL
                ? "virtual threads on " + carriers + " carriers (maxPoolSize " + VirtualScheduler.maxPoolSize() + ")"
                : "a fixed pool of " + pool + " platform threads";
        double ceiling = delay == 0 ? Double.POSITIVE_INFINITY : endpointCount * 1000.0 / delay;
        String message = String.format("%s; %s inside %s, %d connections x %s per sample after a warm-up; ceiling %.1f req/s;"
                        + " baseline before the service: %d threads, %.0f MB; unfinished at window ends: %s",
                fixture, runsOn, lock.label(), connections, settings.duration(), ceiling, baseline.threads(),
                baseline.rssMb(), windows.stream().map(w -> String.valueOf(w.unfinished())).toList());
        List<Cell> cells = new ArrayList<>(LoadCells.of(name(), params.values(), windows, message, wall));
        cells.add(Summary.cell(name(), params.values(), "peak-os-threads", "threads",
                vitals.stream().map(v -> (double) ProcessSampler.peakThreads(v)).toList(), null, null, message, wall, null));
        cells.add(Summary.cell(name(), params.values(), "peak-rss", "MB",
                vitals.stream().map(ProcessSampler::peakRssMb).toList(), null, null, message, wall, null));
        return cells;
    }

    private static ExecutorService executor(ThreadKind threads, int pool) {
        return switch (threads) {
            case VIRTUAL -> Executors.newThreadPerTaskExecutor(Thread.ofVirtual().name("service-", 0).factory());
            case PLATFORM -> Executors.newFixedThreadPool(pool, Thread.ofPlatform().name("service-", 0).factory());
        };
    }
}
