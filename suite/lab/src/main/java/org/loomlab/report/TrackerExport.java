package org.loomlab.report;

import org.loomlab.record.Cell;
import org.loomlab.record.CellStatus;
import org.loomlab.record.Profiling;
import org.loomlab.record.RecordJson;
import org.loomlab.record.RunRecord;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Consumer;
import java.util.stream.Collectors;

/**
 * A run for the continuous-benchmarking tools its users already run: github-action-benchmark's custom JSON (an array
 * of {@code {name, unit, value, range, extra}}, one file for {@code customBiggerIsBetter} and one for
 * {@code customSmallerIsBetter}, since that tool reads one direction a file) and Bencher's metric format (BMF,
 * {@code {benchmark: {measure: {value, lower_value, upper_value}}}}). One entry per cell and metric, scenario cells
 * included, and one per profiler metric a cell kept ({@code --prof}), each named with the host, the JDK and the
 * architecture, so that a lanes run (one record a JDK) gives one series per JDK and two hosts never share one.
 * Pitfalls it guards against: a record keeps a cell's axes in the order they were met, which differs between sessions
 * of one run, so names spell the axes sorted, else a series would split when the order changed; a cell that did not
 * end ok has no score a tracker may plot, so it is left out and counted on {@code note}; two entries of one name
 * would make a tracker plot one series as two runs' worth of points, so that is refused.
 */
public final class TrackerExport {

    /** github-action-benchmark's file for {@code tool: customBiggerIsBetter}. */
    public static final String BIGGER_FILE = "github-action-benchmark-bigger.json";
    /** github-action-benchmark's file for {@code tool: customSmallerIsBetter}. */
    public static final String SMALLER_FILE = "github-action-benchmark-smaller.json";
    /** Bencher's file, for {@code bencher run --adapter json --file}. */
    public static final String BENCHER_FILE = "bencher.json";

    private TrackerExport() {
    }

    /**
     * One tracked number.
     *
     * @param cell           the experiment with its axes, e.g. {@code service{delay=50,...}}
     * @param where          the host, JDK and architecture it ran on, e.g. {@code vm-xeon-2c-24g openjdk-21 amd64}
     * @param metric         the record's metric, e.g. {@code latency}
     * @param low            the interval's low end; null for a profiler metric, which has none
     * @param biggerIsBetter a rate (a unit per second) is better bigger; times, sizes and counts smaller
     * @param extra          what a tracker shows beside the point: run, JDK build, CPU, interval, forks
     */
    public record Entry(String cell, String where, String metric, String unit, double value, Double low, Double high,
                        boolean biggerIsBetter, String extra) {

        /** github-action-benchmark's name, which keys one series: the cell, its metric, where it ran. */
        public String name() {
            return cell + " " + metric + " [" + where + "]";
        }

        /** Bencher's benchmark, which holds the cell's measures: the cell and where it ran. */
        public String benchmark() {
            return cell + " [" + where + "]";
        }

        /** Bencher's measure: the metric with its unit (Bencher's names are at most 64 characters). */
        public String measure() {
            return metric + " (" + unit + ")";
        }

        /** {@code ± x}, as github-action-benchmark prints a range: the larger side, so the band covers the interval. */
        public String range() {
            if (low == null || high == null) {
                return null;
            }
            double half = Math.max(high - value, value - low);
            return "± " + BigDecimal.valueOf(half).round(new MathContext(3)).stripTrailingZeros().toPlainString();
        }
    }

    /** The entries of {@code runs} (a run, or each lane of one), in the records' order; skipped cells counted on {@code note}. */
    public static List<Entry> entries(List<RunRecord> runs, Consumer<String> note) {
        List<Entry> out = new ArrayList<>();
        Map<String, Entry> seen = new LinkedHashMap<>();
        for (RunRecord run : runs) {
            int skipped = 0;
            for (Cell c : run.results()) {
                if (c.status() != CellStatus.OK || c.score() == null || !Double.isFinite(c.score())) {
                    skipped++;
                    continue;
                }
                String cell = cell(c);
                String where = where(run);
                add(out, seen, new Entry(cell, where, c.metric(), c.unit(), c.score(), low(c), high(c),
                        biggerIsBetter(c.unit()), extra(run, c)));
                if (c.profiling() != null) {
                    for (Map.Entry<String, Profiling.Metric> m : c.profiling().metrics().entrySet()) {
                        boolean ownCell = run.results().stream().anyMatch(o -> o.metric().equals(m.getKey())
                                && o.experiment().equals(c.experiment()) && o.params().equals(c.params()));
                        if (!ownCell && Double.isFinite(m.getValue().score())) {
                            add(out, seen, new Entry(cell, where, m.getKey(), m.getValue().unit(), m.getValue().score(), null,
                                    null, biggerIsBetter(m.getValue().unit()), profilerExtra(run, c)));
                        }
                    }
                }
            }
            if (skipped > 0) {
                note.accept(skipped + (skipped == 1 ? " cell" : " cells") + " of " + run.runId() + " (" + run.jdk().id()
                        + ") did not end ok: left out");
            }
        }
        return List.copyOf(out);
    }

