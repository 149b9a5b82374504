package org.loomlab.report;

import org.loomlab.compare.Allowance;
import org.loomlab.compare.RunDiff;
import org.loomlab.compare.VerdictRules;
import org.loomlab.record.CellKey;
import org.loomlab.record.CellMatching;
import org.loomlab.record.MatrixRecord;
import org.loomlab.record.RunRecord;
import org.loomlab.text.Figures;
import org.loomlab.text.MarkdownTable;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The relative view of a matrix, as people comparing JDKs read one (benchstat's delta table, jmh-visualizer's bars
 * about 0 %): for each JDK but the baseline (the matrix's first), per experiment, each cell's B/A with its interval
 * as a bar on a log axis centred at 1, coloured by verdict, and a table of A's and B's medians, the change with its
 * interval, the adjusted p and the verdict. The rows are {@code diff}'s: the same {@link VerdictRules} defaults and
 * the same {@link Allowance} (paired by round when the JDKs took turns, else widened by the host's run-to-run
 * factor), so the page and {@code loom-lab diff} never disagree about a cell.
 */
public final class RelativePage {

    public static final String HTML = "relative.html";
    public static final String MARKDOWN = "relative.md";

    /** The page as Markdown and HTML, built from the same tables. */
    public record Pages(String markdown, String html) {
    }

    private RelativePage() {
    }

    /** One host's matrix with two or more JDKs that ran has a relative view; a lab result set across hosts has none. */
    public static boolean applies(List<MatrixReportPage.Matrix> matrices) {
        return matrices.size() == 1 && matrices.get(0).runs().size() >= 2;
    }

    /**
     * @param hostDir where the host's run-to-run calibration lives ({@code results/<host>/}, the matrix record's directory)
     */
    public static Pages of(MatrixReportPage.Matrix matrix, Path hostDir, Path reportDir, CellMatching matching) throws IOException {
        MatrixRecord m = matrix.record();
        List<String> jdks = m.jdks().stream().map(MatrixRecord.Entry::name).filter(matrix.runs()::containsKey).toList();
        String baseline = jdks.get(0);
        RunRecord a = matrix.runs().get(baseline);
        VerdictRules defaults = VerdictRules.defaults();

        Map<String, RunDiff> diffs = new LinkedHashMap<>();
        Map<String, Allowance> allowances = new LinkedHashMap<>();
        for (String jdk : jdks.subList(1, jdks.size())) {
            RunRecord b = matrix.runs().get(jdk);
            Allowance allowance = Allowance.of(a, b, hostDir);
            allowances.put(jdk, allowance);
            diffs.put(jdk, RunDiff.of(baseline, a, jdk, b, allowance.applied(defaults), false, matching));
        }

        StringBuilder md = new StringBuilder();
        String title = "Matrix " + m.matrixId() + ": each JDK against " + baseline;
        HtmlPage page = new HtmlPage(title);
        List<String> rules = allowances.values().stream().map(x -> x.rule("the JDKs")).distinct().toList();
        StringBuilder head = new StringBuilder();
        if (rules.size() == 1) {
            head.append("**Rule: ").append(rules.get(0)).append(".**\n\n");
        } else {
            allowances.forEach((jdk, x) -> head.append("- **").append(jdk).append("**: ").append(x.rule("the JDKs")).append('\n'));
            head.append('\n');
        }
        allowances.forEach((jdk, x) -> x.notes().forEach(n -> head.append("Note (").append(jdk).append("): ").append(n).append("\n\n")));
        head.append(String.format(Locale.ROOT, "Baseline A: %s; B: each other JDK of matrix `%s` (%s profile) on %s. "
                        + "B/A over JVM forks at %s confidence, p adjusted (%s) across each JDK's cells, noise band ±%s, "
                        + "as `loom-lab diff` judges them: faster or less is green, slower or more red, same grey, "
                        + "inconclusive hollow.%n%n", baseline, m.matrixId(), m.profile(), a.host().name(),
                Figures.percent(defaults.confidence()), defaults.adjust().label(), Figures.percent(defaults.noise())));
        md.append(head);
        page.markdown(head.toString());
        page.meta(ReportPage.links(reportDir, List.of(matrix.file().toAbsolutePath())) + " · absolute values: ["
                + ReportPage.HTML + "](" + ReportPage.HTML + ")");

        for (Map.Entry<String, RunDiff> d : diffs.entrySet()) {
            String heading = d.getKey() + " against " + baseline;
            md.append("## ").append(heading).append("\n\n").append(allowances.get(d.getKey()).rule("the JDKs"))
                    .append("; ").append(d.getValue().summary()).append(".\n\n");
            page.heading(heading).meta(allowances.get(d.getKey()).rule("the JDKs") + "; " + d.getValue().summary());
            Map<String, List<RunDiff.Row>> byExperiment = new LinkedHashMap<>();
            d.getValue().rows().forEach(r -> byExperiment.computeIfAbsent(r.experiment(), e -> new ArrayList<>()).add(r));
            for (Map.Entry<String, List<RunDiff.Row>> e : byExperiment.entrySet()) {
                experiment(md, page, d.getKey(), baseline, e.getKey(), e.getValue(), d.getValue().sensitivityLine(e.getKey()));
            }
            String all = d.getValue().overallLine();
            if (!all.isEmpty()) {
                md.append(all).append('\n');
                page.markdown(all);
            }
        }
        return new Pages(md.toString(), page.html());
    }

    /** One experiment of one JDK: the chart and the delta table of its compared rows, then those not compared. */
    private static void experiment(StringBuilder md, HtmlPage page, String jdk, String baseline, String experiment,
                                   List<RunDiff.Row> rows, String reach) {
        List<String> axes = CellKey.varying(rows.stream().map(RunDiff.Row::params).toList());
        List<RunDiff.Row> compared = rows.stream().filter(r -> r.ratio() != null && r.verdict() != null).toList();
        List<RatioChart.Bar> bars = compared.stream().map(r -> new RatioChart.Bar(label(r, axes), r)).toList();
        String fixed = DotChart.fixed(rows.get(0).params(), axes);
        String title = experiment + ", " + jdk + " against " + baseline;
        md.append("### ").append(experiment).append("\n\n");
        page.markdown("### " + experiment + "\n");
        if (!fixed.isEmpty()) {
            md.append("Every cell: ").append(fixed).append("\n\n");
        }
        if (!bars.isEmpty()) {
            page.chart(title, RatioChart.svg(title, fixed.isEmpty() ? "B/A of each cell" : "every cell: " + fixed, bars));
            String table = table(bars);
            md.append(table).append('\n');
            page.markdown(table);
        }
        if (!reach.isEmpty()) {
            md.append(reach).append('\n');
            page.markdown(reach);
        }
        String left = rows.stream().filter(r -> r.ratio() == null || r.verdict() == null)
                .map(r -> "- " + label(r, axes) + ": " + r.note()).collect(Collectors.joining("\n"));
        if (!left.isEmpty()) {
            String block = "Not compared:\n\n" + left + "\n\n";
            md.append(block);
            page.markdown(block);
        }
    }

    /** benchstat's columns: the cell, both medians, the change with its interval, the adjusted p and the verdict. */
    private static String table(List<RatioChart.Bar> bars) {
        List<List<String>> out = new ArrayList<>();
        for (RatioChart.Bar b : bars) {
            RunDiff.Row r = b.row();
            out.add(List.of(b.label(), Figures.number(r.aMedian()) + " " + r.unit(), Figures.number(r.bMedian()) + " " + r.unit(),
                    delta(r), r.pAdjusted() == null ? "" : String.format(Locale.ROOT, "%.3f", r.pAdjusted()),
                    r.verdict().label()));
        }
        return MarkdownTable.render(List.of("cell", "A median", "B median", "delta [interval]", "p (adjusted)", "verdict"), out);
    }

    /** A cell's varying axes and its metric, e.g. {@code lock=reentrant threads=virtual avgt (ms/op)}. */
    private static String label(RunDiff.Row r, List<String> axes) {
        String cell = DotChart.label(r.params(), axes, null);
        return (cell.isEmpty() ? "" : cell + " ") + r.metric() + " (" + r.unit() + ")";
    }

    /** B/A as a change with its interval: {@code +12.3 % [+5.1 %, +20.0 %]}; an open end is ∞ or -100 %. */
    static String delta(RunDiff.Row r) {
        return signed(r.ratio()) + " [" + (r.ciLow() > 0 ? signed(r.ciLow()) : "\u2212100 %") + ", "
                + (Double.isFinite(r.ciHigh()) ? signed(r.ciHigh()) : "+\u221e") + "]";
    }

    private static String signed(double ratio) {
        double p = (ratio - 1) * 100;
        return String.format(Locale.ROOT, "%s%.1f %%", p >= 0.05 ? "+" : p <= -0.05 ? "\u2212" : "", Math.abs(p));
    }
}
