package org.loomlab.run;

import org.loomlab.catalogue.ExperimentSpec;
import org.loomlab.plan.CellPlan;
import org.loomlab.plan.Experiment;
import org.loomlab.plan.ForkShape;
import org.loomlab.plan.Profile;
import org.loomlab.record.Cell;
import org.loomlab.record.CellStatus;
import org.loomlab.record.ForkMemory;
import org.loomlab.record.MealShares;
import org.loomlab.record.RecordJson;
import tools.jackson.databind.JsonNode;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;


/**
 * Runs one cell as its own JMH invocation in a child JVM (which forks the measured JVMs), keeps
 * JMH's JSON verbatim and turns it into a {@link Cell}.
 */
public final class JmhCell implements CellRunner {

    private final CellJvm jvm;
    private final CellProfilers profilers;
    private final LaneRouting lanes;

    public JmhCell(CellJvm jvm) {
        this(jvm, CellProfilers.none());
    }

    public JmhCell(CellJvm jvm, CellProfilers profilers) {
        this(jvm, profilers, LaneRouting.NONE);
    }

    JmhCell(CellJvm jvm, CellProfilers profilers, LaneRouting lanes) {
        this.jvm = jvm;
        this.profilers = profilers;
        this.lanes = lanes;
    }

    /**
     * The command that runs {@code plan}, writing JMH's JSON to {@code jmhJson}. The forks carry the
     * cell's path as a system property so that {@code ps} tells which cell a JVM belongs to.
     */
    List<String> command(CellPlan plan, Path jmhJson) {
        return command(plan, jmhJson, List.of(), shape(List.of(plan)));
    }

    /**
     * The command, with {@code forkFlags} appended to the measured JVMs' flags (JFR, latency files), its fork warming
     * up and measuring as {@code shape} says.
     */
    List<String> command(CellPlan plan, Path jmhJson, List<String> forkFlags, ForkShape shape) {
        CellJvm jvm = lanes.jvm(plan, this.jvm);
        List<String> cmd = new ArrayList<>(List.of(jvm.java().toString()));
        if (Boolean.getBoolean("loomlab.jmh.ignoreLock")) {
            // Tests only: they check behaviour, not speed, so they may share the host with other JMH runs.
            cmd.add("-Djmh.ignoreLock=true");
        }
        cmd.addAll(List.of("-jar", jvm.benchmarksJar().toString(), "^" + plan.experiment().target().replace(".", "\\.") + "$"));
        plan.benchmarkParams().forEach((k, v) -> cmd.addAll(List.of("-p", k + "=" + v)));
        cmd.addAll(jvm.profile().jmhOptions(shape));
        cmd.addAll(List.of("-bm", plan.experiment().metric(), "-tu", "ms", "-foe", "true",
                "-rf", "json", "-rff", jmhJson.toString()));
        if (!jvm.jvmArgs().isEmpty()) {
            cmd.addAll(List.of("-jvmArgs", String.join(" ", jvm.jvmArgs())));
        }
        List<String> append = new ArrayList<>(plan.experiment().jvmArgs(plan.params()));
        append.add("-Dloomlab.cell=" + jmhJson);
        if (jvm.fixtureUrl() != null) {
            append.add("-Dloomlab.fixture=" + jvm.fixtureUrl());
        }
        append.addAll(forkFlags);
        cmd.addAll(List.of("-jvmArgsAppend", String.join(" ", append)));
        return cmd;
    }

    @Override
    public List<List<Cell>> run(List<CellPlan> group, Path runDir, List<String> names) throws IOException, InterruptedException {
        ForkShape shape = shape(group);
        ForkLoop loop = jvm.forkLoop(shape);
        // A topped-up cell keeps its earlier forks' files: its latency, pinning and profiles are read over all its JVMs.
        boolean toppingUp = lanes.toppingUp(group);
        List<ForkLoop.Fork> forks = lanes.forks(group, runDir, names, (plan, dir, name) -> {
            if (!toppingUp) {
                CellFiles.clearAttempt(dir, name);
                DinnerLatency.clear(dir, name);
                profilers.clear(dir, name);
            }
            return k -> fork(plan, dir, name, k, shape);
        });
        List<List<Cell>> pooled = loop.runInterleaved(forks, ForkLoop.labels(group), lanes.usual(group, jvm, shape),
                jvm.turns(group, names), lanes.earlier(group, plan -> (file, wall, raw) -> earlierFork(plan, file, wall, raw)));
        List<List<Cell>> out = new ArrayList<>();
        for (int i = 0; i < group.size(); i++) {
            CellPlan plan = group.get(i);
            String name = names.get(i);
            Path dir = lanes.dir(plan, runDir);
            List<Cell> cells = new ArrayList<>(pooled.get(i));
            // Latency, pinning and the profilers' findings describe the cell, not one metric: they go on the primary.
            Cell cell = lanes.withPercentiles(plan, cells.get(0), DinnerLatency.read(dir, name));
            if (plan.experiment().runsVirtualThreads(plan.params())) {
                cell = lanes.withPinning(plan, cell, PinnedEventRecording.read(dir, name));
            }
            cells.set(0, profilers.keep(cell, dir, name));
            out.add(List.copyOf(cells));
        }
        return out;
    }

