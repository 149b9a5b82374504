package org.loomlab.report;

import org.loomlab.history.ChangePoint;
import org.loomlab.history.ChangeRule;
import org.loomlab.history.History;
import org.loomlab.history.Series;
import org.loomlab.history.Trait;
import org.loomlab.record.CellKey;
import org.loomlab.record.RunRecord;
import org.loomlab.text.Figures;
import org.loomlab.text.MarkdownTable;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * A host's history as a page: the change points with what they are put down to, the runs with what each ran on, then
 * per experiment a small {@link TrendChart} per cell and metric. The Markdown holds the two tables; the HTML adds the
 * charts. A cell is named by the axes that tell it apart within its experiment, as the run report's charts name it.
 */
public final class HistoryPage {

    public static final String MARKDOWN = "history.md";
    public static final String HTML = "history.html";
    public static final String CSV = "history.csv";

    private HistoryPage() {
    }

    /** Where a history is written: beside the host's runs of the JDK, {@code results/<host>/<jdk>/}. */
    public static Path dir(Path results, String host, String jdk) {
        return results.resolve(host).resolve(jdk);
    }

    /** The page of {@code h}; it links the Markdown and the CSV as files beside it. */
    public static ReportPage of(History h) {
        Map<String, List<String>> axes = varyingAxes(h);
        int changes = h.changes().size();
        String head = String.format(Locale.ROOT, "%d %s runs of %s on %s%s; %d cells and metrics; %d change point%s.%n%n"
                        + "Change points: %s. Each is put down to a trait (%s) that changed at it and stayed.%n%n",
                h.runs().size(), h.profile(), h.jdk(), h.host(), h.runs().isEmpty() ? ""
                        : ", " + minute(h.runs().get(0)) + " to " + minute(h.runs().get(h.runs().size() - 1)),
                h.series().size(), changes, changes == 1 ? "" : "s", ChangeRule.METHOD,
                Stream.of(Trait.values()).map(Trait::label).collect(Collectors.joining(", ")));
        String changeTable = changes == 0 ? "No change points.\n" : changeTable(h, axes);
        String runTable = runTable(h);
        String md = "# History of " + h.host() + ", " + h.jdk() + "\n\n" + head + "## Change points\n\n" + changeTable
                + "\n## Runs\n\n" + runTable;
        HtmlPage page = new HtmlPage("History of " + h.host() + ", " + h.jdk() + " (" + h.profile() + " profile)")
                .markdown(head).meta("also: [" + MARKDOWN + "](" + MARKDOWN + ") · [" + CSV + "](" + CSV + "), written beside this page")
                .heading("Change points").markdown(changeTable)
                .meta("Each chart: a slot per run, in the order they started (the first and last named under it); dot: the "
                        + "run's score, whisker: its interval (cut at half and twice the score); grey line: a side's level; "
                        + "red dashed line and frame: a change point.");
        charts(h, page, axes);
        page.heading("Runs").markdown(runTable);
        return new ReportPage(md, page.html(), Map.of());
    }

    /**
     * The small charts, a group per experiment: first the experiments with the most change points, and in each the
     * cells with one. A cell measured in fewer runs than a change needs, or with a score of 0, is left to the CSV.
     */
    private static void charts(History h, HtmlPage page, Map<String, List<String>> axes) {
        List<String> runIds = h.runs().stream().map(RunRecord::runId).toList();
        Map<String, Integer> changesOf = new LinkedHashMap<>();
        h.series().forEach(s -> changesOf.merge(s.key().experiment(), s.changes().size(), Integer::sum));
        Map<String, Map<String, String>> charts = new LinkedHashMap<>();
        changesOf.keySet().stream().sorted(Comparator.comparing(changesOf::get, Comparator.reverseOrder()))
                .forEach(e -> charts.put(e, new LinkedHashMap<>()));
        List<Series> charted = h.series().stream().filter(HistoryPage::charted)
                .sorted(Comparator.comparing(s -> s.changes().isEmpty())).toList();
        for (Series s : charted) {
            String colour = page.colours().of(s.key().params().containsKey("threads")
                    ? "threads=" + s.key().params().get("threads") : s.key().experiment());
            String name = label(s.key(), axes);
            charts.get(s.key().experiment()).put(name + " " + s.key().metric(), TrendChart.svg(
                    name.isEmpty() ? s.key().experiment() : name, s.key().metric() + " (" + s.key().unit() + ")", s, runIds, colour));
        }
        charts.values().removeIf(Map::isEmpty);
        charts.forEach((experiment, svgs) -> page.heading(experiment).multiples(svgs));
        int left = h.series().size() - charted.size();
        if (left > 0) {
            page.meta(left + " more cells and metrics were measured in fewer than " + History.MIN_RUNS
                    + " runs or have a score of 0: their rows are in " + CSV + ", not charted");
        }
    }

    /** Whether a series gets a chart: a log axis has no place for an error count of 0, and a point or three make no history. */
    private static boolean charted(Series s) {
        return s.positive() && s.points().size() >= History.MIN_RUNS;
    }

    private static String changeTable(History h, Map<String, List<String>> axes) {
        List<List<String>> rows = new ArrayList<>();
        for (Map.Entry<Series, ChangePoint> e : h.changes()) {
            Series s = e.getKey();
            ChangePoint c = e.getValue();
            rows.add(List.of(s.key().experiment(), label(s.key(), axes), s.key().metric(),
                    h.runs().get(c.lastBefore()).runId() + " -> " + h.runs().get(c.firstAfter()).runId(),
                    Figures.number(c.shift().before()) + " -> " + Figures.number(c.shift().after())
                            + " " + s.key().unit(),
                    String.format(Locale.ROOT, "x%.2f", c.shift().ratio()),
                    String.format(Locale.ROOT, "%.3f", c.shift().p()),
                    c.attribution().text()));
        }
        return MarkdownTable.render(List.of("experiment", "cell", "metric", "between", "level", "change", "p", "put down to"), rows);
    }

    private static String runTable(History h) {
        List<List<String>> rows = new ArrayList<>();
        for (RunRecord r : h.runs()) {
            List<String> row = new ArrayList<>(List.of(r.runId(), minute(r)));
            for (Trait t : Trait.values()) {
                row.add(t.of(h.facts(r)));
            }
            row.add(String.valueOf(h.series().stream().filter(s -> s.points().stream()
                    .anyMatch(p -> h.runs().get(p.run()) == r)).count()));
            rows.add(row);
        }
        List<String> header = new ArrayList<>(List.of("run", "started"));
        Stream.of(Trait.values()).map(Trait::label).forEach(header::add);
        header.add("cells");
        return MarkdownTable.render(header, rows);
    }

    /** When the run started, to the minute: {@code 2026-11-28 02:21Z}. */
    private static String minute(RunRecord r) {
        return r.started().truncatedTo(java.time.temporal.ChronoUnit.MINUTES).toString().replace('T', ' ').replace(":00Z", "Z");
    }

    /** By experiment, the axes whose value differs between its cells. */
    private static Map<String, List<String>> varyingAxes(History h) {
        return h.series().stream().collect(Collectors.groupingBy(s -> s.key().experiment(), LinkedHashMap::new,
                        Collectors.mapping(s -> s.key().params(), Collectors.toList())))
                .entrySet().stream().collect(Collectors.toMap(Map.Entry::getKey, e -> CellKey.varying(e.getValue()),
                        (a, b) -> a, LinkedHashMap::new));
    }

    private static String label(CellKey key, Map<String, List<String>> axes) {
        return DotChart.label(key.params(), axes.getOrDefault(key.experiment(), List.of()), null);
    }
}
