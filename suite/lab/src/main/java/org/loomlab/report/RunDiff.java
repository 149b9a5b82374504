package org.loomlab.report;

import org.apache.commons.statistics.descriptive.Median;
import org.loomlab.record.Cell;
import org.loomlab.record.CellKey;
import org.loomlab.record.CellStatus;
import org.loomlab.record.RunRecord;
import org.loomlab.run.ResultsTable;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The same cells of two runs side by side: for each, B/A with its confidence interval, the
 * Mann-Whitney p-value and a verdict. A is the baseline. Cells are matched on {@link CellKey}; a
 * cell that did not end ok on both sides, or has too few samples, is listed with the reason.
 */
public final class RunDiff {

    /** Which run a side is, for the reader of the diff. */
    public record Side(String runJson, String runId, String profile, String host, String jdk, String runtimeVersion) {

        static Side of(String path, RunRecord r) {
            return new Side(path, r.runId(), r.profile(), r.host().name(), r.jdk().id(), r.jdk().runtimeVersion());
        }

        String describe() {
            return String.format("%s %s on %s, run %s (%s profile)", jdk, runtimeVersion, host, runId, profile);
        }
    }

    /**
     * One matched cell. {@code ratio}, {@code ciLow}, {@code ciHigh} and {@code pValue} are null when
     * the cell was not compared; {@code verdict} is null then too and {@code note} says why.
     */
    public record Row(String experiment, Map<String, String> params, String metric, String unit,
                      Double aMedian, Double bMedian, int aSamples, int bSamples,
                      Double ratio, Double ciLow, Double ciHigh, Double pValue, Verdict verdict, String note) {

        /** Compared, but the samples were too few to bound the interval at the asked confidence. */
        boolean tooFewSamples() {
            return ciLow != null && !new Ratio(ratio, ciLow, ciHigh, pValue).bounded();
        }
    }

    /** The cell's key and both sides' samples: every row of a comparison starts from these. */
    private record Pair(CellKey key, double[] a, double[] b) {

        Row row(Double ratio, Double low, Double high, Double p, Verdict verdict, String note) {
            return new Row(key.experiment(), key.params(), key.metric(), key.unit(), median(a), median(b), a.length, b.length,
                    ratio, low, high, p, verdict, note);
        }

        private static Double median(double[] v) {
            return v.length == 0 ? null : Median.withDefaults().withCopy(true).evaluate(v); // the samples are compared after
        }
    }

    /** The whole diff as written by {@code --json}. */
    public record Result(Side a, Side b, double confidence, double noise, List<Row> rows) {
    }

    private final Result result;

    public RunDiff(Side a, RunRecord ra, Side b, RunRecord rb, double confidence, double noise) {
        Map<CellKey, Cell> left = CellKey.index(ra.results());
        Map<CellKey, Cell> right = CellKey.index(rb.results());
        Set<CellKey> keys = new LinkedHashSet<>(left.keySet());
        keys.addAll(right.keySet());
        List<Row> rows = new ArrayList<>();
        for (CellKey k : keys) {
            rows.add(compare(k, left.get(k), right.get(k), confidence, noise));
        }
        this.result = new Result(a, b, confidence, noise, List.copyOf(rows));
    }

    public static RunDiff of(String pathA, RunRecord a, String pathB, RunRecord b, double confidence, double noise) {
        return new RunDiff(Side.of(pathA, a), a, Side.of(pathB, b), b, confidence, noise);
    }

    public Result result() {
        return result;
    }

    public List<Row> rows() {
        return result.rows();
    }

    /** Cells whose interval lies beyond the noise band on the worse side. */
    public List<Row> worse() {
        return rows().stream().filter(r -> r.verdict() != null && r.verdict().worse()).toList();
    }

    /** Two cells compared as one row, keyed as B (a claim may compare different cells, e.g. two metrics). */
    public static Row compare(Cell a, Cell b, double confidence, double noise) {
        return compare(CellKey.of(b), a, b, confidence, noise);
    }

    private static Row compare(CellKey k, Cell a, Cell b, double confidence, double noise) {
        String why = a == null ? "only in B" : b == null ? "only in A" : a.status() != CellStatus.OK ? "A " + a.status().label()
                : b.status() != CellStatus.OK ? "B " + b.status().label() : null;
        double[] sa = a == null ? new double[0] : samples(a);
        double[] sb = b == null ? new double[0] : samples(b);
        Pair pair = new Pair(k, sa, sb);
        if (why == null && (sa.length == 0 || sb.length == 0)) {
            why = "no samples";
        }
        if (why != null) {
            return pair.row(null, null, null, null, null, why);
        }
        if (constant(sa) && constant(sb) && sa[0] == sb[0]) {
            return pair.row(1.0, 1.0, 1.0, 1.0, Verdict.SAME, "identical samples");
        }
        Ratio r;
        try {
            r = Ratio.of(sa, sb, confidence);
        } catch (IllegalArgumentException notPositive) {
            return pair.row(null, null, null, null, Verdict.INCONCLUSIVE, "no ratio: " + notPositive.getMessage());
        }
        String note = r.bounded() ? "" : String.format(Locale.ROOT, "too few samples (%d and %d) for %s confidence",
                sa.length, sb.length, percent(confidence));
        return pair.row(r.estimate(), r.low(), r.high(), r.pValue(), Verdict.of(r, noise, k.unit()), note);
    }

