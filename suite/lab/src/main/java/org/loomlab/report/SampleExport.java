package org.loomlab.report;

import org.loomlab.record.Cell;
import org.loomlab.record.CellStatus;
import org.loomlab.record.RunRecord;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * A run's raw samples for other tools: the Go benchmark format, so that {@code benchstat a.txt b.txt}
 * (golang.org/x/perf/cmd/benchstat) can cross-check a diff with its own statistics, or CSV with one row
 * per sample and its fork. Only cells that ended ok are written. Pitfalls of the Go format it guards
 * against: a name ending in {@code -<digits>} is read as GOMAXPROCS (so {@code executor=pool-1} last would
 * lose its {@code -1}: every name ends in the JVM's CPU count instead), and any configuration line that
 * differs between two files splits benchstat's tables (so the header holds only goos, goarch, pkg and cpu).
 * benchstat treats every sample as independent; the lab's own verdicts compare forks.
 */
public final class SampleExport {

    private SampleExport() {
    }

    /** One run in the Go benchmark format, a file of its own: {@code benchstat a.txt b.txt}. */
    public static String benchstat(RunRecord run) {
        return goFormat(run, null);
    }

    /** A diff's two runs in one stream, told apart by {@code side: A} and {@code side: B}: {@code benchstat -col side}. */
    public static String benchstat(RunRecord a, RunRecord b) {
        return goFormat(a, "A") + goFormat(b, "B");
    }

    /** Repeated runs a side in one stream, every run of a side told apart as that side: {@code benchstat -col side}. */
    public static String benchstat(List<RunRecord> a, List<RunRecord> b) {
        StringBuilder out = new StringBuilder();
        a.forEach(r -> out.append(goFormat(r, "A")));
        b.forEach(r -> out.append(goFormat(r, "B")));
        return out.toString();
    }

    /** @param side a configuration value telling runs apart in one stream, or null */
    private static String goFormat(RunRecord run, String side) {
        StringBuilder out = new StringBuilder();
        out.append(String.format(Locale.ROOT, "# loom-lab run %s: %s %s on %s, %s profile%n", run.runId(), run.jdk().id(),
                run.jdk().runtimeVersion(), run.host().name(), run.profile()));
        if (side != null) {
            out.append("side: ").append(side).append('\n');
        }
        out.append("goos: linux\n"); // the lab reads /proc: every record comes from Linux
        // Go's word for the architecture is Docker's, which the record keeps (Host reads every word as Arch's).
        out.append("goarch: ").append(run.host().arch() == null ? "unknown" : run.host().arch()).append('\n');
        out.append("cpu: ").append(run.host().cpuModel() == null ? "unknown" : run.host().cpuModel()).append('\n');
        Set<String> units = new LinkedHashSet<>();
        String pkg = null;
        for (Cell c : ok(run)) {
            if (!c.experiment().equals(pkg)) {
                pkg = c.experiment();
                out.append("pkg: loom-lab/").append(pkg).append('\n');
            }
            Unit unit = Unit.of(c.unit());
            units.add(unit.metadata());
            String name = "Benchmark" + camel(c.experiment()) + "/metric=" + token(c.metric())
                    + c.params().entrySet().stream().map(e -> "/" + token(e.getKey()) + "=" + token(e.getValue()))
                    .collect(Collectors.joining()) + "-" + run.jdk().availableProcessors();
            for (Double v : c.samples()) {
                if (v != null && !v.isNaN()) {
                    out.append(name).append(" 1 ").append(v / unit.divisor()).append(' ').append(unit.name()).append('\n');
                }
            }
        }
        units.forEach(u -> out.append(u).append('\n'));
        return out.toString();
    }

    /** One row per sample: the run, the cell's experiment, metric, unit and axes, the fork and the sample's place in it. */
    public static String csv(RunRecord run) {
        List<Cell> cells = ok(run);
        Set<String> axes = new LinkedHashSet<>();
        cells.forEach(c -> axes.addAll(c.params().keySet()));
        List<String> header = new ArrayList<>(List.of("run_id", "jdk", "host", "experiment", "metric", "unit"));
        header.addAll(axes);
        header.addAll(List.of("fork", "sample", "value"));
        StringBuilder out = new StringBuilder(String.join(",", header.stream().map(SampleExport::quote).toList())).append('\n');
        for (Cell c : cells) {
            List<List<Double>> forks = c.forks();
            for (int f = 0; f < forks.size(); f++) {
                for (int i = 0; i < forks.get(f).size(); i++) {
                    Double v = forks.get(f).get(i);
                    if (v == null || v.isNaN()) {
                        continue;
                    }
                    List<String> row = new ArrayList<>(List.of(run.runId(), run.jdk().id(), run.host().name(), c.experiment(),
                            c.metric(), c.unit()));
                    axes.forEach(a -> row.add(c.params().getOrDefault(a, "")));
                    row.addAll(List.of(String.valueOf(f + 1), String.valueOf(i + 1), String.valueOf(v)));
                    out.append(String.join(",", row.stream().map(SampleExport::quote).toList())).append('\n');
                }
            }
        }
        return out.toString();
    }

    /**
     * A lab unit as benchstat reads it: times in seconds ({@code ms/op} becomes {@code sec/op}, which benchstat
     * scales and knows lower is better), memory in bytes, everything else as recorded, with whether higher or
     * lower is better.
     */
    private record Unit(String name, double divisor, boolean higherBetter) {

        static Unit of(String unit) {
            String per = unit.contains("/") ? unit.substring(unit.indexOf('/')) : "";
            String base = unit.contains("/") ? unit.substring(0, unit.indexOf('/')) : unit;
            // Divided, not multiplied by 1e-3: 2.5 / 1e3 is the double nearest 0.0025, 2.5 * 1e-3 need not be.
            double perSecond = switch (base) {
                case "s" -> 1;
                case "ms" -> 1e3;
                case "us" -> 1e6;
                case "ns" -> 1e9;
                default -> 0;
            };
            if (perSecond > 0 && (per.isEmpty() || per.equals("/op"))) {
                return new Unit("sec" + per, perSecond, false);
            }
            if (unit.equals("MB")) {
                // The lab's MB are 2^20 bytes (VmRSS); benchstat would read "MB" as 10^6. Bytes are exact either way.
                return new Unit("B", 1.0 / (1 << 20), false);
            }
            return new Unit(unit.replaceAll("\\s", "_"), 1, unit.endsWith("/s")); // a rate is better higher, an amount lower
        }

        String metadata() {
            return "Unit " + name + " better=" + (higherBetter ? "higher" : "lower");
        }
    }

    private static List<Cell> ok(RunRecord run) {
        return run.results().stream().filter(c -> c.status() == CellStatus.OK && !c.samples().isEmpty()).toList();
    }

    /** {@code pinning-probe} as {@code PinningProbe}: a Go benchmark name starts with an upper-case letter. */
    static String camel(String experiment) {
        return Arrays.stream(experiment.split("[^A-Za-z0-9]+")).filter(p -> !p.isEmpty())
                .map(p -> Character.toUpperCase(p.charAt(0)) + p.substring(1)).collect(Collectors.joining());
    }

    /** Spaces end a field and slashes a name part in the Go format: neither may appear inside one. */
    private static String token(String s) {
        return s.replaceAll("[\\s/]", "_");
    }

    static String quote(String field) {
        return field.contains(",") || field.contains("\"") || field.contains("\n") ? "\"" + field.replace("\"", "\"\"") + "\"" : field;
    }
}
