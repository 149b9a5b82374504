package org.loomlab.footprint;

import org.loomlab.catalogue.AxisSpec;
import org.loomlab.catalogue.ExperimentSpec;
import org.loomlab.record.Cell;
import org.loomlab.record.Summary;
import org.loomlab.scenario.CellParams;
import org.loomlab.scenario.Scenario;
import org.loomlab.scenario.Settings;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.ToDoubleFunction;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * Seed 004: what do {@code tasks} tasks that each compute a little and sleep {@code sleep} ms in a
 * loop cost the process, per {@code executor}? Peak kernel threads, peak RSS and CPU seconds over
 * {@link Settings#duration()} (published: about 1,000 vs 30 kernel threads; 150 MB vs 20-60 MB, read
 * from jconsole). The process is sampled every 100 ms; each metric's percentiles are of that time
 * series (p50 is the steady state), and the message carries the first sample's series.
 * Pitfall guarded: counts are of the whole JVM (compiler, GC and sampler threads included), so the
 * message states the baseline taken just before the tasks start.
 */
public final class FootprintScenario implements Scenario {

    static final Duration INTERVAL = Duration.ofMillis(100);

    /** Where the tasks' products go, so the computation is not dead code. */
    static volatile int sink;

    /** Seed 004: N tasks that compute and sleep in a loop; peak kernel threads, peak RSS and CPU per executor. */
    public static final ExperimentSpec EXPERIMENT = ExperimentSpec.scenario("footprint", "peak-os-threads", "threads",
            AxisSpec.choice("executor", FootprintExecutor.class),
            AxisSpec.count("tasks", "1000", 1).in("smoke", "50"),
            AxisSpec.count("sleep", "1000", 1));

    @Override
    public ExperimentSpec experiment() {
        return EXPERIMENT;
    }

    @Override
    public List<Cell> run(CellParams params, Settings settings) throws Exception {
        FootprintExecutor executor = params.choice("executor", FootprintExecutor.class);
        int tasks = params.count("tasks");
        int sleep = params.count("sleep");
        Runnable task = () -> {
            ThreadLocalRandom random = ThreadLocalRandom.current();
            try {
                while (true) {
                    sink = random.nextInt() * random.nextInt();
                    Thread.sleep(sleep);
                }
            } catch (InterruptedException stop) {
                // the crowd is being stopped
            }
        };
        long start = System.nanoTime();
        List<List<ProcessStatus>> runs = new ArrayList<>();
        for (int s = 0; s < settings.samples(); s++) {
            ProcessSampler sampler = ProcessSampler.every(INTERVAL);
            FootprintExecutor.Crowd crowd = executor.start(tasks, task);
            Thread.sleep(settings.duration().toMillis());
            runs.add(sampler.stop());
            crowd.stop();
        }
        double wall = (System.nanoTime() - start) / 1e9;
        ProcessStatus baseline = runs.get(0).get(0);
        String message = String.format("%d tasks on %s; whole-process counts, baseline before start %d threads, %.0f MB;"
                        + " first sample every %d ms: threads %s; rss MB %s",
                tasks, executor.label(), baseline.threads(), baseline.rssMb(), INTERVAL.toMillis(),
                series(runs.get(0), ProcessStatus::threads), series(runs.get(0), ProcessStatus::rssMb));
        List<Double> threads = runs.stream().map(r -> (double) ProcessSampler.peakThreads(r)).toList();
        List<Double> rss = runs.stream().map(ProcessSampler::peakRssMb).toList();
        List<Double> cpu = runs.stream().map(ProcessSampler::cpuSeconds).toList();
        return List.of(
                Summary.cell(name(), params.values(), "peak-os-threads", "threads", threads,
                        seriesPercentiles(runs, ProcessStatus::threads), null, message, wall, null),
                Summary.cell(name(), params.values(), "peak-rss", "MB", rss,
                        seriesPercentiles(runs, ProcessStatus::rssMb), null, message, wall, null),
                Summary.cell(name(), params.values(), "cpu", "s", cpu, null, null, message, wall, null));
    }

    /** At most 20 evenly spaced points of one run's series, rounded, for the message. */
    static String series(List<ProcessStatus> run, ToDoubleFunction<ProcessStatus> value) {
        int step = Math.max(1, (run.size() + 19) / 20);
        return IntStream.range(0, run.size()).filter(i -> i % step == 0 || i == run.size() - 1)
                .mapToObj(i -> String.valueOf(Math.round(value.applyAsDouble(run.get(i)))))
                .collect(Collectors.joining(","));
    }

    /** p50 and max over every sample of every run, taken once the tasks had started. */
    static Map<String, Double> seriesPercentiles(List<List<ProcessStatus>> runs, ToDoubleFunction<ProcessStatus> value) {
        double[] all = runs.stream().flatMap(r -> r.subList(1, r.size()).stream()).mapToDouble(value).sorted().toArray();
        Map<String, Double> out = new LinkedHashMap<>();
        out.put("p50", all[(all.length - 1) / 2]);
        out.put("max", all[all.length - 1]);
        return out;
    }
}
