package org.loomlab.service;

import io.vertx.core.Vertx;
import org.loomlab.fixture.FixtureServer;

/**
 * Which HTTP fixture a service scenario calls: the one the lab started (its URL in the settings), or,
 * when the lab gave none, a vert.x fixture started in this JVM on loopback and closed afterwards.
 * Pitfall guarded: the record must say which one was used, since an in-process fixture shares the
 * scenario JVM's cores; {@link #describe()} goes into every cell's message.
 */
final class FixtureLink implements AutoCloseable {

    private final String url;
    private final Vertx inProcess;

    private FixtureLink(String url, Vertx inProcess) {
        this.url = url;
        this.inProcess = inProcess;
    }

    static FixtureLink open(String labFixtureUrl) {
        if (labFixtureUrl != null) {
            return new FixtureLink(stripSlash(labFixtureUrl), null);
        }
        Vertx vertx = Vertx.vertx();
        int port = FixtureServer.start(vertx, "127.0.0.1", 0).await().actualPort();
        return new FixtureLink("http://127.0.0.1:" + port, vertx);
    }

    /** Base URL without a trailing slash, e.g. {@code http://127.0.0.1:41234}. */
    String url() {
        return url;
    }

    String describe() {
        return (inProcess != null ? "fixture: in-process vert.x at " : "fixture: the lab's at ") + url;
    }

    @Override
    public void close() {
        if (inProcess != null) {
            inProcess.close().await();
        }
    }

    private static String stripSlash(String url) {
        return url.endsWith("/") ? url.substring(0, url.length() - 1) : url;
    }
}
