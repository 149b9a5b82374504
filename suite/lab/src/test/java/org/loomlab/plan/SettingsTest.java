package org.loomlab.plan;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class SettingsTest {

    private static PlanRequest asked(String... params) {
        return new PlanRequest(null, List.of("philosophers"), List.of(params), 0.001, Duration.ofSeconds(70), 0.999,
                null, true, null, null, 100, null);
    }

    @Test
    void eachCellRunsOncePerSettingsOneAfterTheOtherAndTheBenchmarkNeverSeesTheAxis() {
        List<CellPlan> plans = asked("lock=reentrant", "threads=virtual,platform", "workload=noop", "dinner=talk",
                "settings=talk,quick").cells(Catalogued.EXPERIMENTS, Profile.QUICK);
        assertThat(plans).extracting(p -> p.params().get("threads") + "/" + p.params().get("settings"))
                .containsExactly("virtual/talk", "virtual/quick", "platform/talk", "platform/quick");
        assertThat(plans).allSatisfy(p -> {
            assertThat(p.benchmarkParams()).doesNotContainKey(Settings.AXIS).containsEntry("lock", "reentrant");
            assertThat(p.params()).hasSize(p.benchmarkParams().size() + 1);
        });
        assertThat(Settings.of(plans.get(0), Profile.QUICK)).isEqualTo(Profile.TALK);
        assertThat(Settings.of(plans.get(1), Profile.QUICK)).isEqualTo(Profile.QUICK);
        // Without the axis nothing changes: the cells are as planned, their params as the benchmark reads them.
        List<CellPlan> plain = asked("lock=reentrant", "workload=noop").cells(Catalogued.EXPERIMENTS, Profile.QUICK);
        assertThat(plain).allSatisfy(p -> assertThat(p.benchmarkParams()).isSameAs(p.params()));
        assertThat(Settings.of(plain.get(0), Profile.QUICK)).isEqualTo(Profile.QUICK);
    }

    @Test
    void theRunsProfileKeepsTheOverridesAndAnotherKeepsItsOwnPolicyAtTheRunsConfidence() {
        Policy run = asked().policy(Profile.QUICK);
        assertThat(run.maxForks()).isEqualTo(100);
        assertThat(run.budget()).isEqualTo(Duration.ofSeconds(70));
        assertThat(Settings.policy(Profile.QUICK, Profile.QUICK, run)).isSameAs(run);
        Policy talk = Settings.policy(Profile.TALK, Profile.QUICK, run);
        assertThat(talk).isEqualTo(new Policy(0.999, null, 1, 1, Duration.ofSeconds(70)));
        assertThat(Settings.timeout(Profile.TALK, Profile.QUICK, Duration.ofMinutes(6))).isEqualTo(Profile.TALK.cellTimeout());
    }

    @Test
    void aBadValueOrInterleavingOnTheAxisIsAOneLineError() {
        assertThatThrownBy(() -> asked("settings=talk,fast").cells(Catalogued.EXPERIMENTS, Profile.QUICK))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("unknown settings 'fast'; valid: smoke, quick, full, scaled, talk");
        PlanRequest interleaved = new PlanRequest(null, List.of("philosophers"), List.of("settings=talk,quick"), null,
                null, null, null, false, null, "settings", null, null);
        List<CellPlan> plans = interleaved.cells(Catalogued.EXPERIMENTS, Profile.QUICK);
        assertThatThrownBy(() -> interleaved.interleaving(plans)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("--interleave settings: ").hasMessageNotContaining("\n");
    }

    @Test
    void aMaximumOfForksBelowTheProfilesMinimumLowersBoth() {
        Policy quick = Policy.of(Profile.QUICK);
        assertThat(quick.withMaxForks(40)).isEqualTo(new Policy(0.95, 0.05, 8, 40, Duration.ofSeconds(40)));
        assertThat(quick.withMaxForks(3)).isEqualTo(new Policy(0.95, 0.05, 3, 3, Duration.ofSeconds(40)));
        assertThatThrownBy(() -> quick.withMaxForks(0)).hasMessage("--max-forks 0 is out of range; valid: 1 or more");
    }

    @Test
    void aResumedRunPlansTheSameCellsUnderTheSameSettings() {
        PlanRequest request = asked("lock=reentrant", "threads=virtual", "workload=noop", "settings=talk,quick");
        List<CellPlan> plans = request.cells(Catalogued.EXPERIMENTS, Profile.QUICK);
        RunPlan kept = RunPlan.of(Profile.QUICK, request.policy(Profile.QUICK), RunBudget.none(), Duration.ofMinutes(6),
                plans, Interleaving.NONE, TurnOrder.seeded(1L), List.of());
        assertThat(kept.cellPlans(Catalogued.EXPERIMENTS)).extracting(CellPlan::params)
                .containsExactlyElementsOf(plans.stream().map(CellPlan::params).toList());
        assertThat(kept.policy().maxForks()).isEqualTo(100);
        assertThat(request.runArgs(Profile.QUICK)).containsSequence("--max-forks", "100");
        assertThat(request.given()).contains("--max-forks", "--param");
    }
}
