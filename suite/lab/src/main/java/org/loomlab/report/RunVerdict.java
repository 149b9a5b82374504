package org.loomlab.report;

import org.loomlab.text.Figures;

import org.loomlab.plan.CellPlan;
import org.loomlab.record.Cell;
import org.loomlab.record.CellStatus;
import org.loomlab.record.Precision;
import org.loomlab.record.RunRecord;
import org.loomlab.record.RunStatus;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * How a finished run went, said at its end: how many cells reached their precision, which did not (their
 * budget ran out first) and which timed out or failed, with why. The exit code follows from it: a complete run
 * exits 0 with these warnings, and under {@code --strict} (a CI gate) any of them makes it exit 1; a run that did not
 * complete (stopped, or killed) exits 1 and says how to finish it.
 *
 * @param complete whether the run ran every planned cell
 */
public record RunVerdict(int cells, int reached, List<String> missed, List<String> broken, boolean complete) {

    /** One row per cell and metric is in the record; only the primary metric (a cell's first row) is judged. */
    public static RunVerdict of(RunRecord record) {
        List<String> missed = new ArrayList<>();
        List<String> broken = new ArrayList<>();
        int reached = 0;
        List<Cell> primary = record.primaryCells();
        for (Cell c : primary) {
            String name = c.experiment() + " " + CellPlan.label(c.params());
            if (c.status() == CellStatus.TIMEOUT || c.status() == CellStatus.FAILED || c.status() == CellStatus.INTERRUPTED) {
                broken.add(c.status().label() + ": " + name + ": " + c.message());
            } else if (c.precision() != null && c.precision().target() != null) {
                if (c.precision().reached()) {
                    reached++;
                } else {
                    missed.add(name + ": " + shortfall(c.precision()));
                }
            }
        }
        return new RunVerdict(primary.size(), reached, List.copyOf(missed), List.copyOf(broken),
                record.status() == RunStatus.COMPLETE);
    }

    /**
     * Why a cell counts as short of its target: no interval, too wide, or within it only on forks that agreed more than
     * the cell's forks usually do here (the loop then stops on its budget, not its target, and says how many it needs).
     */
    static String shortfall(Precision p) {
        Double width = p.acrossForks();
        if (width == null) {
            return "no interval over forks";
        }
        String half = String.format(Locale.ROOT, "±%.1f %%", 100 * width);
        if (width > p.target()) {
            return half;
        }
        String within = half + ", within ±" + Figures.percent(p.target());
        if (p.usualSpread() != null && p.forkSpread() != null && p.usualSpread() > p.forkSpread()) {
            return String.format(Locale.ROOT, "%s only because its %d forks spread %.1f %%, less than the %.1f %% they "
                    + "usually do here", within, p.forks(), 100 * p.forkSpread(), 100 * p.usualSpread());
        }
        return within + " but its budget ran out first";
    }

    /** Every cell ended ok and reached its target. */
    public boolean clean() {
        return missed.isEmpty() && broken.isEmpty();
    }

    /** The end-of-run summary: a line of counts, then one line per cell that needs a reader's attention. */
    public List<String> lines(boolean strict) {
        List<String> out = new ArrayList<>();
        out.add(String.format(Locale.ROOT, "%d cells: %d reached their precision target, %d missed it (budget spent first), "
                + "%d timed out or failed", cells, reached, missed.size(), broken.size()));
        missed.forEach(m -> out.add("  missed target: " + m));
        broken.forEach(b -> out.add("  " + b));
        if (!complete) {
            out.add("  (exit code 1: the run did not complete; --resume with its --run-id, or --matrix-id, runs the cells left)");
        } else if (!clean() && !strict) {
            out.add("  (exit code 0: the run completed; pass --strict to exit 1 on any of these)");
        }
        return out;
    }
}
