package org.loomlab.report;

import org.loomlab.history.History;
import org.loomlab.history.Series;
import org.loomlab.history.Trait;
import org.loomlab.record.Cell;
import org.loomlab.record.RunRecord;

import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * A history for other tools: a row per run, cell and metric, in run order, with what the run ran on. Params are one
 * column, {@code axis=value} words in the record's order, so that rows of cells with different axes stay aligned.
 */
public final class HistoryCsv {

    static final List<String> HEADER = List.of("host", "jdk", "run_id", "started", "experiment", "params", "metric", "unit",
            "score", "ci_low", "ci_high", "forks", "suite_commit", "runtime_version", "kernel");

    private HistoryCsv() {
    }

    public static String of(History h) {
        StringBuilder out = new StringBuilder(String.join(",", HEADER)).append('\n');
        for (int i = 0; i < h.runs().size(); i++) {
            RunRecord r = h.runs().get(i);
            for (Series s : h.series()) {
                for (Series.Point p : s.points()) {
                    if (p.run() == i) {
                        out.append(row(h, r, s, p.cell())).append('\n');
                    }
                }
            }
        }
        return out.toString();
    }

    private static String row(History h, RunRecord r, Series s, Cell c) {
        List<String> fields = List.of(h.host(), h.jdk(), r.runId(), r.started().toString(), s.key().experiment(),
                params(s.key().params()), s.key().metric(), s.key().unit(), number(c.score()), number(c.ciLow()),
                number(c.ciHigh()), c.precision() == null ? "" : String.valueOf(c.precision().forks()),
                r.suite() == null || r.suite().gitCommit() == null ? "" : r.suite().gitCommit(), Trait.JDK.of(r), Trait.KERNEL.of(r));
        return fields.stream().map(SampleExport::quote).collect(Collectors.joining(","));
    }

    static String params(Map<String, String> params) {
        return params.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue()).collect(Collectors.joining(" "));
    }

    private static String number(Double v) {
        return v == null || !Double.isFinite(v) ? "" : Double.toString(v);
    }
}
