package org.loomlab.run;

import org.loomlab.catalogue.ExperimentSpec;
import org.loomlab.plan.CellPlan;
import org.loomlab.plan.ForkShape;
import org.loomlab.plan.Experiment;
import org.loomlab.plan.Profile;
import org.loomlab.record.Cell;
import org.loomlab.record.CellStatus;
import org.loomlab.record.RecordJson;
import tools.jackson.core.type.TypeReference;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Runs a scenario cell (fairness, service, footprint, ...) in a JVM of its own through
 * {@code org.loomlab.scenario.ScenarioMain}, and reads back the cells it wrote.
 */
public final class ScenarioCell implements CellRunner {

    private static final String MAIN = "org.loomlab.scenario.ScenarioMain";

    private final CellJvm jvm;
    private final LaneRouting lanes;

    public ScenarioCell(CellJvm jvm) {
        this(jvm, LaneRouting.NONE);
    }

    ScenarioCell(CellJvm jvm, LaneRouting lanes) {
        this.jvm = jvm;
        this.lanes = lanes;
    }

    List<String> command(CellPlan plan, Path out) {
        return command(plan, out, List.of());
    }

    /** The command, with {@code extraFlags} (the JFR recording of pinned events) for the scenario JVM. */
    List<String> command(CellPlan plan, Path out, List<String> extraFlags) {
        CellJvm jvm = lanes.jvm(plan, this.jvm);
        List<String> cmd = new ArrayList<>(List.of(jvm.java().toString()));
        cmd.addAll(jvm.jvmArgs());
        cmd.addAll(plan.experiment().jvmArgs(plan.params()));
        cmd.addAll(extraFlags);
        cmd.addAll(List.of("-Dloomlab.cell=" + out, "-cp", jvm.benchmarksJar().toString(), MAIN, plan.experiment().target(),
                "--out", out.toString(), "--samples", String.valueOf(jvm.profile().warmupWindows() + jvm.profile().windows()),
                "--duration", String.valueOf(jvm.profile().windowTime().toMillis() / 1000.0)));
        if (jvm.fixtureUrl() != null) {
            cmd.addAll(List.of("--fixture", jvm.fixtureUrl()));
        }
        plan.benchmarkParams().forEach((k, v) -> cmd.add(k + "=" + v));
        return cmd;
    }

    @Override
    public List<List<Cell>> run(List<CellPlan> group, Path runDir, List<String> names) throws IOException, InterruptedException {
        Profile p = jvm.profile();
        ForkShape shape = p.forkShape(ExperimentSpec.Kind.SCENARIO);
        // A topped-up cell keeps its earlier forks' files: its pinning is read over all its JVMs.
        boolean toppingUp = lanes.toppingUp(group);
        List<ForkLoop.Fork> forks = lanes.forks(group, runDir, names, (plan, dir, name) -> {
            if (!toppingUp) {
                CellFiles.clearAttempt(dir, name);
            }
            return k -> fork(plan, dir, name, k);
        });
        List<List<Cell>> pooled = jvm.forkLoop(shape).runInterleaved(forks, ForkLoop.labels(group),
                lanes.usual(group, jvm, shape), jvm.turns(group, names), lanes.earlier(group, plan -> this::measured));
        List<List<Cell>> out = new ArrayList<>();
        for (int i = 0; i < group.size(); i++) {
            out.add(withPinning(group.get(i), pooled.get(i), lanes.dir(group.get(i), runDir), names.get(i)));
        }
        return out;
    }

    private List<Cell> withPinning(CellPlan plan, List<Cell> cells, Path runDir, String name) throws IOException {
        if (!plan.experiment().runsVirtualThreads(plan.params())) {
            return cells;
        }
        // Pinning evidence belongs to the cell, not to one metric: it goes on the primary one. A scenario that
        // recorded its own measured phases (the pinning probe) keeps that: the fork's recording has its warm-up too.
        if (cells.get(0).pinning() != null) {
            return cells;
        }
        List<Cell> out = new ArrayList<>(cells);
        out.set(0, lanes.withPinning(plan, cells.get(0), PinnedEventRecording.read(runDir, name)));
        return out;
    }

    /** One scenario JVM: its cells (one per metric) with the warm-up windows dropped from their samples. */
    private List<Cell> fork(CellPlan plan, Path runDir, String name, int k) throws IOException, InterruptedException {
        Path out = runDir.resolve("scenarios").resolve(name).resolve("fork-" + k + ".json");
        Path log = runDir.resolve("logs").resolve(name + ".log");
        Files.createDirectories(out.getParent());
        long start = System.nanoTime();
        List<String> flags = plan.experiment().runsVirtualThreads(plan.params())
                ? List.of(PinnedEventRecording.flag(runDir, name)) : List.of();
        ForkedProcess.Outcome outcome = ForkedProcess.run(command(plan, out, flags), log, lanes.jvm(plan, jvm).timeout(),
                "fork " + k);
        double wall = (System.nanoTime() - start) / 1e9;
        Experiment e = plan.experiment();
        if (outcome.ending() == ForkedProcess.Ending.TIMED_OUT) {
            return List.of(Cell.unmeasured(e.label(), plan.params(), e.metric(), e.unit(), CellStatus.TIMEOUT,
                    "exceeded the fork timeout of " + JmhCell.human(jvm.timeout()) + "; killed", wall, null));
        }
        if (outcome.exitCode() != 0 || !Files.exists(out)) {
            return List.of(Cell.unmeasured(e.label(), plan.params(), e.metric(), e.unit(), CellStatus.FAILED,
                    "exit " + outcome.exitCode() + ": " + outcome.lastLine() + " (see " + runDir.relativize(log) + ")",
                    wall, null));
        }
        return measured(out, wall, runDir.relativize(out.getParent()).toString());
    }

    /** A fork's cells as the scenario wrote them to {@code out}, its warm-up windows dropped. */
    private List<Cell> measured(Path out, double wall, String raw) throws IOException {
        List<Cell> cells = RecordJson.mapper().readValue(out.toFile(), new TypeReference<List<Cell>>() { });
        int warmup = jvm.profile().warmupWindows();
        return cells.stream().map(c -> {
            Cell kept = c.withStatus(c.status(), c.message(), wall, raw);
            // A scenario gives one sample per window; the first windows warm the JIT and the connections up.
            return c.samples().size() > warmup ? kept.withMeasurement(c.score(), c.error(), c.ciLow(), c.ciHigh(),
                    List.of(c.samples().subList(warmup, c.samples().size())), null) : kept;
        }).toList();
    }
}