    /**
     * How the forks of cells that take turns ({@code --interleave}) warm up and measure: alike, with the longest warm-up
     * any of them needs, so that what they are compared on is the axis that differs and not their warm-up.
     */
    ForkShape shape(List<CellPlan> group) {
        return group.stream().map(c -> jvm.profile().forkShape(c.experiment(), c.params()))
                .max(Comparator.comparing(ForkShape::warmup)).orElseThrow();
    }

    /** JMH's secondary metric of {@code -prof gc} for the bytes allocated per operation (a dinner), all threads counted. */
    static final String ALLOCATION = Cell.ALLOCATION;

    /**
     * One JMH fork of the cell: its JSON kept verbatim as {@code jmh/NAME/fork-K.json}, its output appended to the
     * cell's log, and its cells: the primary metric, then the allocation per operation when the fork's JVM counted it,
     * then the time per table meal of a dinner.
     * A fork that outlives the timeout is killed, and the iterations its log shows as finished are kept.
     */
    private List<Cell> fork(CellPlan plan, Path runDir, String name, int k, ForkShape shape)
            throws IOException, InterruptedException {
        Path jmhJson = runDir.resolve("jmh").resolve(name).resolve("fork-" + k + ".json");
        Path log = runDir.resolve("logs").resolve(name + ".log");
        Files.createDirectories(jmhJson.getParent());
        long start = System.nanoTime();
        List<String> forkFlags = new ArrayList<>(List.of(DinnerLatency.flag(runDir, name)));
        if (plan.experiment().runsVirtualThreads(plan.params())) {
            forkFlags.add(PinnedEventRecording.flag(runDir, name));
        }
        List<String> cmd = new ArrayList<>(command(plan, jmhJson, forkFlags, shape));
        // Every JMH experiment is a dinner (philosophers, vert.x, coroutines) and which implementation allocates least
        // is the talk's memory question, so every JMH fork counts its allocation; JMH's gc profiler only reads
        // HotSpot's allocation counter and the collectors' beans around each iteration.
        cmd.addAll(profilers.jmhArgsCountingAllocation(runDir, name, k));
        ForkedProcess.Outcome outcome = ForkedProcess.run(cmd, log, lanes.jvm(plan, jvm).timeout(), "fork " + k);
        double wall = (System.nanoTime() - start) / 1e9;
        String raw = runDir.relativize(jmhJson.getParent()).toString();
        Experiment e = plan.experiment();
        if (outcome.ending() == ForkedProcess.Ending.TIMED_OUT) {
            Files.deleteIfExists(jmhJson);
            List<Double> finished = finishedIterations(outcome.forkLog());
            String message = "exceeded the fork timeout of " + human(jvm.timeout()) + "; killed after "
                    + finished.size() + " measured iteration" + (finished.size() == 1 ? "" : "s");
            return List.of(Cell.unmeasured(e.label(), plan.params(), e.metric(), e.unit(), CellStatus.TIMEOUT, message, wall, raw)
                    .withMeasurement(null, null, null, null, finished.isEmpty() ? null : List.of(finished), null));
        }
        JsonNode result = readResult(jmhJson);
        if (outcome.exitCode() != 0 || result == null) {
            return List.of(Cell.unmeasured(e.label(), plan.params(), e.metric(), e.unit(), CellStatus.FAILED,
                    "exit " + outcome.exitCode() + ": " + outcome.lastLine() + " (see " + runDir.relativize(log) + ")",
                    wall, Files.exists(jmhJson) ? raw : null));
        }
        return measured(plan, result, wall, raw);
    }

