package org.loomlab.progress;

import org.loomlab.plan.CellPlan;
import org.loomlab.plan.RunBudget;
import org.loomlab.record.Cell;
import org.loomlab.record.CellStatus;
import org.loomlab.record.RunStatus;
import org.loomlab.text.Figures;

import java.io.PrintStream;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * One line per cell as it starts and ends, with the elapsed time and an ETA for the whole run. Each cell
 * has a planned time (what it took in earlier runs here, see {@link CellHistory}, else the profile's lower
 * bound); the ETA is the remaining plan scaled by how the finished cells compared with theirs, held to what the run's
 * budget lets the cells left spend ({@link RunBudget#eta}: earlier runs under other budgets took longer). The same steps go to
 * the run's {@link ProgressLog} as events, for programs: nothing needs to parse these lines.
 */
public final class Progress {

    private final PrintStream out;
    private final List<Duration> planned;
    private final String basis;
    private final ProgressLog events;
    private final RunBudget budget;
    private final long startNanos = System.nanoTime();
    private double finishedSeconds;
    private double finishedPlanned;
    private int finished;

    /** Lines to {@code out} only. */
    public Progress(PrintStream out, List<Duration> planned, String basis) {
        this(out, planned, basis, null);
    }

    /** Lines to {@code out}, and events to {@code events} (null for none). */
    public Progress(PrintStream out, List<Duration> planned, String basis, ProgressLog events) {
        this(out, planned, basis, events, RunBudget.none());
    }

    /** Lines and events, the ETA held to {@code budget}'s time left. */
    public Progress(PrintStream out, List<Duration> planned, String basis, ProgressLog events, RunBudget budget) {
        this.out = out;
        this.planned = List.copyOf(planned);
        this.basis = basis;
        this.events = events;
        this.budget = budget;
    }

    /** The lane of each cell started, by its index ("" without lanes). */
    private final java.util.Map<Integer, String> lanes = new java.util.HashMap<>();

    public void starting(int index, CellPlan plan) {
        String eta = finished == 0 ? " (planned ETA " + clock(remaining(index, 1)) + "; " + basis + ")" : "";
        // A run whose lanes take turns starts a cell once a lane: each line says which.
        String lane = plan.lane() == null ? "" : "lane " + plan.lane() + ": ";
        lanes.put(index, lane);
        out.printf("[%2d/%d] %s%s ...%s%n", index + 1, planned.size(), lane, plan.label(), eta);
        out.flush();
        emit(ProgressEvent.Kind.STARTED, index + 1, plan.experiment().label() + " " + plan.label(), null, null,
                remaining(index, pace()));
    }

    public void finished(int index, List<Cell> cells) {
        finished++;
        double wall = cells.stream().mapToDouble(Cell::wallSeconds).max().orElse(0);
        finishedSeconds += wall;
        finishedPlanned += planned.get(index).toMillis() / 1000.0;
        Duration eta = remaining(index + 1, pace());
        Duration elapsed = elapsed();
        String what = cells.stream().map(Progress::summary).collect(Collectors.joining("; "));
        out.printf(Locale.ROOT, "       %s%s in %.1fs | elapsed %s, ETA %s%n", lanes.getOrDefault(index, ""), what, wall,
                clock(elapsed), clock(eta));
        out.flush();
        Cell primary = cells.isEmpty() ? null : cells.get(0);
        emit(ProgressEvent.Kind.FINISHED, index + 1, primary == null ? null : primary.experiment() + " "
                        + CellPlan.label(primary.params()), primary == null ? null : primary.status().label(),
                primary == null ? null : primary.forks().size(), eta);
    }

    /** The run ended with {@code status}: the last event (no line: the run's own end says it). */
    public void ended(RunStatus status) {
        emit(ProgressEvent.Kind.ENDED, finished, null, status.label(), null, null);
    }

    /** Actual over planned time of the cells finished so far; 1 before any did. */
    private double pace() {
        return finishedPlanned > 0 ? finishedSeconds / finishedPlanned : 1;
    }

    private Duration elapsed() {
        return Duration.ofNanos(System.nanoTime() - startNanos);
    }

    private void emit(ProgressEvent.Kind kind, int cell, String label, String status, Integer forks, Duration eta) {
        if (events != null) {
            events.append(new ProgressEvent(kind, cell, planned.size(), label, status, forks, elapsed().toMillis() / 1000.0,
                    eta == null ? null : eta.toMillis() / 1000.0));
        }
    }

    /** The planned time of the cells from {@code from} on, times {@code pace} (actual over planned so far), within the budget. */
    private Duration remaining(int from, double pace) {
        double seconds = planned.subList(from, planned.size()).stream().mapToLong(Duration::toMillis).sum() / 1000.0;
        return budget.eta(Duration.ofSeconds(Math.round(seconds * pace)), planned.size() - from);
    }

    private static String summary(Cell cell) {
        if (cell.status() != CellStatus.OK) {
            return cell.status().label() + ": " + cell.message();
        }
        String spread = cell.mealSpread() == null ? "" : String.format(Locale.ROOT, ", meal spread %.1f", cell.mealSpread());
        String forks = cell.samples().isEmpty() ? "" : ", " + cell.forks().size() + " fork" + (cell.forks().size() == 1 ? "" : "s");
        return String.format(Locale.ROOT, "%s %s %s %s%s%s", cell.metric(), Figures.number(cell.score()), cell.unit(),
                Figures.precision(cell), forks, spread);
    }

    /** A duration as the progress lines show it: {@code 1h02m}, {@code 4m39s} or {@code 7s}. */
    public static String clock(Duration d) {
        return Figures.clock(d);
    }
}
