package org.loomlab.run;

import org.loomlab.plan.CellPlan;
import org.loomlab.plan.Experiment;
import org.loomlab.plan.Interleaving;
import org.loomlab.plan.RunBudget;
import org.loomlab.progress.Progress;
import org.loomlab.record.Cell;
import org.loomlab.record.CellStatus;
import org.loomlab.record.RecordJson;
import org.loomlab.record.RunRecord;
import org.loomlab.record.RunStatus;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.IntFunction;

/**
 * Runs planned cells one after another (or, interleaved, a group at a time) and keeps run.json valid after every step: a cell that
 * crashes or hangs is recorded and the next one runs; Ctrl-C records what finished, marks the
 * rest {@code interrupted} and kills every child JVM.
 */
public final class LabRun {

    private final Path dir;
    private final CellRunner cells;
    private final PrintStream out;
    private final RunBudget budget;
    private final Interleaving interleaving;
    /** What one fork of a cell takes beyond the run's typical fork (a longer warm-up), for the run's pilots to come. */
    private final Function<CellPlan, Duration> forkExtra;
    private final Object lock = new Object();
    /** Each lane's record by its name; a run without lanes has one, under {@link #OWN}. */
    private final Map<String, RunRecord> records = new LinkedHashMap<>();
    private final Map<String, Path> dirs = new LinkedHashMap<>();
    private boolean closed;

    /** The key of the record of a run whose JDKs do not take turns. */
    public static final String OWN = "";

    private int finishedPlans;
    /** Whether the cells run replace recorded ones (a top-up) rather than add to the record. */
    private boolean replacing;

    public LabRun(Path dir, RunRecord start, CellRunner cells, PrintStream out) {
        this(dir, start, cells, out, RunBudget.none(), Interleaving.NONE);
    }

    /**
     * @param budget       the run's time, shared among the cells as they start
     * @param interleaving which cells run together, their forks taking turns
     */
    public LabRun(Path dir, RunRecord start, CellRunner cells, PrintStream out, RunBudget budget, Interleaving interleaving) {
        this(dir, start, cells, out, budget, interleaving, plan -> Duration.ZERO);
    }

    /** @param forkExtra what one fork of a cell takes beyond a typical one (its longer warm-up) */
    public LabRun(Path dir, RunRecord start, CellRunner cells, PrintStream out, RunBudget budget, Interleaving interleaving,
                  Function<CellPlan, Duration> forkExtra) {
        this(Map.of(OWN, dir), Map.of(OWN, start), cells, out, budget, interleaving, forkExtra);
    }

    /**
     * A run whose lanes take turns: each lane's cells go to its own record, in its own directory.
     *
     * @param dirs   each lane's run directory, the first lane first
     * @param starts each lane's record as it starts
     */
    public LabRun(Map<String, Path> dirs, Map<String, RunRecord> starts, CellRunner cells, PrintStream out, RunBudget budget,
                  Interleaving interleaving, Function<CellPlan, Duration> forkExtra) {
        this.dir = dirs.values().iterator().next();
        this.dirs.putAll(dirs);
        dirs.keySet().forEach(lane -> records.put(lane, starts.get(lane)));
        this.cells = cells;
        this.out = out;
        this.budget = budget;
        this.interleaving = interleaving;
        this.forkExtra = forkExtra;
    }

    public Path runJson() {
        return dir.resolve("run.json");
    }

    /** Each lane's record as it stands, by lane ({@code ""} for a run without lanes). */
    public Map<String, RunRecord> records() {
        synchronized (lock) {
            return java.util.Collections.unmodifiableMap(new LinkedHashMap<>(records));
        }
    }

    /**
     * Runs every plan; returns the final record. Cell files are numbered after the {@code alreadyRun}
     * cells of a resumed run, so they never overwrite a kept cell's files.
     */
    public RunRecord run(List<CellPlan> plans, int alreadyRun, Progress progress) throws IOException {
        return run(plans, i -> String.format("cell-%02d", alreadyRun + i + 1), false, progress);
    }

    /**
     * Gives finished cells more rounds (a top-up): each keeps its name ({@code names}, one per plan, so its files and its
     * rounds' order go on), its new cells take the place of its recorded ones, and an interrupt leaves them as they were.
     */
    public RunRecord topUp(List<CellPlan> plans, List<String> names, Progress progress) throws IOException {
        return run(plans, names::get, true, progress);
    }

