package org.loomlab.report;

import org.loomlab.text.Figures;
import org.loomlab.text.MarkdownTable;

import org.loomlab.record.Cell;
import org.loomlab.record.CellKey;
import org.loomlab.record.CellMatching;
import org.loomlab.record.CellStatus;
import org.loomlab.record.Host;
import org.loomlab.record.RunRecord;

import java.time.Duration;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The same cells side by side across JDKs: one Markdown table per experiment and unit, a row per cell
 * (its axes and metric), a column per JDK with the score and its error. Cells are matched on experiment,
 * params and metric, so a cell missing on one JDK shows as an empty field rather than shifting the row.
 */
public final class JdkComparison {

    /** One JDK's run as the matrix named it. */
    public record Run(String jdk, RunRecord record) {

    }

    private final List<Run> runs;
    private final Map<Run, Map<CellKey, Cell>> cells = new IdentityHashMap<>(); // a record's hash would walk every cell

    /** The JDKs' runs, their cells matched as recorded. */
    public JdkComparison(List<Run> runs) {
        this(runs, CellMatching.EXACT);
    }

    /** @param matching which cells are the same when some runs are older than an axis others have */
    public JdkComparison(List<Run> runs, CellMatching matching) {
        if (runs.isEmpty()) {
            throw new IllegalArgumentException("nothing to compare: the matrix has no JDK with a run record");
        }
        this.runs = List.copyOf(runs);
        CellMatching all = matching.among(runs.stream().flatMap(r -> r.record().results().stream()).toList());
        this.runs.forEach(r -> cells.put(r, all.index(r.record().results())));
    }

    /** Which JDK build ran where: version, image, the limits it saw, wall time and how many cells ended ok. */
    public String jdkTable() {
        List<List<String>> rows = new ArrayList<>();
        for (Run run : runs) {
            RunRecord r = run.record();
            Host.Container c = r.host().container();
            Map<CellKey, Cell> byKey = cells.get(run);
            long ok = byKey.values().stream().filter(x -> x.status() == CellStatus.OK).count();
            long all = byKey.size();
            rows.add(List.of(run.jdk(), r.jdk().runtimeVersion(), r.jdk().vendor(),
                    r.jdk().imageId() == null ? "host" : shortId(r.jdk().imageId()),
                    r.jdk().availableProcessors() + (c != null && c.cpuQuota() != null ? " (quota " + c.cpuQuota() + ")" : ""),
                    c == null || c.memoryLimitBytes() == null ? "none" : (c.memoryLimitBytes() >> 20) + " MiB",
                    r.finished() == null ? "unfinished" : minutes(Duration.between(r.started(), r.finished())),
                    ok + "/" + all));
        }
        return MarkdownTable.render(List.of("jdk", "runtime", "vendor", "image", "CPUs seen", "memory limit", "wall", "rows ok"), rows);
    }

    /** One table per experiment, titled with its unit when it has one, in the order the runs have them. */
    public Map<String, String> tables() {
        Map<String, String> out = new LinkedHashMap<>();
        groups().forEach((experiment, keys) -> {
            List<String> units = keys.stream().map(CellKey::unit).distinct().toList();
            out.put(units.size() == 1 ? experiment + " (" + units.get(0) + ")" : experiment, table(keys));
        });
        return out;
    }

    /** A chart per experiment and unit: a row per cell, a bar per JDK; groups without an ok, positive cell have none. */
    public Map<String, String> charts() {
        List<String> jdks = runs.stream().map(Run::jdk).toList();
        Map<String, String> out = new LinkedHashMap<>();
        for (ChartGroup g : chartGroups()) {
            List<BarChart.Row> rows = g.keys().stream().map(k -> new BarChart.Row(
                    String.join(" ", row(k, g.axes(), g.metrics())), cellsOf(k))).toList();
            // a log scale has no place for zeros (error counts are mostly 0): such groups get no chart
            if (rows.stream().anyMatch(r -> r.cells().stream().anyMatch(c -> c != null && c.status() == CellStatus.OK
                    && c.score() != null && c.score() > 0))) {
                out.put(g.title(), BarChart.grouped(g.title() + " per JDK", jdks, rows));
            }
        }
        return out;
    }

