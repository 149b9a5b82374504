import com.sun.net.httpserver.HttpServer;

import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.URL;
import java.time.Duration;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The smallest dinner that shows why reentrant + virtual + sleep / http-jdk dinners take tens of seconds
 * (docs/http-jdk-on-virtual-threads.md). No loom-lab code: N virtual threads at a round table of ReentrantLocks
 * (or monitors), each meal a 16 us sleep or a 16 KB read from an in-process HTTP server with URL.openStream();
 * the first philosopher with M meals stops the others itself. Prints the dinner time and the meal spread (meals
 * the table ate per meal of the winner: 1 = only the winner ate, N = everyone ate alike).
 *
 * <pre>
 * java docs/FairTable.java reentrant sleep 1000 1000
 * java docs/FairTable.java synchronized http 1000 1000
 * java -Djdk.pollerMode=1 docs/FairTable.java reentrant http 1000 1000
 * </pre>
 */
public class FairTable {

    public static void main(String[] args) throws Exception {
        boolean monitors = args[0].equals("synchronized");
        boolean http = args[1].equals("http");
        int n = Integer.parseInt(args[2]);
        int meals = Integer.parseInt(args[3]);
        int dinners = args.length > 4 ? Integer.parseInt(args[4]) : 3;
        HttpServer server = null;
        URL url = null;
        if (http) {
            byte[] body = new byte[16 * 1024];
            server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 1000);
            server.createContext("/bytes", exchange -> {
                exchange.sendResponseHeaders(200, body.length);
                exchange.getResponseBody().write(body);
                exchange.close();
            });
            server.setExecutor(Executors.newFixedThreadPool(4));
            server.start();
            url = URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/bytes").toURL();
        }
        for (int d = 0; d < dinners; d++) {
            dine(monitors, url, n, meals);
        }
        if (server != null) {
            server.stop(0);
            System.exit(0);
        }
    }

    static void dine(boolean monitors, URL url, int n, int meals) throws Exception {
        ReentrantLock[] chopsticks = new ReentrantLock[n];
        for (int i = 0; i < n; i++) {
            chopsticks[i] = new ReentrantLock();
        }
        int[] eaten = new int[n];
        AtomicReferenceArray<Thread> seats = new AtomicReferenceArray<>(n);
        AtomicBoolean over = new AtomicBoolean();
        long start = System.nanoTime();
        long[] won = new long[1];
        try (ExecutorService table = Executors.newVirtualThreadPerTaskExecutor()) {
            for (int i = 0; i < n; i++) {
                int seat = i;
                table.execute(() -> {
                    seats.set(seat, Thread.currentThread());
                    ReentrantLock first = chopsticks[Math.min(seat, (seat + 1) % n)];
                    ReentrantLock second = chopsticks[Math.max(seat, (seat + 1) % n)];
                    try {
                        while (!over.get() && !Thread.currentThread().isInterrupted() && eaten[seat] < meals) {
                            if (monitors) {
                                synchronized (first) {
                                    synchronized (second) {
                                        eat(url);
                                    }
                                }
                            } else {
                                first.lock();
                                try {
                                    second.lock();
                                    try {
                                        eat(url);
                                    } finally {
                                        second.unlock();
                                    }
                                } finally {
                                    first.unlock();
                                }
                            }
                            eaten[seat]++;
                        }
                    } catch (Exception stopped) {
                        return;
                    }
                    if (eaten[seat] >= meals && over.compareAndSet(false, true)) {
                        won[0] = System.nanoTime();
                        for (int k = 0; k < n; k++) {
                            Thread t = seats.get(k);
                            if (t != null && t != Thread.currentThread()) {
                                t.interrupt();
                            }
                        }
                    }
                });
            }
        }
        long total = 0;
        for (int e : eaten) {
            total += e;
        }
        System.out.printf("%s %s: dinner %.0f ms (winner full at %.0f ms), meal spread %.1f%n",
                monitors ? "synchronized" : "reentrant", url == null ? "sleep" : "http",
                (System.nanoTime() - start) / 1e6, (won[0] - start) / 1e6, total / (double) meals);
    }

    static void eat(URL url) throws Exception {
        if (url == null) {
            Thread.sleep(Duration.ofNanos(16_000));
        } else {
            try (InputStream in = url.openStream()) {
                in.readAllBytes();
            }
        }
    }
}
