package org.loomlab.compare;

import org.loomlab.compare.RunDiff.Row;
import org.loomlab.compare.RunDiff.Side;
import org.loomlab.record.CellKey;
import org.loomlab.text.Figures;
import org.loomlab.text.MarkdownTable;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A {@link RunDiff} as a reader sees it: which runs, how their fingerprints differ, the rule the rows were judged by,
 * one table per experiment with what its rows could have detected, and the count of each verdict. Only words and
 * figures here; the rows, verdicts and sensitivities are the diff's.
 */
public final class DiffMarkdown {

    private final RunDiff.Result result;

    public DiffMarkdown(RunDiff.Result result) {
        this.result = result;
    }

    private List<Row> rows() {
        return result.rows();
    }

    /** What {@code experiment}'s rows could have found ({@link #line}), or "" when it has no time row. */
    public String sensitivityLine(String experiment) {
        return result.sensitivity().stream().filter(s -> s.experiment().equals(experiment)).findFirst()
                .map(DiffMarkdown::line).orElse("");
    }

    /**
     * The same over every experiment's time and rate rows together ("In all: ..."), or "" when the diff has one
     * experiment: whether the comparison as a whole decided anything.
     */
    public String overallLine() {
        if (rows().stream().map(Row::experiment).distinct().count() < 2) {
            return "";
        }
        String line = line(RunDiff.Sensitivity.of("all", rows()));
        return line.isEmpty() ? "" : "In all: " + line;
    }

    /** README-ready Markdown: which runs, how their fingerprints differ, one table per experiment, the count of each verdict. */
    public String markdown(boolean changedOnly) {
        StringBuilder md = new StringBuilder();
        if (result.overRuns()) {
            md.append(String.format(Locale.ROOT, "A (baseline), %d runs:%n", result.aRuns().size()));
            result.aRuns().forEach(s -> md.append("- ").append(describe(s)).append('\n'));
            md.append(String.format(Locale.ROOT, "%nB, %d runs:%n", result.bRuns().size()));
            result.bRuns().forEach(s -> md.append("- ").append(describe(s)).append('\n'));
            md.append('\n');
        } else {
            md.append("A (baseline): ").append(describe(result.a())).append('\n');
            md.append("B:            ").append(describe(result.b())).append("\n\n");
        }
        md.append(result.fingerprints().markdown(result.overRuns() ? "A's first run" : "A",
                result.overRuns() ? "B's first run" : "B"));
        if (result.fingerprints().hardware()) {
            md.append(result.acrossHardware() ? "Different hardware: judged anyway (--across-hardware).\n"
                    : "Different hardware: no cell is called faster, slower, less or more (--across-hardware to judge anyway).\n");
        }
        long compared = rows().stream().filter(r -> r.pValue() != null).count();
        long callable = rows().stream().filter(Row::callable).count();
        md.append(String.format(Locale.ROOT, "%n%s"
                        + "p adjusted: %s across %d callable cells%s; could detect: at the level %s, on each row's t "
                        + "degrees of freedom; noise band ±%s; %s.%n%n",
                result.overRuns() ? overRunsRule() : String.format(Locale.ROOT, "B/A over JVM forks: %s (%s); "
                        + "a side with one fork falls back to its samples (exact rank test) and is inconclusive. ",
                        result.pairedByRound() ? "A and B are lanes of one run whose forks took turns, so each round's B/A "
                                + "pairs its two forks and the interval is a paired t over the rounds' log ratios"
                                : "a Welch t interval on the logs of the fork means", Figures.percent(result.confidence())),
                result.adjust().label(), callable, compared == callable ? ""
                        : String.format(Locale.ROOT, " (%d compared cells with one fork on a side or identical samples can "
                        + "never be called: left out, their p unadjusted)", compared - callable),
                result.adjust() == Adjustment.NONE ? "1 - confidence"
                        : "(1 - confidence) / " + callable + " (Holm's first step, the strictest)", Figures.percent(result.noise()),
                result.pairedByRound() ? "no run-to-run allowance: the lanes took turns in one run"
                        : result.overRuns() ? "rows that fall back: " + result.runToRun().describe()
                        : result.runToRun().describe()));
        Map<String, List<Row>> groups = new LinkedHashMap<>();
        rows().forEach(r -> groups.computeIfAbsent(r.experiment(), e -> new ArrayList<>()).add(r));
        boolean any = false;
        for (Map.Entry<String, List<Row>> g : groups.entrySet()) {
            // Axes from the whole experiment, so a row kept alone by --changed still says which cell it is.
            List<String> axes = CellKey.varying(g.getValue().stream().map(Row::params).toList());
            List<Row> shown = g.getValue().stream().filter(r -> !changedOnly || r.verdict() != null
                    && r.verdict().directional()).toList();
            if (!shown.isEmpty()) {
                any = true;
                md.append("### ").append(g.getKey()).append("\n\n").append(table(axes, shown, result.adjust(), result.overRuns()))
                        .append('\n');
            }
            String reach = sensitivityLine(g.getKey());
            if (!reach.isEmpty()) {
                md.append(reach).append('\n');
            }
        }
        if (!any) {
            md.append("(no cell changed beyond the noise band)\n\n");
        }
        String all = overallLine();
        if (!all.isEmpty()) {
            md.append(all).append('\n');
        }
        md.append(summary()).append('\n');
        return md.toString();
    }

    /** The rule of a diff over runs, for its header: runs are the unit, how many a side, and the fallback. */
    private String overRunsRule() {
        return String.format(Locale.ROOT, "Runs are the unit: %d runs of A, %d of B. Per cell each run counts once, by the "
                        + "mean of its forks' log means; B/A is exp(mean over B's runs - mean over A's runs) with a Welch t "
                        + "interval over the runs (%s, Welch-Satterthwaite degrees of freedom), and no run-to-run allowance is "
                        + "added: the runs' spread is it. A cell measured ok in fewer than two runs on a side, or whose runs "
                        + "are all alike, falls back to its forks pooled per side, judged as between two runs. ",
                result.aRuns().size(), result.bRuns().size(), Figures.percent(result.confidence()));
    }

