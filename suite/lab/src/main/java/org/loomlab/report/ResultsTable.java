package org.loomlab.report;

import org.loomlab.text.Figures;
import org.loomlab.text.MarkdownTable;

import org.loomlab.record.Cell;
import org.loomlab.record.CellStatus;
import org.loomlab.record.ForkMemory;

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

    private static final double MB = 1024.0 * 1024.0;

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
        // How evenly the seats shared them, and the consumeCPU tokens a consume-cpu meal was calibrated to.
        boolean shares = cells.stream().anyMatch(c -> c.mealShares() != null);
        if (shares) {
            header.addAll(List.of("meal gini", "least / most fed"));
        }
        boolean tokens = cells.stream().anyMatch(c -> c.cpuTokens() != null);
        if (tokens) {
            header.add("cpu tokens");
        }
        // The most memory a fork held, over the cell's forks.
        boolean memory = cells.stream().anyMatch(c -> c.forkMemory() != null);
        if (memory) {
            header.add("peak heap / RSS (MB)");
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
            if (shares) {
                row.add(c.mealShares() == null ? "" : String.format(Locale.ROOT, "%.3f", c.mealShares().gini()));
                row.add(c.mealShares() == null ? "" : String.format(Locale.ROOT, "%.3f", c.mealShares().minMaxRatio()));
            }
            if (tokens) {
                row.add(c.cpuTokens() == null ? "" : String.valueOf(c.cpuTokens()));
            }
            if (memory) {
                row.add(c.forkMemory() == null ? "" : String.format(Locale.ROOT, "%.0f / %.0f",
                        c.forkMemory().stream().mapToLong(ForkMemory::peakHeapBytes).max().orElseThrow() / MB,
                        c.forkMemory().stream().mapToLong(ForkMemory::peakRssBytes).max().orElseThrow() / MB));
            }
            rows.add(row);
        }
        return MarkdownTable.render(header, rows);
    }

    /**
     * The relative half-width of a cell's interval with its level, e.g. {@code ±3.1 % (95 %)}; a {@code !} when the
     * budget ran out before the target (one fork's interval, over its own samples, never reaches it); {@code ±?}
     * without an interval. Older records had 99.9 % t intervals over the
     * iterations of one fork.
     */
    public static String precision(Cell c) {
        return Figures.precision(c);
    }
}