    /**
     * The same charts for the HTML report, as dot charts: every group (one without a positive score shows its
     * cells' values and statuses), rows labelled with full axis names, a series per JDK.
     */
    public Map<String, String> dotCharts(SeriesColours colours) {
        List<String> jdks = runs.stream().map(Run::jdk).toList();
        Map<String, String> out = new LinkedHashMap<>();
        for (ChartGroup g : chartGroups()) {
            List<BarChart.Row> rows = g.keys().stream().map(k -> new BarChart.Row(DotChart.label(k.params(), g.axes(),
                    g.metrics() ? k.metric() : null), cellsOf(k))).toList();
            out.put(g.title(), DotChart.svg(g.title() + " per JDK", g.unit(), DotChart.fixed(g.keys().get(0).params(),
                    g.axes()), jdks, rows, colours));
        }
        return out;
    }

    /** One chart's cells: an experiment's cells in one unit, the axes that vary among them, and whether metrics do. */
    private record ChartGroup(String experiment, String unit, List<CellKey> keys, List<String> axes, boolean metrics) {
        String title() {
            return experiment + " (" + unit + ")";
        }
    }

    private List<ChartGroup> chartGroups() {
        List<ChartGroup> out = new ArrayList<>();
        groups().forEach((experiment, keys) -> keys.stream().map(CellKey::unit).distinct().forEach(unit -> {
            List<CellKey> same = keys.stream().filter(k -> k.unit().equals(unit)).toList();
            out.add(new ChartGroup(experiment, unit, same, CellKey.varying(same.stream().map(CellKey::params).toList()),
                    same.stream().map(CellKey::metric).distinct().count() > 1));
        }));
        return out;
    }

    /** Each run's cell at {@code k}, null where a run has none. */
    private List<Cell> cellsOf(CellKey k) {
        return runs.stream().map(r -> cells.get(r).get(k)).toList();
    }

    private Map<String, List<CellKey>> groups() {
        Map<String, List<CellKey>> groups = new LinkedHashMap<>();
        for (Run run : runs) {
            for (CellKey k : cells.get(run).keySet()) {
                List<CellKey> keys = groups.computeIfAbsent(k.experiment(), g -> new ArrayList<>());
                if (!keys.contains(k)) {
                    keys.add(k);
                }
            }
        }
        return groups;
    }

    private static List<String> row(CellKey k, List<String> axes, boolean metrics) {
        List<String> row = new ArrayList<>();
        axes.forEach(a -> row.add(k.params().getOrDefault(a, "")));
        if (metrics) {
            row.add(k.metric() + " (" + k.unit() + ")");
        }
        return row;
    }

    private String table(List<CellKey> keys) {
        List<String> axes = CellKey.varying(keys.stream().map(CellKey::params).toList());
        boolean metrics = keys.stream().map(k -> k.metric() + k.unit()).distinct().count() > 1;
        List<String> header = new ArrayList<>(axes);
        if (metrics) {
            header.add("metric");
        }
        runs.forEach(r -> header.add(r.jdk()));
        List<List<String>> rows = new ArrayList<>();
        for (CellKey k : keys) {
            List<String> row = row(k, axes, metrics);
            runs.forEach(r -> row.add(field(cells.get(r).get(k))));
            rows.add(row);
        }
        return MarkdownTable.render(header, rows);
    }

    /** Score ± error of the cell, how it ended when not ok, empty when not measured. */
    private static String field(Cell c) {
        if (c == null) {
            return "";
        }
        if (c.status() != CellStatus.OK) {
            return c.status().label();
        }
        return c.error() == null || c.error().isNaN() ? Figures.number(c.score()) : Figures.number(c.score()) + " ± " + Figures.number(c.error());
    }

    private static String minutes(Duration d) {
        return String.format(Locale.ROOT, "%.1f min", d.toMillis() / 60_000.0);
    }

    private static String shortId(String imageId) {
        String hex = imageId.startsWith("sha256:") ? imageId.substring(7) : imageId;
        return hex.substring(0, Math.min(12, hex.length()));
    }
}
