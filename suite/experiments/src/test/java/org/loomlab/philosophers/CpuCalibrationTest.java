package org.loomlab.philosophers;

import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class CpuCalibrationTest {

    /** A burner whose tokens cost a known time: each is 2 ns of spinning on the clock. */
    private static void spin(long tokens) {
        long end = System.nanoTime() + 2 * tokens;
        while (System.nanoTime() < end) {
            Thread.onSpinWait();
        }
    }

    @Test
    void findsTheTokensWhoseBurningTakesTheMealTime() {
        // 1 ms is 500,000 tokens of 2 ns; never more, since a call costs its tokens' time and then some. How many fewer
        // depends on how often the spinning thread loses its CPU, so no lower bound but one: a busy machine is no bug.
        long tokens = CpuCalibration.tokensFor(Duration.ofMillis(1), CpuCalibrationTest::spin);
        assertThat(tokens).isBetween(1L, 500_001L);
    }

    @Test
    void consumeCpuMealsBurnTheCalibratedTokensForAboutTheMealTime() throws Exception {
        Duration time = Duration.ofMillis(1);
        try (Meal meal = Workload.CONSUME_CPU.prepare(Kitchen.local().withMealTime(time).withCpu(CpuCalibrationTest::spin))) {
            assertThat(meal.cpuTokens()).isBetween(1L, 500_001L);
            long start = System.nanoTime();
            meal.eat();
            assertThat(System.nanoTime() - start).isGreaterThanOrEqualTo(2 * meal.cpuTokens());
        }
        assertThat(Workload.NOOP.prepare(Kitchen.local()).cpuTokens()).isZero();
    }

    @Test
    void consumeCpuWithoutABurnerSaysWhereOneComesFrom() {
        assertThatThrownBy(() -> Workload.CONSUME_CPU.prepare(Kitchen.local()))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("Blackhole.consumeCPU")
                .hasMessageContaining("philosophers benchmark");
    }
}