    /** One line: how many cells got each verdict, and what kept others from one. */
    public String summary() {
        Map<Verdict, Integer> counts = new EnumMap<>(Verdict.class);
        int fewSamples = 0;
        int oneFork = 0;
        int hardware = 0;
        int notCompared = 0;
        for (Row r : rows()) {
            if (r.verdict() == null) {
                notCompared++;
                continue;
            }
            counts.merge(r.verdict(), 1, Integer::sum);
            fewSamples += r.tooFewSamples() ? 1 : 0;
            oneFork += r.oneFork() ? 1 : 0;
            hardware += r.note().contains(RunDiff.DIFFERENT_HARDWARE) ? 1 : 0;
        }
        List<String> parts = new ArrayList<>();
        counts.forEach((v, n) -> parts.add(n + " " + v.label()));
        if (oneFork > 0) {
            parts.add(oneFork + " with one fork on a side (verdicts need two or more: --profile full)");
        }
        if (fewSamples > 0) {
            parts.add(fewSamples + " with too few samples or forks (measure more, e.g. --profile full, or lower --confidence)");
        }
        if (hardware > 0) {
            parts.add(hardware + " held back for different hardware");
        }
        if (notCompared > 0) {
            parts.add(notCompared + " not compared");
        }
        return rows().size() + " cells: " + String.join(", ", parts);
    }

    private static String table(List<String> axes, List<Row> rows, Adjustment adjust, boolean overRuns) {
        List<String> header = new ArrayList<>(axes);
        header.addAll(List.of("metric", "A median", "B median"));
        if (overRuns) {
            header.add("runs");
        }
        header.addAll(List.of("forks", "B/A", "interval", "p"));
        if (adjust != Adjustment.NONE) {
            header.add("p " + adjust.label());
        }
        header.addAll(List.of("could detect", "verdict", "note"));
        List<List<String>> out = new ArrayList<>();
        for (Row r : rows) {
            List<String> row = new ArrayList<>();
            axes.forEach(axis -> row.add(r.params().getOrDefault(axis, "")));
            row.add(r.metric() + " (" + r.unit() + ")");
            row.add(Figures.number(r.aMedian()));
            row.add(Figures.number(r.bMedian()));
            if (overRuns) {
                row.add(r.aRuns() + "/" + r.bRuns());
            }
            row.add(r.aForks() + "/" + r.bForks());
            row.add(r.ratio() == null ? "" : String.format(Locale.ROOT, "%.3f", r.ratio()));
            row.add(r.ciLow() == null ? "" : interval(r.ciLow(), r.ciHigh()));
            row.add(r.pValue() == null ? "" : String.format(Locale.ROOT, "%.3f", r.pValue()));
            if (adjust != Adjustment.NONE) {
                row.add(r.pAdjusted() == null ? "" : String.format(Locale.ROOT, "%.3f", r.pAdjusted()));
            }
            row.add(r.ratio() == null ? "" : detectable(r.detectable()));
            row.add(r.verdict() == null ? "" : r.verdict().label());
            row.add(r.note());
            out.add(row);
        }
        return MarkdownTable.render(header, out);
    }

    /**
     * {@code ±x %}: the smallest change the row's data could have called; "none" when nothing could be. Past eleven times
     * (a t quantile at one or two degrees of freedom and Holm's level can reach 10^80) the digits say nothing a reader
     * can use, so they read "over ±1000 %"; the JSON keeps the number.
     */
    public static String detectable(Double fraction) {
        if (fraction == null) {
            return "none";
        }
        return fraction > DETECTABLE_SHOWN ? "over ±1000 %" : String.format(Locale.ROOT, "±%.1f %%", fraction * 100);
    }

    private static final double DETECTABLE_SHOWN = 10.0;

    /** {@code [low, high]}, with 0 and ∞ for the ends too few samples leave open. */
    public static String interval(double low, double high) {
        return "[" + (low > 0 ? String.format(Locale.ROOT, "%.3f", low) : "0") + ", "
                + (high < Double.POSITIVE_INFINITY ? String.format(Locale.ROOT, "%.3f", high) : "∞") + "]";
    }

    /** One line under an experiment's table: what its rows could have found, or none when it has no time or rate row. */
    static String line(RunDiff.Sensitivity s) {
        if (s.rows() == 0) {
            return "";
        }
        String found = String.format(Locale.ROOT, "Could detect, over %d time and rate rows: median %s; %d of %d could "
                + "call a change of 10 %%.", s.rows(), s.median() == null ? "none (most rows could call nothing)"
                : detectable(s.median()), s.within10(), s.rows());
        String half = 2 * s.within10() >= s.rows() ? ""
                : s.halfSeconds() == null ? " Half of them cannot be priced: too many have one fork on a side or no t."
                : String.format(Locale.ROOT, " At their spreads half of them could after about %s of forks in all, "
                + "the cheapest half's cells taking up to %d %s.", Figures.clock(java.time.Duration.ofSeconds(
                Math.round(s.halfSeconds()))), s.halfForks(), s.counted());
        return found + half + System.lineSeparator();
    }

    /** A side in one line: its JDK, host, run and profile, and the slice when it is one. */
    static String describe(Side s) {
        return String.format("%s %s on %s, run %s (%s profile)%s", s.jdk(), s.runtimeVersion(), s.host(), s.runId(),
                s.profile(), s.slice() == null ? "" : " [" + s.slice() + "]");
    }
}
