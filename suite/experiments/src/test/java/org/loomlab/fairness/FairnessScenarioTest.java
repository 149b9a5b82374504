package org.loomlab.fairness;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
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

class FairnessScenarioTest {

    private static final Settings TWO_ROUNDS = new Settings(2, Duration.ofSeconds(1), null);

    private static Map<String, String> params(String threads, int parallelism) {
        return Map.of("threads", threads, "parallelism", String.valueOf(parallelism), "tasks", "50", "work", "100");
    }

    @ParameterizedTest
    @ValueSource(strings = {"platform", "virtual"})
    void sumsNonNegativeLightWaitsBoundedByTheRoundsWallTime(String threads) throws Exception {
        long start = System.nanoTime();
        List<Cell> cells = new FairnessScenario().run(params(threads, VirtualScheduler.parallelism()), TWO_ROUNDS);
        double wallMs = (System.nanoTime() - start) / 1e6;

        assertThat(cells).singleElement().satisfies(cell -> {
            assertThat(cell.status()).isEqualTo(CellStatus.OK);
            assertThat(cell.metric()).isEqualTo("light-wait-sum");
            assertThat(cell.samples()).hasSize(2);
            // 50 light tasks, each waiting at most as long as the whole scenario ran.
            assertThat(cell.samples()).allSatisfy(sum -> assertThat(sum).isBetween(0.0, 50 * wallMs));
            assertThat(cell.percentiles()).containsKeys("p50", "p99", "max");
            assertThat(cell.percentiles().get("p50")).isGreaterThanOrEqualTo(0.0)
                    .isLessThanOrEqualTo(cell.percentiles().get("p99"));
            assertThat(cell.percentiles().get("p99")).isLessThanOrEqualTo(cell.percentiles().get("max"));
            assertThat(cell.percentiles().get("max")).isLessThanOrEqualTo(wallMs);
            assertThat(cell.message()).contains(threads + " threads");
        });
    }

    @Test
    void refusesAParallelismThisJvmDoesNotRunWith() {
        int other = VirtualScheduler.parallelism() + 1;
        assertThatThrownBy(() -> new FairnessScenario().run(params("virtual", other), TWO_ROUNDS))
                .hasMessageContaining("parallelism=" + other + " needs -Djdk.virtualThreadScheduler.parallelism=" + other);
    }

    @Test
    void namesAMissingAxis() {
        assertThatThrownBy(() -> new FairnessScenario().run(Map.of("threads", "virtual"), TWO_ROUNDS))
                .hasMessageStartingWith("fairness needs param 'parallelism'");
    }
}
