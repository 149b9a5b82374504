package org.loomlab.plan;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class PlanRequestTest {

    private static PlanRequest asked(Duration budget, Duration runBudget, boolean noRunBudget, Duration timeout) {
        return new PlanRequest(null, List.of(), List.of(), null, budget, null, runBudget, noRunBudget, timeout, null, null, null);
    }

    @Test
    void aForkOfARunThatSharesItsTimeMayTakeThreeCellBudgets() {
        // quick: 40 s a cell within 30 min a run, so a fork stops after 2 min instead of the profile's 6.
        assertThat(asked(null, null, false, null).timeout(Profile.QUICK)).isEqualTo(Duration.ofMinutes(2));
        assertThat(asked(Duration.ofSeconds(30), Duration.ofHours(1), false, null).timeout(Profile.QUICK))
                .isEqualTo(Duration.ofSeconds(90));
    }

    @Test
    void withoutARunBudgetOrWithTimeoutGivenTheForkLimitIsAsBefore() {
        assertThat(asked(null, null, true, null).timeout(Profile.QUICK)).isEqualTo(Profile.QUICK.cellTimeout());
        // A budget a cell given alone turns the run budget off: a long dinner may take its time.
        assertThat(asked(Duration.ofMinutes(5), null, false, null).timeout(Profile.QUICK)).isEqualTo(Profile.QUICK.cellTimeout());
        assertThat(asked(null, null, false, Duration.ofMinutes(10)).timeout(Profile.QUICK)).isEqualTo(Duration.ofMinutes(10));
        assertThat(asked(null, null, false, null).timeout(Profile.SMOKE)).isEqualTo(Profile.SMOKE.cellTimeout());
        // Never longer than the profile's own limit.
        assertThat(asked(Duration.ofMinutes(10), Duration.ofHours(5), false, null).timeout(Profile.QUICK))
                .isEqualTo(Profile.QUICK.cellTimeout());
    }
}
