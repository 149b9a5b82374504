package org.loomlab.report;

import org.loomlab.compare.Reach;
import org.loomlab.text.Figures;
import org.loomlab.text.MarkdownTable;

import org.apache.commons.statistics.descriptive.Median;
import org.loomlab.record.Cell;
import org.loomlab.record.CellStatus;
import org.loomlab.record.RunRecord;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * How precise a run's numbers are, per experiment: how many cells reached the target, how many are within
 * ±10 %, the median precision, what the cells cost, what the cells that missed would need if their forks went on
 * spreading as they did, and, for cells short of two forks (a long dinner's single fork, or a fork that timed out),
 * a floor under what the target takes ({@link Reach}); then what the run's goals ({@link RunGoals}) would take. Where
 * cells split their variance (schema 3), the median JVM share of it, in a column of its own.
 * Only a cell's primary metric (its first row) counts. Records made before precision was recorded have none and are
 * said to.
 */
public final class PrecisionTable {

    private PrecisionTable() {
    }

    public static String markdown(RunRecord r) {
        Map<String, List<Cell>> byExperiment = new LinkedHashMap<>();
        r.primaryCells().forEach(c -> byExperiment.computeIfAbsent(c.experiment(), e -> new ArrayList<>()).add(c));
        Double target = target(r);
        List<List<String>> rows = new ArrayList<>();
        int[] all = new int[7];
        double wallAll = 0;
        double needAll = 0;
        double floorAll = 0;
        List<Double> widthsAll = new ArrayList<>();
        // The JVM share of a fork mean's variance (schema 3 on), a column only when some cell has one.
        boolean shares = r.primaryCells().stream().anyMatch(c -> c.components() != null);
        List<Double> sharesAll = new ArrayList<>();
        for (Map.Entry<String, List<Cell>> e : byExperiment.entrySet()) {
            int cells = e.getValue().size();
            int reached = 0;
            int within10 = 0;
            int notOk = 0;
            int flagged = 0;
            int missed = 0;
            int single = 0;
            double wall = 0;
            double need = 0;
            double floor = 0;
            List<Double> widths = new ArrayList<>();
            for (Cell c : e.getValue()) {
                wall += c.wallSeconds();
                Optional<Reach> reach = target == null ? Optional.empty() : Reach.of(c, target);
                if (reach.isPresent() && reach.get().floor()) {
                    single++;
                    floor += reach.get().seconds();
                }
                if (c.status() != CellStatus.OK) {
                    notOk++;
                    continue;
                }
                if (c.precision() == null) {
                    continue;
                }
                // A cell whose budget allowed one fork has no interval over forks, and is still one the budget cut short.
                flagged += c.precision().shortOfTarget() ? 1 : 0;
                if (c.precision().acrossForks() == null) {
                    continue;
                }
                double w = c.precision().acrossForks();
                widths.add(w);
                reached += c.precision().reached() ? 1 : 0;
                within10 += w <= 0.10 ? 1 : 0;
                Double spread = c.precision().forkSpread();
                if (reach.isPresent() && !c.precision().reached() && spread != null && spread > 0) {
                    missed++;
                    need += reach.get().seconds();
                }
            }
            rows.add(row(e.getKey(), cells, reached, within10, flagged, notOk, widths, wall, missed, need, single, floor));
            if (shares) {
                List<Double> jvm = e.getValue().stream().filter(c -> c.components() != null)
                        .map(c -> c.components().jvmShare()).toList();
                rows.set(rows.size() - 1, withShare(rows.get(rows.size() - 1), jvm));
                sharesAll.addAll(jvm);
            }
            int[] add = {cells, reached, within10, flagged, notOk, missed, single};
            for (int i = 0; i < add.length; i++) {
                all[i] += add[i];
            }
            wallAll += wall;
            needAll += need;
            floorAll += floor;
            widthsAll.addAll(widths);
        }
        rows.add(row("all", all[0], all[1], all[2], all[3], all[4], widthsAll, wallAll, all[5], needAll, all[6], floorAll));
        List<String> header = new ArrayList<>(List.of("experiment", "cells", "reached target", "within ±10 %",
                "budget spent first", "timed out or failed", "median ± (95 %)", "time", "missed with a spread: time to reach",
                "under two forks: the target takes (a floor)"));
        if (shares) {
            rows.set(rows.size() - 1, withShare(rows.get(rows.size() - 1), sharesAll));
            header.add("JVM share");
        }
        String table = MarkdownTable.render(header, rows);
        return target == null ? table : table + '\n' + RunGoals.of(r.primaryCells(), target).line() + '\n';
    }

    /** The precision target the run's cells were measured to, or null (smoke, or records made before targets). */
    private static Double target(RunRecord r) {
        return r.primaryCells().stream().map(Cell::precision).filter(p -> p != null && p.target() != null)
                .map(p -> p.target()).findFirst().orElse(null);
    }


    private static List<String> row(String name, int cells, int reached, int within10, int flagged, int notOk,
                                    List<Double> widths, double wall, int missed, double need, int single, double floor) {
        String median = widths.isEmpty() ? "n/a" : String.format(Locale.ROOT, "%.1f %%",
                100 * Median.withDefaults().evaluate(widths.stream().mapToDouble(Double::doubleValue).toArray()));
        return List.of(name, String.valueOf(cells), share(reached, cells), share(within10, cells), String.valueOf(flagged),
                String.valueOf(notOk), median, String.format(Locale.ROOT, "%.1f min", wall / 60),
                cellsTaking(missed, need), cellsTaking(single, floor));
    }

    /**
     * The row with the median JVM share of its cells' fork-mean variance ({@link org.loomlab.record.VarianceComponents}):
     * how much of it more forks shrink, the rest more iterations a fork would; {@code -} where no cell has it.
     */
    private static List<String> withShare(List<String> row, List<Double> jvmShares) {
        List<String> out = new ArrayList<>(row);
        out.add(jvmShares.isEmpty() ? "-" : String.format(Locale.ROOT, "%.0f %%",
                100 * Median.withDefaults().evaluate(jvmShares.stream().mapToDouble(Double::doubleValue).toArray())));
        return out;
    }

    /** E.g. {@code 3 cells: 4m12s}, or {@code -} for none. */
    private static String cellsTaking(int n, double seconds) {
        return n == 0 ? "-" : String.format(Locale.ROOT, "%d cell%s: %s", n, n == 1 ? "" : "s",
                Figures.clock(Duration.ofSeconds(Math.round(seconds))));
    }

    private static String share(int n, int of) {
        return String.format(Locale.ROOT, "%d (%.0f %%)", n, of == 0 ? 0.0 : 100.0 * n / of);
    }
}
