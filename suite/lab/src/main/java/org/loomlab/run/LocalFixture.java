package org.loomlab.run;

import org.loomlab.record.FixtureInfo;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The fixture as a forked JVM bound to 127.0.0.1 on a free port: the fallback when no Docker engine
 * answers. It is a child of the lab, so the lab's interrupt handling stops it with the cells.
 */
final class LocalFixture implements Fixture {

    private static final String READY = "fixture listening on ";

    private final Process process;
    private final String url;

    private LocalFixture(Process process, String url) {
        this.process = process;
        this.url = url;
    }

    static LocalFixture start(Path java, Path fixtureJar) {
        Process p = null;
        try {
            p = new ProcessBuilder(List.of(java.toString(), "-XX:+UseSerialGC", "-Xmx256m", "-jar",
                    fixtureJar.toString(), "--host", "127.0.0.1", "--port", "0"))
                    .redirectErrorStream(true).start();
            p.getOutputStream().close();
            Process started = p;
            BufferedReader lines = new BufferedReader(new InputStreamReader(started.getInputStream(), StandardCharsets.UTF_8));
            CompletableFuture<String> ready = CompletableFuture.supplyAsync(() -> {
                try {
                    for (String line; (line = lines.readLine()) != null; ) {
                        if (line.startsWith(READY)) {
                            return line.substring(READY.length()).strip();
                        }
                    }
                    return null;
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
            String url = ready.get(30, TimeUnit.SECONDS);
            if (url == null) {
                throw new IllegalStateException("the local fixture exited before listening (exit " + p.waitFor() + ")");
            }
            // Keep draining its output so it never blocks on a full pipe.
            Thread.ofVirtual().start(() -> lines.lines().forEach(l -> { }));
            return new LocalFixture(p, url);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start the local fixture", e);
        } catch (ExecutionException | TimeoutException e) {
            p.destroyForcibly();
            throw new IllegalStateException("the local fixture did not start listening within 30 s: " + e);
        } catch (InterruptedException e) {
            p.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while starting the local fixture");
        }
    }

    @Override
    public String url() {
        return url;
    }

    @Override
    public FixtureInfo info() {
        return new FixtureInfo("local-jvm", url, null);
    }

    @Override
    public void close() {
        process.destroy();
        try {
            if (!process.waitFor(10, TimeUnit.SECONDS)) {
                process.destroyForcibly();
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }
}
