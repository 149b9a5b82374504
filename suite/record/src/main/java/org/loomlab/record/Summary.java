package org.loomlab.record;

import org.loomlab.stats.MeanInterval;

import java.util.List;
import java.util.Map;

/**
 * Turns raw samples into a cell the way JMH does for its own: the mean with a 99.9 % Student-t
 * confidence interval, so scenario cells and JMH cells carry comparable error bars.
 */
public final class Summary {

    /** JMH's confidence level. */
    public static final double CONFIDENCE = 0.999;

    private Summary() {
    }

    /** An ok cell from {@code samples}; error and interval are null with fewer than two samples. */
    public static Cell cell(String experiment, Map<String, String> params, String metric, String unit,
                            List<Double> samples, Map<String, Double> percentiles, Long pinnedEvents,
                            String message, double wallSeconds, String rawFile) {
        if (samples.isEmpty()) {
            throw new IllegalArgumentException("a measured cell needs at least one sample: " + metric);
        }
        int n = samples.size();
        double mean = samples.stream().mapToDouble(Double::doubleValue).average().orElseThrow();
        Double error = null;
        if (n > 1) {
            double ss = samples.stream().mapToDouble(v -> (v - mean) * (v - mean)).sum();
            double sd = Math.sqrt(ss / (n - 1));
            error = MeanInterval.halfWidth(sd, n, CONFIDENCE);
        }
        return Cell.builder(experiment, params, metric, unit).score(mean).error(error)
                .interval(error == null ? null : mean - error, error == null ? null : mean + error)
                .samples(samples).percentiles(percentiles).pinnedEvents(pinnedEvents).message(message)
                .wallSeconds(wallSeconds).rawFile(rawFile).build();
    }
}