    private RunRecord run(List<CellPlan> plans, IntFunction<String> name, boolean replacing,
                          Progress progress) throws IOException {
        this.replacing = replacing;
        writeAll();
        Thread hook = new Thread(() -> interrupt(plans, progress), "loom-lab-interrupt");
        Runtime.getRuntime().addShutdownHook(hook);
        try {
            int i = 0;
            for (List<CellPlan> group : interleaving.groups(plans)) {
                List<String> names = new ArrayList<>();
                for (int j = 0; j < group.size(); j++) {
                    progress.starting(i + j, group.get(j));
                    names.add(name.apply(i + j));
                }
                budget.cellsStarting(plans.size() - i, group.size(), group.get(0).lane() != null, plans.subList(i + group.size(), plans.size())
                        .stream().map(forkExtra).reduce(Duration.ZERO, Duration::plus));
                List<List<Cell>> measured;
                try {
                    measured = cells.run(group, dir, names);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    break;
                }
                synchronized (lock) {
                    if (closed) {
                        break;
                    }
                    // A member the host refused did not take turns; the others did when two or more ran.
                    long ran = measured.stream().filter(m -> m.get(0).status() != CellStatus.SKIPPED).count();
                    for (int j = 0; j < group.size(); j++) {
                        String lane = key(group.get(j));
                        if (replacing) {
                            records.put(lane, records.get(lane).replacing(measured.get(j)));
                            continue;
                        }
                        for (Cell cell : measured.get(j)) {
                            // Lanes took turns as the run's design; only an --interleave group's cells are marked.
                            records.put(lane, records.get(lane).withCell(lane.equals(OWN)
                                    ? interleaving.mark(cell, (int) ran) : cell));
                        }
                    }
                    finishedPlans += group.size();
                    writeAll();
                }
                for (int j = 0; j < group.size(); j++) {
                    progress.finished(i + j, measured.get(j));
                }
                i += group.size();
            }
            synchronized (lock) {
                if (!closed) {
                    closed = true;
                    Instant end = Instant.now();
                    records.replaceAll((lane, r) -> r.finish(RunStatus.COMPLETE, end));
                    writeAll();
                    progress.ended(RunStatus.COMPLETE);
                }
                return records.values().iterator().next();
            }
        } finally {
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException shuttingDown) {
                // The hook is running or has run: it owns the record now.
            }
        }
    }

    /**
     * The shutdown hook: record the unfinished cells as interrupted, then stop the children. The record
     * is closed first so that the running cell, which sees its fork die, cannot be recorded as failed.
     */
    private void interrupt(List<CellPlan> plans, Progress progress) {
        try {
            closeAsInterrupted(plans, progress);
        } finally {
            ProcessHandle.current().descendants().forEach(ProcessHandle::destroyForcibly);
        }
    }

    private void closeAsInterrupted(List<CellPlan> plans, Progress progress) {
        synchronized (lock) {
            if (closed) {
                return;
            }
            closed = true;
            // A topped-up cell not finished keeps its record: its earlier rounds stand as they were.
            for (CellPlan plan : replacing ? List.<CellPlan>of() : plans.subList(finishedPlans, plans.size())) {
                Experiment e = plan.experiment();
                records.computeIfPresent(key(plan), (lane, r) -> r.withCell(Cell.unmeasured(e.label(), plan.params(),
                        e.metric(), e.unit(), CellStatus.INTERRUPTED, "the run was interrupted before this cell finished", 0,
                        null)));
            }
            Instant end = Instant.now();
            records.replaceAll((lane, r) -> r.finish(RunStatus.INTERRUPTED, end));
            writeAll();
            progress.ended(RunStatus.INTERRUPTED);
            out.println("interrupted after " + finishedPlans + " of " + plans.size() + " cells; record: " + runJson());
            out.flush();
        }
    }

    private void writeAll() {
        records.forEach((lane, r) -> RecordJson.writeAtomically(dirs.get(lane).resolve("run.json"), r));
    }

    private static String key(CellPlan plan) {
        return plan.lane() == null ? OWN : plan.lane();
    }
}
