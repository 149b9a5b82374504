package org.loomlab.service;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;
import org.loomlab.record.Cell;
import org.loomlab.record.CellStatus;
import org.loomlab.scenario.Settings;
import org.loomlab.scenario.VirtualScheduler;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The pinned-service scenario against the real fixture and real sockets, at smoke size. */
class PinnedServiceScenarioTest {

    private static final Settings ONE_SECOND = new Settings(1, Duration.ofSeconds(1), null);

    private static Map<String, String> params(String lock, String threads, int carriers) {
        return Map.of("lock", lock, "threads", threads, "connections", "12", "endpoints", "2", "delay", "50",
                "carriers", String.valueOf(carriers), "pool", "30");
    }

    private static Cell metric(List<Cell> cells, String metric) {
        return cells.stream().filter(c -> c.metric().equals(metric)).findFirst().orElseThrow();
    }

    @ParameterizedTest
    @CsvSource({"synchronized, virtual", "reentrant, virtual", "synchronized, platform"})
    void twoLockedEndpointsCannotServeMoreThanTwoCallsPerDelay(String lock, String threads) throws Exception {
        List<Cell> cells = new PinnedServiceScenario().run(params(lock, threads, VirtualScheduler.parallelism()), ONE_SECOND);
        assertThat(cells).extracting(Cell::metric)
                .containsExactly("throughput", "latency", "errors", "peak-os-threads", "peak-rss");
        assertThat(cells).allSatisfy(c -> assertThat(c.status()).isEqualTo(CellStatus.OK));
        // Each endpoint holds its lock through a 50 ms call: at most 2 x 20 answers in one second.
        assertThat(metric(cells, "throughput").score()).isPositive().isLessThanOrEqualTo(40.0);
        assertThat(metric(cells, "latency").percentiles().get("p50")).isGreaterThanOrEqualTo(50.0);
        assertThat(metric(cells, "errors").score()).isZero();
        assertThat(metric(cells, "peak-rss").score()).isPositive();
        assertThat(metric(cells, "peak-os-threads").score()).isPositive();
    }

    @Test
    void aPlatformPoolShowsItsThreadsInTheOsCount() throws Exception {
        List<Cell> cells = new PinnedServiceScenario().run(params("reentrant", "platform", 1), ONE_SECOND);
        // 12 connections keep 12 of the 30 pool threads started; the count is of the whole process.
        assertThat(metric(cells, "peak-os-threads").score()).isGreaterThanOrEqualTo(12.0);
    }

    @Test
    void refusesCarriersThisJvmDoesNotRunWith() {
        int other = VirtualScheduler.parallelism() + 3;
        assertThatThrownBy(() -> new PinnedServiceScenario().run(params("synchronized", "virtual", other), ONE_SECOND))
                .hasMessageStartingWith("carriers=" + other + " needs -Djdk.virtualThreadScheduler.parallelism=" + other);
    }
}
