package org.loomlab.plan;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.time.Duration;
import java.util.Arrays;
import java.util.List;

import static java.time.Duration.ofMinutes;
import static java.time.Duration.ofSeconds;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Pins every profile's settings: a profile is what a record's cells were measured under, so changing one is a
 * decision to make on purpose (and to write down), never a side effect of how the constants are written.
 */
class ProfileTest {

    /** label, target, forks, budget, warm-up, measurement, fork timeout, scenario windows, run budget. */
    private static List<Object> settings(Profile p) {
        return Arrays.asList(p.label(), p.target, p.minForks, p.maxForks, p.budget, p.warmupIterations, p.warmupTime,
                p.iterations, p.iterationTime, p.forkTimeout, p.warmupWindows, p.windows, p.windowTime, p.runBudget);
    }

    private static List<Object> pinned(Profile p) {
        return switch (p) {
            case SMOKE -> Arrays.asList("smoke", null, 1, 1, ofSeconds(5), 0, "100ms", 3, "100ms", ofSeconds(90),
                    0, 2, ofSeconds(1), null);
            case QUICK -> Arrays.asList("quick", 0.05, 8, 10, ofSeconds(40), 1, "3s", 2, "1s", ofMinutes(6),
                    1, 1, ofSeconds(3), ofMinutes(30));
            case FULL -> Arrays.asList("full", 0.02, 5, 20, ofMinutes(5), 2, "2s", 3, "2s", ofMinutes(30),
                    1, 2, ofSeconds(60), null);
            case SCALED -> Arrays.asList("scaled", 0.05, 2, 5, ofMinutes(3), 1, "1s", 2, "1s", ofMinutes(30),
                    1, 1, ofSeconds(5), null);
            case TALK -> Arrays.asList("talk", null, 1, 1, ofSeconds(70), 2, "10s", 5, "10s", ofMinutes(30),
                    1, 3, ofSeconds(10), null);
        };
    }

    @ParameterizedTest
    @EnumSource(Profile.class)
    void keepsItsSettings(Profile p) {
        assertThat(settings(p)).containsExactlyElementsOf(pinned(p));
    }

    @ParameterizedTest
    @EnumSource(Profile.class)
    void plansItsCellsFromThem(Profile p) {
        Duration planned = switch (p) {
            case SMOKE -> Duration.ofMillis(1_800);
            case QUICK -> ofSeconds(52);
            case FULL -> Duration.ofMillis(57_500);
            case SCALED -> ofSeconds(9);
            case TALK -> Duration.ofMillis(71_500);
        };
        assertThat(p.plannedCellTime()).isEqualTo(planned);
        assertThat(p.jmhOptions()).containsExactly("-f", "1", "-wi", String.valueOf(p.warmupIterations), "-w",
                p.warmupTime, "-i", String.valueOf(p.iterations), "-r", p.iterationTime);
    }
}
