package org.loomlab.philosophers;

import okhttp3.ConnectionPool;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.Response;
import okhttp3.ResponseBody;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.URL;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/**
 * A meal that reads {@link Workload#MEAL_BYTES} from the fixture's {@code /bytes/{n}} with one of three
 * blocking clients. A failed read is counted, not thrown: a cell with errors is marked, not crashed.
 * The fixture is checked once when the meal is prepared, so an unreachable fixture fails the cell at
 * once instead of producing a run of errors.
 */
abstract class HttpMeal implements Meal {

    /** What a client does for one read: returns the number of body bytes. */
    @FunctionalInterface
    interface Read {
        int bytes() throws IOException, InterruptedException;
    }

    private final AtomicLong failures = new AtomicLong();
    private final AtomicReference<String> firstFailure = new AtomicReference<>();
    private final Read read;

    private HttpMeal(Read read) {
        this.read = read;
    }

    @Override
    public void eat() throws InterruptedException {
        try {
            int n = read.bytes();
            if (n != Workload.MEAL_BYTES) {
                fail("short read: " + n + " bytes");
            }
        } catch (IOException e) {
            if (Thread.currentThread().isInterrupted()) {
                throw new InterruptedException("stopped during a read");
            }
            fail(e.toString());
        }
    }

    private void fail(String why) {
        failures.incrementAndGet();
        firstFailure.compareAndSet(null, why);
    }

    @Override
    public long failures() {
        return failures.get();
    }

    @Override
    public String firstFailure() {
        return firstFailure.get();
    }

    static String bytesUrl(Kitchen kitchen) {
        if (kitchen.fixtureUrl() == null) {
            throw new IllegalStateException("this workload reads from the HTTP fixture, but no fixture URL was given"
                    + " (loom-lab starts one; in JMH pass -Dloomlab.fixture=http://host:port)");
        }
        return kitchen.fixtureUrl() + "/bytes/" + Workload.MEAL_BYTES;
    }

    /** Fails with the reason when the fixture does not answer its health check. */
    static void checkFixture(Kitchen kitchen) {
        String health = kitchen.fixtureUrl() + "/health";
        try (InputStream in = URI.create(health).toURL().openStream()) {
            in.readAllBytes();
        } catch (IOException e) {
            throw new IllegalStateException("fixture unreachable at " + health + ": " + e, e);
        }
    }

    /** {@code URL.openStream()}; keep-alive connections are cached up to {@code http.maxConnections}. */
    static Meal urlConnection(Kitchen kitchen) {
        URL url;
        try {
            url = URI.create(bytesUrl(kitchen)).toURL();
        } catch (java.net.MalformedURLException e) {
            throw new IllegalArgumentException("bad fixture URL " + kitchen.fixtureUrl(), e);
        }
        // Read once per JVM by the keep-alive cache, so it must be set before the first request.
        System.setProperty("http.maxConnections", String.valueOf(kitchen.connections()));
        checkFixture(kitchen);
        return new HttpMeal(() -> {
            try (InputStream in = url.openStream()) {
                return in.readAllBytes().length;
            }
        }) { };
    }

    /** {@code java.net.http.HttpClient}, HTTP/1.1, its pool bounded by {@code jdk.httpclient.connectionPoolSize}. */
    static Meal httpClient(Kitchen kitchen) {
        System.setProperty("jdk.httpclient.connectionPoolSize", String.valueOf(kitchen.connections()));
        checkFixture(kitchen);
        HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(Duration.ofSeconds(10)).build();
        HttpRequest request = HttpRequest.newBuilder(URI.create(bytesUrl(kitchen))).timeout(Duration.ofSeconds(30)).build();
        return new HttpMeal(() -> client.send(request, HttpResponse.BodyHandlers.ofByteArray()).body().length) {
            @Override
            public void close() {
                client.close();
            }
        };
    }

    /** OkHttp 5 with a pool of {@code connections} idle connections. */
    static Meal okHttp(Kitchen kitchen) {
        checkFixture(kitchen);
        OkHttpClient client = new OkHttpClient.Builder()
                .connectionPool(new ConnectionPool(kitchen.connections(), 5, TimeUnit.MINUTES))
                .retryOnConnectionFailure(false)
                .build();
        Request request = new Request.Builder().url(bytesUrl(kitchen)).build();
        return new HttpMeal(() -> {
            try (Response response = client.newCall(request).execute(); ResponseBody body = response.body()) {
                return body.bytes().length;
            }
        }) {
            @Override
            public void close() {
                client.dispatcher().executorService().shutdown();
                client.connectionPool().evictAll();
            }
        };
    }
}
