package org.loomlab.plan;

import org.junit.jupiter.api.Test;
import org.loomlab.compare.VerdictRules;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

class DetectTest {

    @Test
    void judgesByTheDiffsOwnBandAndHolmsFirstLevelOverEveryRow() {
        assertThat(Detect.BAND).isEqualTo(VerdictRules.defaults().noise());
        Detect tenPercent = new Detect(0.10, 47);
        assertThat(tenPercent.halfWidth()).isCloseTo(1.10 / 1.02 - 1, within(1e-12));
        assertThat(tenPercent.confidence(0.95, 3)).isCloseTo(1 - 0.05 / 141, within(1e-12));
    }

    @Test
    void aChangeWithinTheBandCanNeverBeCalled() {
        assertThatThrownBy(() -> new Detect(0.02, 10)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("--detect 2 % is out of range; valid: above the diff's noise band of 2 % and below 100 %, e.g. 10%");
    }

    @Test
    void aRequestGivesOneStoppingTargetAndThePlanKeepsIt(@org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
        assertThatThrownBy(() -> new PlanRequest(null, List.of(), List.of(), 0.03, null, null, null, false, null, null,
                null, 0.10)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("--precision 3 % and --detect 10 % both say when a cell stops; valid: one of them");
        PlanRequest asked = new PlanRequest(null, List.of(), List.of(), null, null, null, null, false, null, null, null, 0.10);
        Policy policy = asked.policy(Profile.QUICK).forCells(2);
        assertThat(policy.detect()).isEqualTo(new Detect(0.10, 2));
        assertThat(policy.target()).isEqualTo(policy.detect().halfWidth());
        assertThat(asked.runArgs(Profile.QUICK)).containsSequence("--detect", "0.1");
        assertThat(asked.given()).containsExactly("--detect");

        List<CellPlan> none = List.of();
        RunPlan kept = RunPlan.of(Profile.QUICK, policy, new RunBudget(Duration.ofMinutes(5)), Duration.ofMinutes(1), none,
                Interleaving.NONE, new TurnOrder(7), List.of("a", "b"));
        kept.write(dir);
        assertThat(Files.readString(dir.resolve(RunPlan.FILE))).contains("\"detect\"");
        RunPlan read = RunPlan.read(dir).orElseThrow();
        assertThat(read.detect()).isEqualTo(0.10);
        // Read back, it is judged over the plan's own cells (none here: one at the least).
        assertThat(read.policy().detect()).isEqualTo(new Detect(0.10, 1));
    }
}
