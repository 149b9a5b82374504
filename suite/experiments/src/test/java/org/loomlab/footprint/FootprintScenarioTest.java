package org.loomlab.footprint;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.loomlab.record.Cell;
import org.loomlab.scenario.Settings;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** The footprint scenario on real threads of this JVM, read back from the kernel's /proc. */
class FootprintScenarioTest {

    private static final Settings ONE_SECOND = new Settings(1, Duration.ofSeconds(1), null);

    private static Cell metric(List<Cell> cells, String metric) {
        return cells.stream().filter(c -> c.metric().equals(metric)).findFirst().orElseThrow();
    }

    @ParameterizedTest
    @ValueSource(strings = {"platform", "cached-pool"})
    void aKernelThreadPerTaskShowsAtLeastOneOsThreadPerTask(String executor) throws Exception {
        List<Cell> cells = new FootprintScenario().run(Map.of("executor", executor, "tasks", "200", "sleep", "1000"),
                ONE_SECOND);
        assertThat(cells).extracting(Cell::metric).containsExactly("peak-os-threads", "peak-rss", "cpu");
        // Every task sleeps through the whole second, so all 200 kernel threads are alive at once.
        assertThat(metric(cells, "peak-os-threads").score()).isGreaterThanOrEqualTo(200.0);
        assertThat(metric(cells, "peak-rss").score()).isPositive();
        assertThat(metric(cells, "cpu").score()).isGreaterThanOrEqualTo(0.0);
        assertThat(metric(cells, "peak-os-threads").message()).contains("200 tasks on " + executor, "baseline before start");
    }

    @Test
    void virtualThreadsAreSampledAsATimeSeries() throws Exception {
        List<Cell> cells = new FootprintScenario().run(Map.of("executor", "virtual", "tasks", "200", "sleep", "1000"),
                new Settings(2, Duration.ofMillis(500), null));
        Cell threads = metric(cells, "peak-os-threads");
        assertThat(threads.samples()).hasSize(2).allSatisfy(s -> assertThat(s).isPositive());
        assertThat(threads.percentiles().get("p50")).isLessThanOrEqualTo(threads.percentiles().get("max"));
        // Sampled every 100 ms over 0.5 s: the series holds the start, a few samples and the end.
        assertThat(threads.message().replaceAll(".*threads ([0-9,]+);.*", "$1").split(",")).hasSizeGreaterThan(3);
    }

    @Test
    void readsThisProcessFromProc() {
        ProcessStatus now = ProcessStatus.read();
        assertThat(now.threads()).isPositive();
        assertThat(now.rssBytes()).isPositive();
        assertThat(now.cpuNanos()).isPositive();
    }
}
