package org.loomlab.report;

import org.loomlab.record.Cell;
import org.loomlab.record.CellStatus;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The full Markdown table of a run's cells: the axes that vary, the score with its error, the relative
 * error and the status. The same text goes to the console and into the README.
 */
public final class ResultsTable {

    private ResultsTable() {
    }

    public static String render(List<Cell> cells) {
        Set<String> axes = new LinkedHashSet<>();
        cells.forEach(c -> axes.addAll(c.params().keySet()));
        List<String> header = new ArrayList<>(List.of("experiment"));
        header.addAll(axes);
        // Scenarios report several metrics per cell (throughput, latency, errors): name each row's.
        header.addAll(List.of("metric", "score", "unit", "± (level)", "forks x samples", "status"));
        // Philosophers' dinners: how many meals the table ate per meal of the winner (fairness, not speed).
        boolean spread = cells.stream().anyMatch(c -> c.mealSpread() != null);
        if (spread) {
            header.add("meal spread");
        }
        List<List<String>> rows = new ArrayList<>();
        for (Cell c : cells) {
            List<String> row = new ArrayList<>(List.of(c.experiment()));
            axes.forEach(a -> row.add(c.params().getOrDefault(a, "")));
            row.add(c.metric());
            boolean ok = c.status() == CellStatus.OK;
            row.add(c.score() != null ? Figures.number(c.score()) : "");
            row.add(c.unit());
            row.add(precision(c));
            row.add(c.samples().isEmpty() ? "" : c.forks().size() + " x " + c.forks().get(0).size());
            row.add(c.status().label());
            if (spread) {
                row.add(c.mealSpread() == null ? "" : String.format(Locale.ROOT, "%.1f", c.mealSpread()));
            }
            rows.add(row);
        }
        return MarkdownTable.render(header, rows);
    }

    /**
     * The relative half-width of a cell's interval with its level, e.g. {@code ±3.1 % (95 %)}; a {@code !} when the
     * budget ran out before the target; {@code ±?} without an interval. Older records had 99.9 % t intervals over the
     * iterations of one fork.
     */
    public static String precision(Cell c) {
        if (c.precision() != null) {
            var p = c.precision();
            String level = Figures.percent(p.confidence());
            return p.relativeHalfWidth() == null ? "±? (" + level + ")"
                    : String.format(Locale.ROOT, "±%.1f %% (%s)%s", 100 * p.relativeHalfWidth(), level,
                    p.budgetExhausted() ? " !" : "");
        }
        return c.score() == null || Double.isNaN(c.relativeError()) ? ""
                : String.format(Locale.ROOT, "±%.1f %% (99.9 %%, iterations)", 100 * c.relativeError());
    }
}
