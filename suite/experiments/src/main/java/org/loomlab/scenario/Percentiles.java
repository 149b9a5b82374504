package org.loomlab.scenario;

import org.HdrHistogram.Histogram;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The percentiles a scenario reports, read from an HdrHistogram and converted to the cell's unit.
 * Guards against reporting percentiles of nothing: an empty histogram gives null, not zeros.
 */
public final class Percentiles {

    private Percentiles() {
    }

    /**
     * {@code p50, p90, p99, p99.9, max} of {@code histogram}, each value divided by {@code perUnit}
     * (e.g. 1e6 to turn recorded nanoseconds into milliseconds); null when nothing was recorded.
     */
    public static Map<String, Double> of(Histogram histogram, double perUnit) {
        if (histogram.getTotalCount() == 0) {
            return null;
        }
        Map<String, Double> out = new LinkedHashMap<>();
        out.put("p50", histogram.getValueAtPercentile(50) / perUnit);
        out.put("p90", histogram.getValueAtPercentile(90) / perUnit);
        out.put("p99", histogram.getValueAtPercentile(99) / perUnit);
        out.put("p99.9", histogram.getValueAtPercentile(99.9) / perUnit);
        out.put("max", histogram.getMaxValue() / perUnit);
        return out;
    }
}
