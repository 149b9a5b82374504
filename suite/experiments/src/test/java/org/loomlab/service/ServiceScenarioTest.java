package org.loomlab.service;

import io.vertx.core.Vertx;
import org.junit.jupiter.api.Test;
import org.loomlab.fixture.FixtureServer;
import org.loomlab.record.Cell;
import org.loomlab.record.CellStatus;
import org.loomlab.scenario.Settings;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The service scenario against the real fixture, the real JDK server and real sockets, at smoke size. */
class ServiceScenarioTest {

    private static final Settings ONE_SECOND = new Settings(1, Duration.ofSeconds(1), null);

    private static Map<String, String> params(String executor, int users, int pool) {
        return Map.of("executor", executor, "users", String.valueOf(users), "pool", String.valueOf(pool), "delay", "50");
    }

    private static Cell metric(List<Cell> cells, String metric) {
        return cells.stream().filter(c -> c.metric().equals(metric)).findFirst().orElseThrow();
    }

    @Test
    void aPoolOfOneCannotExceedOneRequestPerDownstreamDelay() throws Exception {
        List<Cell> cells = new ServiceScenario().run(params("pool-1", 4, 20), ONE_SECOND);
        assertThat(cells).extracting(Cell::metric).containsExactly("throughput", "latency", "errors");
        assertThat(cells).allSatisfy(c -> assertThat(c.status()).isEqualTo(CellStatus.OK));
        // One thread, 50 ms per request: at most 20 answers in a 1 s window.
        assertThat(metric(cells, "throughput").score()).isPositive().isLessThanOrEqualTo(20.0);
        assertThat(metric(cells, "errors").score()).isZero();
        assertThat(metric(cells, "throughput").message()).contains("fixture: in-process vert.x at http://127.0.0.1:");
    }

    @Test
    void virtualThreadsStayUnderUsersPerDelayAndNoAnswerBeatsTheDelay() throws Exception {
        Vertx vertx = Vertx.vertx();
        try {
            int port = FixtureServer.start(vertx, "127.0.0.1", 0).await().actualPort();
            Settings lab = new Settings(2, Duration.ofSeconds(1), "http://127.0.0.1:" + port);
            List<Cell> cells = new ServiceScenario().run(params("virtual", 8, 20), lab);
            Cell throughput = metric(cells, "throughput");
            assertThat(throughput.samples()).hasSize(2)
                    .allSatisfy(s -> assertThat(s).isPositive().isLessThanOrEqualTo(8 * 20.0));
            assertThat(throughput.message()).contains("fixture: the lab's at http://127.0.0.1:" + port);
            Cell latency = metric(cells, "latency");
            assertThat(latency.percentiles().get("p50")).isGreaterThanOrEqualTo(50.0);
            assertThat(latency.percentiles().get("p50")).isLessThanOrEqualTo(latency.percentiles().get("p99"));
            assertThat(metric(cells, "errors").score()).isZero();
        } finally {
            vertx.close().await();
        }
    }

    @Test
    void aFixedPoolOfTwoCannotExceedTwoRequestsPerDelay() throws Exception {
        List<Cell> cells = new ServiceScenario().run(params("pool-n", 6, 2), ONE_SECOND);
        assertThat(metric(cells, "throughput").score()).isPositive().isLessThanOrEqualTo(40.0);
    }

    @Test
    void rejectsAnUnknownExecutorNamingTheValidOnes() {
        assertThatThrownBy(() -> new ServiceScenario().run(params("pool-7", 1, 1), ONE_SECOND))
                .hasMessage("unknown executor 'pool-7'; valid: pool-1, pool-n, virtual");
    }
}