    private static void add(List<Entry> out, Map<String, Entry> seen, Entry e) {
        String key = e.name() + "\u0000" + e.unit();
        if (seen.putIfAbsent(key, e) != null) {
            throw new IllegalArgumentException("two cells export as '" + e.name() + "' (" + e.unit() + "): export each run "
                    + "once, and lanes of one run only");
        }
        out.add(e);
    }

    /** github-action-benchmark's custom JSON of the entries better in {@code bigger}'s direction (possibly an empty array). */
    public static String githubActionBenchmark(List<Entry> entries, boolean bigger) {
        ArrayNode array = RecordJson.mapper().createArrayNode();
        for (Entry e : entries) {
            if (e.biggerIsBetter() != bigger) {
                continue;
            }
            ObjectNode o = array.addObject();
            o.put("name", e.name());
            o.put("unit", e.unit());
            o.put("value", e.value());
            if (e.range() != null) {
                o.put("range", e.range());
            }
            o.put("extra", e.extra());
        }
        return text(array);
    }

    /** Bencher's BMF: each benchmark with its measures, the interval as {@code lower_value} and {@code upper_value}. */
    public static String bencher(List<Entry> entries) {
        ObjectNode root = RecordJson.mapper().createObjectNode();
        for (Entry e : entries) {
            ObjectNode benchmark = root.has(e.benchmark()) ? (ObjectNode) root.get(e.benchmark()) : root.putObject(e.benchmark());
            ObjectNode metric = benchmark.putObject(e.measure());
            metric.put("value", e.value());
            if (e.low() != null && e.high() != null) {
                metric.put("lower_value", e.low());
                metric.put("upper_value", e.high());
            }
        }
        return text(root);
    }

    /** The experiment with its axes sorted by name. */
    static String cell(Cell c) {
        String axes = new TreeMap<>(c.params()).entrySet().stream().map(e -> e.getKey() + "=" + e.getValue())
                .collect(Collectors.joining(","));
        return c.experiment() + (axes.isEmpty() ? "" : "{" + axes + "}");
    }

    /** The host, JDK and architecture a run ran on. */
    static String where(RunRecord run) {
        return run.host().name() + " " + run.jdk().id() + " " + (run.host().arch() == null ? "unknown-arch" : run.host().arch());
    }

    /** A rate (ops/s, req/s) is better bigger; a time, a size, a count (errors, threads) smaller. */
    static boolean biggerIsBetter(String unit) {
        return unit != null && unit.endsWith("/s");
    }

    private static Double low(Cell c) {
        return c.ciLow() != null ? c.ciLow() : c.error() != null && Double.isFinite(c.error()) ? c.score() - c.error() : null;
    }

    private static Double high(Cell c) {
        return c.ciHigh() != null ? c.ciHigh() : c.error() != null && Double.isFinite(c.error()) ? c.score() + c.error() : null;
    }

    private static String extra(RunRecord run, Cell c) {
        List<String> lines = new ArrayList<>(context(run));
        Double low = low(c);
        Double high = high(c);
        int forks = c.precision() != null ? c.precision().forks() : c.forks().size();
        String confidence = c.precision() != null ? Math.round(c.precision().confidence() * 100) + " %" : "JMH's 99.9 %";
        if (low != null && high != null) {
            lines.add(String.format(Locale.ROOT, "%s interval %s to %s %s, %d fork%s", confidence, number(low), number(high),
                    c.unit(), forks, forks == 1 ? "" : "s"));
        } else {
            lines.add(forks + " fork" + (forks == 1 ? "" : "s") + ", no interval");
        }
        return String.join("\n", lines);
    }

    private static String profilerExtra(RunRecord run, Cell c) {
        List<String> lines = new ArrayList<>(context(run));
        lines.add("profiler metric of --prof " + String.join(",", c.profiling().profilers()) + ", mean of the forks, no interval");
        return String.join("\n", lines);
    }

    private static List<String> context(RunRecord run) {
        String lane = run.lanes() == null ? "" : ", lane " + run.lanes().lane() + " of " + String.join(" vs ", run.lanes().lanes());
        return List.of("run " + run.runId() + " (" + run.profile() + lane + ")",
                "JDK " + run.jdk().id() + " " + run.jdk().runtimeVersion(),
                "host " + run.host().name() + ": " + (run.host().cpuModel() == null ? "unknown CPU" : run.host().cpuModel())
                        + ", " + run.host().cpus() + " CPUs, " + run.host().arch());
    }

    private static String number(double v) {
        return BigDecimal.valueOf(v).round(new MathContext(4)).stripTrailingZeros().toPlainString();
    }

    private static String text(tools.jackson.databind.JsonNode node) {
        return RecordJson.mapper().writerWithDefaultPrettyPrinter().writeValueAsString(node) + "\n";
    }
}
