package org.loomlab.run;

import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What the latency of one operation looked like beyond its mean: p50, p90, p99, p99.9 and max of the
 * histograms a cell's measured JVMs wrote (one per JMH fork), merged.
 *
 * <p>Pitfall: averaging per-fork percentiles is wrong; the histograms are added, then read once.
 */
final class DinnerLatency {

    /** The run.json keys, in order, and the quantile each one is. */
    static final Map<String, Double> QUANTILES = quantiles();

    private DinnerLatency() {
    }

    private static Map<String, Double> quantiles() {
        Map<String, Double> q = new LinkedHashMap<>();
        q.put("p50", 50.0);
        q.put("p90", 90.0);
        q.put("p99", 99.0);
        q.put("p99.9", 99.9);
        q.put("max", 100.0);
        return q;
    }

    /** The property that tells a measured JVM where to write its histogram. */
    static String flag(Path runDir, String name) throws IOException {
        Path dir = runDir.resolve("latency");
        Files.createDirectories(dir);
        return "-Dloomlab.latency=" + dir.resolve(name);
    }

    /** Removes the cell's histograms of an earlier attempt (a run resumed after a kill). */
    static void clear(Path runDir, String name) throws IOException {
        CellFiles.clear(runDir.resolve("latency"), name, ".hlog");
    }

    /** Percentiles in milliseconds of every histogram the cell wrote; null when it wrote none. */
    static Map<String, Double> read(Path runDir, String name) throws IOException {
        List<Path> files = CellFiles.of(runDir.resolve("latency"), name, ".hlog");
        Histogram all = new Histogram(3);
        for (Path file : files) {
            HistogramLogReader reader = new HistogramLogReader(file.toFile());
            EncodableHistogram h;
            while ((h = reader.nextIntervalHistogram()) != null) {
                all.add((Histogram) h);
            }
        }
        if (all.getTotalCount() == 0) {
            return null;
        }
        Map<String, Double> out = new LinkedHashMap<>();
        QUANTILES.forEach((key, q) -> out.put(key,
                (q == 100.0 ? all.getMaxValue() : all.getValueAtPercentile(q)) / 1e6));
        return out;
    }
}
