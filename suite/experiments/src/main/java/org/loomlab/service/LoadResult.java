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
     * One unrecorded second of the cell's own load before the first window. On a cold JVM the class
     * loading of the URL client, the HTTP server and the HTTP client (which builds the default TLS
     * context) takes over a second, and {@code users} connections to the service and to the fixture
     * are opened for the first time; both would otherwise land in the first window only.
     */
    static void warmUp(Downstream downstream, ExecutorService executor, FrontService.Answer answer, int users)
            throws Exception {
        downstream.call();
        try (FrontService front = new FrontService(executor, answer)) {
            new ClosedLoop(front.uri(), users, Duration.ofSeconds(1)).run();
        }
    }

    double meanLatencyMs() {
        return latencies.getMean() / 1e6;
    }
}
