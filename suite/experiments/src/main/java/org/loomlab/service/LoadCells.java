package org.loomlab.service;

import org.HdrHistogram.Histogram;
import org.loomlab.record.Cell;
import org.loomlab.record.CellStatus;
import org.loomlab.record.Summary;
import org.loomlab.scenario.Percentiles;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The cells every load scenario reports from its windows: throughput (req/s), latency (ms, mean per
 * window as the score, percentiles over every window's requests) and errors. Pitfall guarded: a
 * window in which nothing completed has no mean latency; it is left out of the latency samples
 * (and said in the message) instead of recorded as zero.
 */
final class LoadCells {

    private LoadCells() {
    }

    static List<Cell> of(String experiment, Map<String, String> params, List<LoadResult> windows, String message,
                         double wall) {
        List<Double> throughput = windows.stream().map(LoadResult::throughput).toList();
        List<Double> errors = windows.stream().map(w -> (double) w.errors()).toList();
        List<Double> latency = new ArrayList<>();
        Histogram all = new Histogram(3);
        for (LoadResult w : windows) {
            if (w.completed() > 0) {
                latency.add(w.meanLatencyMs());
                all.add(w.latencies());
            }
        }
        List<Cell> cells = new ArrayList<>();
        cells.add(Summary.cell(experiment, params, "throughput", "req/s", throughput, null, null, message, wall, null));
        if (latency.isEmpty()) {
            cells.add(Cell.unmeasured(experiment, params, "latency", "ms", CellStatus.FAILED,
                    "no request completed in any window; " + message, wall, null));
        } else {
            String note = latency.size() < windows.size()
                    ? "; " + (windows.size() - latency.size()) + " window(s) without a completed request left out" : "";
            cells.add(Summary.cell(experiment, params, "latency", "ms", latency, Percentiles.of(all, 1e6), null,
                    message + note, wall, null));
        }
        cells.add(Summary.cell(experiment, params, "errors", "count", errors, null, null, message, wall, null));
        return cells;
    }
}
