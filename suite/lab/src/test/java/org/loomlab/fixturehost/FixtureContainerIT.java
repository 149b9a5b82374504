package org.loomlab.fixturehost;

import com.github.dockerjava.api.model.ExposedPort;
import com.github.dockerjava.api.model.Ports;
import org.junit.jupiter.api.Test;
import org.testcontainers.junit.jupiter.Container;
import org.testcontainers.junit.jupiter.Testcontainers;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;

/** The fixture image, built locally by `just images`, started by Testcontainers and called through its mapped port. */
@Testcontainers
class FixtureContainerIT {

    @Container
    static final FixtureContainer FIXTURE = new FixtureContainer();

    private static HttpResponse<byte[]> get(String path) throws Exception {
        // HTTP/1.1, as the lab's clients speak to the fixture: the default h2c upgrade once hung a CI run for 15 min,
        // and a request that is not answered must fail the test, not stall the build.
        try (HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build()) {
            return client.send(HttpRequest.newBuilder(URI.create(FIXTURE.baseUrl() + path))
                            .timeout(Duration.ofSeconds(30)).build(),
                    HttpResponse.BodyHandlers.ofByteArray());
        }
    }

    @Test
    void servesSixteenKilobytesThroughTheMappedPort() throws Exception {
        assertThat(FIXTURE.baseUrl()).startsWith("http://localhost:").doesNotEndWith(":8080");
        HttpResponse<byte[]> r = get("/bytes/16384");
        assertThat(r.statusCode()).isEqualTo(200);
        assertThat(r.body()).hasSize(16384);
        assertThat(r.body()[257]).isEqualTo((byte) 1);
    }

    @Test
    void publishesItsPortOnLoopbackOnly() {
        Ports.Binding[] bindings = FIXTURE.getContainerInfo().getNetworkSettings().getPorts().getBindings()
                .get(ExposedPort.tcp(8080));
        assertThat(bindings).isNotEmpty().allSatisfy(b -> {
            assertThat(b.getHostIp()).isEqualTo(FixtureContainer.LOOPBACK);
            assertThat(b.getHostPortSpec()).isEqualTo(String.valueOf(FIXTURE.getMappedPort(8080)));
        });
    }

    @Test
    void answersDelaysAndHealth() throws Exception {
        long start = System.nanoTime();
        assertThat(new String(get("/delay/50").body())).isEqualTo("50");
        assertThat((System.nanoTime() - start) / 1_000_000).isGreaterThanOrEqualTo(50);
        assertThat(new String(get("/health").body())).isEqualTo("ok");
    }
}