    /** A fork's cells from its JMH JSON: the primary metric, the allocation per operation, the time per table meal. */
    private static List<Cell> measured(CellPlan plan, JsonNode result, double wall, String raw) {
        List<Cell> cells = new ArrayList<>(List.of(fromJmh(plan, result, wall, raw)));
        allocation(plan, result, wall, raw).ifPresent(cells::add);
        tableMealTime(plan, result, wall, raw).ifPresent(cells::add);
        return List.copyOf(cells);
    }

    /** An earlier fork of a topped-up cell, read back from the JSON it kept as when it ran. */
    static List<Cell> earlierFork(CellPlan plan, Path jmhJson, double wall, String raw) throws IOException {
        JsonNode result = readResult(jmhJson);
        if (result == null) {
            throw new IllegalArgumentException("--top-up: " + jmhJson + " holds no JMH result; a top-up pools the forks "
                    + "a cell ran, each from its own file");
        }
        return measured(plan, result, wall, raw);
    }

    /**
     * The fork's time per meal the whole table ate as a cell of its own (metric {@value Cell#TABLE_MEAL_TIME}, us/meal),
     * one sample per measured iteration: the iteration's dinners' time over their table meals. A dinner ends when its
     * first philosopher is full, so its time is the table's speed times how evenly the table shares its meals; this
     * row keeps the speed, {@code meal_spread} the sharing. A table that shares more evenly takes longer to serve
     * the same speed. Empty for a dinner without the counters, or a metric that is not a time per dinner.
     */
    static Optional<Cell> tableMealTime(CellPlan plan, JsonNode benchmark, double wall, String raw) {
        JsonNode metric = benchmark.path("primaryMetric");
        String meals = plan.params().get("meals");
        JsonNode table = benchmark.path("secondaryMetrics").path("tableMeals").path("rawData");
        JsonNode winners = benchmark.path("secondaryMetrics").path("winnerMeals").path("rawData");
        if (meals == null || !metric.path("scoreUnit").asString().equals("ms/op") || table.size() != 1 || winners.size() != 1) {
            return Optional.empty();
        }
        JsonNode times = metric.path("rawData").path(0);
        double perDinner = Double.parseDouble(meals);
        List<Double> samples = new ArrayList<>();
        for (int i = 0; i < times.size(); i++) {
            double ate = value(table.get(0).path(i));
            double dinners = value(winners.get(0).path(i)) / perDinner;
            if (!(ate > 0 && dinners > 0)) {
                return Optional.empty();
            }
            samples.add(value(times.get(i)) * 1000 * dinners / ate);
        }
        if (samples.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(row(plan, Cell.TABLE_MEAL_TIME, "us/meal", samples, wall, raw)
                .score(samples.stream().mapToDouble(Double::doubleValue).average().orElseThrow()).build());
    }

    /**
     * The fork's allocation per operation as a cell of its own (metric {@value #ALLOCATION}, B/op), its samples the
     * measured iterations' values, so that forks pool into an interval like the primary metric's; empty when the
     * fork's JVM could not count (JMH then leaves the metric out).
     */
    static Optional<Cell> allocation(CellPlan plan, JsonNode benchmark, double wall, String raw) {
        JsonNode metric = benchmark.path("secondaryMetrics").path(ALLOCATION);
        List<Double> samples = new ArrayList<>();
        metric.path("rawData").forEach(fork -> fork.forEach(v -> samples.add(number(v))));
        if (samples.isEmpty() || samples.contains(null)) {
            return Optional.empty();
        }
        return Optional.of(cell(plan, ALLOCATION, metric, samples, wall, raw));
    }

    /** A cell of one JMH metric (primary or secondary): its score, error and interval as JMH gave them. */
    private static Cell cell(CellPlan plan, String name, JsonNode metric, List<Double> samples, double wall, String raw) {
        return row(plan, name, metric.path("scoreUnit").asString(), samples, wall, raw)
                .score(number(metric.get("score"))).error(number(metric.get("scoreError")))
                .interval(number(metric.path("scoreConfidence").get(0)), number(metric.path("scoreConfidence").get(1)))
                .build();
    }

    /** What every row of a fork says alike: its cell, samples, the experiment's note, the fork's time and raw file. */
    private static Cell.Builder row(CellPlan plan, String name, String unit, List<Double> samples, double wall, String raw) {
        Experiment e = plan.experiment();
        return Cell.builder(e.label(), plan.params(), name, unit)
                .samples(samples).message(e.note(plan.params())).wallSeconds(wall).rawFile(raw);
    }

    /** JMH's line for a finished measured iteration, e.g. {@code Iteration   2: 4312.457 ms/op}. */
    private static final Pattern ITERATION = Pattern.compile("^Iteration\\s+\\d+:\\s+([0-9.]+)\\s+ms/op");

    /** The measured iterations a killed fork's log shows as finished (JMH's JSON is written only at the end). */
    static List<Double> finishedIterations(List<String> forkLog) {
        List<Double> out = new ArrayList<>();
        for (String line : forkLog) {
            Matcher m = ITERATION.matcher(line.strip());
            if (m.find()) {
                out.add(Double.parseDouble(m.group(1)));
            }
        }
        return out;
    }

    private static JsonNode readResult(Path jmhJson) throws IOException {
        if (!Files.exists(jmhJson) || Files.size(jmhJson) == 0) {
            return null;
        }
        JsonNode root = RecordJson.mapper().readTree(jmhJson.toFile());
        return root.isArray() && !root.isEmpty() ? root.get(0) : null;
    }

    static Cell fromJmh(CellPlan plan, JsonNode benchmark, double wall, String raw) {
        JsonNode metric = benchmark.get("primaryMetric");
        List<Double> samples = new ArrayList<>();
        metric.get("rawData").forEach(fork -> fork.forEach(v -> samples.add(value(v))));
        Cell cell = cell(plan, plan.experiment().metric(), metric, samples, wall, raw);
        JsonNode secondary = benchmark.path("secondaryMetrics");
        double table = sum(secondary.path("tableMeals"));
        double winners = sum(secondary.path("winnerMeals"));
        if (winners > 0) {
            cell = cell.withMealSpread(table / winners);
        }
        double shared = sum(secondary.path("sharedDinners"));
        if (shared > 0) {
            cell = cell.withMealShares(new MealShares(sum(secondary.path("giniSum")) / shared,
                    sum(secondary.path("minMaxSum")) / shared));
        }
        // The same tokens in every iteration of a fork: their mean is the fork's calibration.
        double tokens = sum(secondary.path("cpuTokens")) / Math.max(1, count(secondary.path("cpuTokens")));
        if (tokens >= 1) {
            cell = cell.withCpuTokens(Math.round(tokens));
        }
        // Peaks so far at each iteration's end: the last is the fork's.
        long heap = Math.round(max(secondary.path("peakHeapBytes")));
        long rss = Math.round(max(secondary.path("peakRssBytes")));
        if (heap > 0 && rss > 0) {
            cell = cell.withForkMemory(List.of(new ForkMemory(heap, rss)));
        }
        if (secondary.path("failedMeals").isMissingNode()) {
            return cell;
        }
        long errors = Math.round(sum(secondary.path("failedMeals")));
        return cell.withErrors(errors, errors + " failed meals in the measured iterations (see the cell's log)");
    }

    /** The sum of a secondary metric's raw values over every fork and measured iteration; 0 when absent. */
    private static double sum(JsonNode metric) {
        double total = 0;
        for (JsonNode fork : metric.path("rawData")) {
            for (JsonNode v : fork) {
                total += value(v);
            }
        }
        return total;
    }

    /** The largest raw value of a secondary metric over every fork and measured iteration; 0 when absent. */
    private static double max(JsonNode metric) {
        double most = 0;
        for (JsonNode fork : metric.path("rawData")) {
            for (JsonNode v : fork) {
                most = Math.max(most, value(v));
            }
        }
        return most;
    }

    /** How many raw values a secondary metric has over every fork and measured iteration. */
    private static int count(JsonNode metric) {
        int n = 0;
        for (JsonNode fork : metric.path("rawData")) {
            n += fork.size();
        }
        return n;
    }

    /** JMH writes NaN as the string "NaN" (e.g. the error of a single sample). */
    private static Double number(JsonNode node) {
        if (node == null || node.isNull() || (node.isString() && node.asString().equals("NaN"))) {
            return null;
        }
        double d = value(node);
        return Double.isFinite(d) ? d : null;
    }

    /** A raw value; Jackson 3's asDouble() refuses JMH's "NaN" (Jackson 2 read NaN), so NaN is the default. */
    private static double value(JsonNode v) {
        return v.asDouble(Double.NaN);
    }

    static String human(Duration d) {
        return d.toMinutes() > 0 ? d.toMinutes() + "m" + (d.toSecondsPart() > 0 ? d.toSecondsPart() + "s" : "")
                : d.toSeconds() + "s";
    }

}