    /** README-ready Markdown: which runs, one table per experiment, and the count of each verdict. */
    public String markdown(boolean changedOnly) {
        StringBuilder md = new StringBuilder();
        md.append("A (baseline): ").append(result.a().describe()).append('\n');
        md.append("B:            ").append(result.b().describe()).append('\n');
        md.append(String.format(Locale.ROOT, "B/A is the Hodges-Lehmann ratio with its %s interval (Mann-Whitney); "
                + "noise band ±%s.%n%n", percent(result.confidence()), percent(result.noise())));
        Map<String, List<Row>> groups = new LinkedHashMap<>();
        rows().forEach(r -> groups.computeIfAbsent(r.experiment(), e -> new ArrayList<>()).add(r));
        boolean any = false;
        for (Map.Entry<String, List<Row>> g : groups.entrySet()) {
            // Axes from the whole experiment, so a row kept alone by --changed still says which cell it is.
            List<String> axes = CellKey.varying(g.getValue().stream().map(Row::params).toList());
            List<Row> shown = g.getValue().stream().filter(r -> !changedOnly || r.verdict() != null
                    && r.verdict() != Verdict.SAME && r.verdict() != Verdict.INCONCLUSIVE).toList();
            if (!shown.isEmpty()) {
                any = true;
                md.append("### ").append(g.getKey()).append("\n\n").append(table(axes, shown)).append('\n');
            }
        }
        if (!any) {
            md.append("(no cell changed beyond the noise band)\n\n");
        }
        md.append(summary()).append('\n');
        return md.toString();
    }

    /** One line: how many cells got each verdict, and how many could not be compared. */
    public String summary() {
        Map<Verdict, Integer> counts = new EnumMap<>(Verdict.class);
        int fewSamples = 0;
        int notCompared = 0;
        for (Row r : rows()) {
            if (r.verdict() == null) {
                notCompared++;
            } else {
                counts.merge(r.verdict(), 1, Integer::sum);
                if (r.tooFewSamples()) {
                    fewSamples++;
                }
            }
        }
        List<String> parts = new ArrayList<>();
        counts.forEach((v, n) -> parts.add(n + " " + v.label()));
        if (fewSamples > 0) {
            parts.add(fewSamples + " with too few samples (measure more iterations, e.g. --profile full, or lower --confidence)");
        }
        if (notCompared > 0) {
            parts.add(notCompared + " not compared");
        }
        return rows().size() + " cells: " + String.join(", ", parts);
    }

    private static String table(List<String> axes, List<Row> rows) {
        List<String> header = new ArrayList<>(axes);
        header.addAll(List.of("metric", "A median", "B median", "B/A", "interval", "p", "verdict", "note"));
        List<List<String>> out = new ArrayList<>();
        for (Row r : rows) {
            List<String> row = new ArrayList<>();
            axes.forEach(axis -> row.add(r.params().getOrDefault(axis, "")));
            row.add(r.metric() + " (" + r.unit() + ")");
            row.add(JdkComparison.number(r.aMedian()));
            row.add(JdkComparison.number(r.bMedian()));
            row.add(r.ratio() == null ? "" : String.format(Locale.ROOT, "%.3f", r.ratio()));
            row.add(r.ciLow() == null ? "" : interval(r.ciLow(), r.ciHigh()));
            row.add(r.pValue() == null ? "" : String.format(Locale.ROOT, "%.3f", r.pValue()));
            row.add(r.verdict() == null ? "" : r.verdict().label());
            row.add(r.note());
            out.add(row);
        }
        return ResultsTable.table(header, out);
    }

    /** {@code [low, high]}, with 0 and ∞ for the ends too few samples leave open. */
    public static String interval(double low, double high) {
        return "[" + (low > 0 ? String.format(Locale.ROOT, "%.3f", low) : "0") + ", "
                + (high < Double.POSITIVE_INFINITY ? String.format(Locale.ROOT, "%.3f", high) : "∞") + "]";
    }

    private static double[] samples(Cell c) {
        return c.samples().stream().filter(v -> v != null && !v.isNaN()).mapToDouble(Double::doubleValue).toArray();
    }

    private static boolean constant(double[] v) {
        for (double x : v) {
            if (x != v[0]) {
                return false;
            }
        }
        return true;
    }

    public static String percent(double fraction) {
        return String.format(Locale.ROOT, "%s %%", new BigDecimal(fraction * 100).round(new MathContext(4))
                .stripTrailingZeros().toPlainString());
    }
}
