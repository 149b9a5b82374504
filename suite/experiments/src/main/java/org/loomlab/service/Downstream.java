package org.loomlab.service;

import java.io.IOException;
import java.io.InputStream;
import java.net.HttpURLConnection;
import java.net.URI;
import java.net.URL;

/**
 * The blocking downstream call of the service scenarios: {@code GET /delay/{ms}} on the fixture with
 * the JDK's URL client, which blocks the calling thread (a virtual thread parks instead, unless pinned).
 * Pitfall guarded: the URL client keeps only 5 idle connections per host by default, so 200 concurrent
 * calls would open and close a socket per request; the cache is raised before the client's first use.
 */
final class Downstream {

    static {
        // Read once, when the URL client's keep-alive cache is first loaded; a user's setting wins.
        if (System.getProperty("http.maxConnections") == null) {
            System.setProperty("http.maxConnections", "2000");
        }
    }

    /** Bounds every call: far above any delay the scenarios ask for, so only a hung fixture hits it. */
    private static final int TIMEOUT_MS = 30_000;

    private final URL delayed;

    Downstream(String fixtureUrl, int delayMs) {
        try {
            this.delayed = URI.create(fixtureUrl + "/delay/" + delayMs).toURL();
        } catch (IOException e) {
            throw new IllegalArgumentException("bad fixture URL '" + fixtureUrl + "'", e);
        }
    }

    /** Calls the fixture and returns its answer; blocks for at least the delay. */
    byte[] call() throws IOException {
        HttpURLConnection c = (HttpURLConnection) delayed.openConnection();
        c.setConnectTimeout(TIMEOUT_MS);
        c.setReadTimeout(TIMEOUT_MS);
        int status = c.getResponseCode();
        if (status != 200) {
            throw new IOException("fixture answered " + status + " to " + delayed);
        }
        // Reading to the end and closing returns the connection to the keep-alive cache.
        try (InputStream in = c.getInputStream()) {
            return in.readAllBytes();
        }
    }
}
