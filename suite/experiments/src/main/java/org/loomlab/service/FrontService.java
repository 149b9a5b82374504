package org.loomlab.service;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * The front service of the service scenarios: the JDK's HTTP server on loopback (port 0) whose
 * handler runs {@link Answer} on the executor under test, so the executor is the only thing that
 * differs between cells. A failing answer becomes a 502, counted as an error by the load.
 */
final class FrontService implements AutoCloseable {

    /** What the service does per request: typically a blocking downstream call. */
    @FunctionalInterface
    interface Answer {
        byte[] get() throws IOException;
    }

    /** Accept queue deep enough for the full profile's 1,000 connections opening at once. */
    private static final int BACKLOG = 4096;

    private final HttpServer server;
    private final ExecutorService executor;

    FrontService(ExecutorService executor, Answer answer) throws IOException {
        this.executor = executor;
        this.server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), BACKLOG);
        server.createContext("/", exchange -> respond(exchange, answer));
        server.setExecutor(executor);
        server.start();
    }

    URI uri() {
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/");
    }

    private static void respond(HttpExchange exchange, Answer answer) throws IOException {
        try (exchange) {
            byte[] body;
            int status;
            try {
                body = answer.get();
                status = 200;
            } catch (IOException | RuntimeException e) {
                body = ("downstream failed: " + e).getBytes(StandardCharsets.UTF_8);
                status = 502;
            }
            exchange.sendResponseHeaders(status, body.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        }
    }

    @Override
    public void close() throws InterruptedException {
        server.stop(0);
        // Queued requests of a saturated pool are dropped; running ones end within one downstream delay.
        executor.shutdownNow();
        executor.awaitTermination(10, TimeUnit.SECONDS);
    }
}
