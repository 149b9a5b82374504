package org.loomlab.service;

import org.HdrHistogram.Histogram;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * A closed-loop load generator, like the seeds' wrk and JMeter runs: {@code users} clients, each
 * sending its next request as soon as the previous answer arrives, for a fixed window.
 *
 * <p>Coordinated omission: with no think time a closed loop has no intended send schedule, so there is
 * no request that "should have been sent" while a slow answer was awaited; latencies are recorded raw,
 * from send to complete answer, and no HdrHistogram expected-interval correction applies. Under
 * saturation they are therefore queueing time (Little's law: about users / throughput), and requests
 * still in flight when the window closes are reported as {@code unfinished}, not as latencies.
 *
 * <p>Pitfall guarded: a load generator that needs a thread per user would add its own threads to the
 * OS thread count the pinned-service scenario measures, and would compete for the virtual-thread
 * scheduler with the service under test. This one is asynchronous: the JDK HTTP client's selector
 * plus two platform threads serve every user. Bounded in time (the window) and in count.
 */
final class ClosedLoop {

    /** Hard cap on requests per window, so a fast-failing target cannot spin unbounded. */
    static final long MAX_REQUESTS = 5_000_000;

    private final URI target;
    private final int users;
    private final Duration window;

    private final Histogram latencies = new Histogram(3);
    private long completed;
    private long errors;
    private long issued;
    private long inFlight;
    private boolean closed;
    private long deadline;

    ClosedLoop(URI target, int users, Duration window) {
        this.target = target;
        this.users = users;
        this.window = window;
    }

    LoadResult run() throws InterruptedException {
        ExecutorService io = Executors.newFixedThreadPool(2, Thread.ofPlatform().daemon().name("load-", 0).factory());
        HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).executor(io)
                .connectTimeout(Duration.ofSeconds(10)).build();
        // A request outliving the window plus this margin is abandoned by the client itself.
        HttpRequest request = HttpRequest.newBuilder(target).timeout(window.plusSeconds(30)).GET().build();
        long start = System.nanoTime();
        deadline = start + window.toNanos();
        try {
            for (int u = 0; u < users; u++) {
                send(client, request, io);
            }
            TimeUnit.NANOSECONDS.sleep(deadline - System.nanoTime());
            synchronized (this) {
                closed = true;
                return new LoadResult(users, window, completed, errors, inFlight, latencies.copy());
            }
        } finally {
            client.shutdownNow();
            io.shutdownNow();
        }
    }

    private void send(HttpClient client, HttpRequest request, ExecutorService io) {
        synchronized (this) {
            if (closed || issued >= MAX_REQUESTS) {
                return;
            }
            issued++;
            inFlight++;
        }
        long sent = System.nanoTime();
        // Async continuation: a request that fails at once must not recurse on this stack.
        client.sendAsync(request, HttpResponse.BodyHandlers.ofByteArray()).whenCompleteAsync((response, failure) -> {
            long now = System.nanoTime();
            synchronized (this) {
                if (closed) {
                    return;
                }
                inFlight--;
                if (now > deadline) {
                    // Answered after the window closed: neither a completion nor a latency of this window.
                    return;
                }
                if (failure == null && response.statusCode() == 200) {
                    completed++;
                    latencies.recordValue(now - sent);
                } else {
                    errors++;
                }
            }
            send(client, request, io);
        }, io);
    }
}
