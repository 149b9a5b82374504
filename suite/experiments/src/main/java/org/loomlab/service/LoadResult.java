package org.loomlab.service;

import org.HdrHistogram.Histogram;

import java.time.Duration;
import java.util.concurrent.ExecutorService;

/**
 * What one window of closed-loop load gave: answers (200) completed inside the window, errors
 * (anything else, including refused connections and timeouts), requests still in flight when it
 * closed, and the latencies of the completed ones in nanoseconds.
 */
record LoadResult(int users, Duration window, long completed, long errors, long unfinished, Histogram latencies) {

    double throughput() {
        return completed / (window.toNanos() / 1e9);
    }

    /**
     * Loads the URL client, the HTTP server and the HTTP client once, outside any window: on a cold JVM
     * their class loading (the HTTP client builds the default TLS context) takes over a second, which
     * would otherwise show as a first window with nothing completed.
     */
    static void warmUp(Downstream downstream, ExecutorService executor) throws Exception {
        downstream.call();
        try (FrontService front = new FrontService(executor, downstream::call)) {
            new ClosedLoop(front.uri(), 1, Duration.ofSeconds(1)).run();
        }
    }

    double meanLatencyMs() {
        return latencies.getMean() / 1e6;
    }
}
