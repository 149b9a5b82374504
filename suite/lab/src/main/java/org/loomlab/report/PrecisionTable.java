package org.loomlab.report;

import org.apache.commons.statistics.descriptive.Median;
import org.loomlab.record.Cell;
import org.loomlab.record.CellStatus;
import org.loomlab.record.RunRecord;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * How precise a run's numbers are, per experiment: how many cells reached the target, how many are within
 * ±10 %, the median precision, and what the cells cost. Only a cell's primary metric (its first row) counts.
 * Records made before precision was recorded have none and are said to.
 */
public final class PrecisionTable {

    private PrecisionTable() {
    }

    public static String markdown(RunRecord r) {
        Map<String, List<Cell>> byExperiment = new LinkedHashMap<>();
        r.primaryCells().forEach(c -> byExperiment.computeIfAbsent(c.experiment(), e -> new ArrayList<>()).add(c));
        List<List<String>> rows = new ArrayList<>();
        int[] all = new int[5];
        double wallAll = 0;
        List<Double> widthsAll = new ArrayList<>();
        for (Map.Entry<String, List<Cell>> e : byExperiment.entrySet()) {
            int cells = e.getValue().size();
            int reached = 0;
            int within10 = 0;
            int notOk = 0;
            int flagged = 0;
            double wall = 0;
            List<Double> widths = new ArrayList<>();
            for (Cell c : e.getValue()) {
                wall += c.wallSeconds();
                if (c.status() != CellStatus.OK) {
                    notOk++;
                    continue;
                }
                if (c.precision() == null) {
                    continue;
                }
                // A cell whose budget allowed one fork has no interval, and is still one the budget cut short.
                flagged += c.precision().budgetExhausted() ? 1 : 0;
                if (c.precision().relativeHalfWidth() == null) {
                    continue;
                }
                double w = c.precision().relativeHalfWidth();
                widths.add(w);
                reached += c.precision().reached() ? 1 : 0;
                within10 += w <= 0.10 ? 1 : 0;
            }
            rows.add(row(e.getKey(), cells, reached, within10, flagged, notOk, widths, wall));
            int[] add = {cells, reached, within10, flagged, notOk};
            for (int i = 0; i < add.length; i++) {
                all[i] += add[i];
            }
            wallAll += wall;
            widthsAll.addAll(widths);
        }
        rows.add(row("all", all[0], all[1], all[2], all[3], all[4], widthsAll, wallAll));
        return MarkdownTable.render(List.of("experiment", "cells", "reached target", "within ±10 %", "budget spent first",
                "timed out or failed", "median ± (95 %)", "time"), rows);
    }

    private static List<String> row(String name, int cells, int reached, int within10, int flagged, int notOk,
                                    List<Double> widths, double wall) {
        String median = widths.isEmpty() ? "n/a" : String.format(Locale.ROOT, "%.1f %%",
                100 * Median.withDefaults().evaluate(widths.stream().mapToDouble(Double::doubleValue).toArray()));
        return List.of(name, String.valueOf(cells), share(reached, cells), share(within10, cells), String.valueOf(flagged),
                String.valueOf(notOk), median, String.format(Locale.ROOT, "%.1f min", wall / 60));
    }

    private static String share(int n, int of) {
        return String.format(Locale.ROOT, "%d (%.0f %%)", n, of == 0 ? 0.0 : 100.0 * n / of);
    }
}
