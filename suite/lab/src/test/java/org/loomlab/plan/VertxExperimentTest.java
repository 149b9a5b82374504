package org.loomlab.plan;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class VertxExperimentTest {

    @Test
    void quickProfileRunsNoopAndActiveWaitForEveryThreadingAndVariant() {
        List<CellPlan> cells = Catalogued.VERTX_PHILOSOPHERS.cells(Profile.QUICK, Map.of());
        assertThat(cells).hasSize(8).allSatisfy(c -> assertThat(c.params())
                .containsEntry("lock", "vertx-local").containsEntry("philosophers", "1000").containsEntry("meals", "10000"));
        assertThat(cells).extracting(c -> c.params().get("workload")).containsOnly("noop", "active-wait");
        assertThat(cells.get(0).label())
                .isEqualTo("lock=vertx-local threads=event-loop variant=talk workload=noop mealtime=16 philosophers=1000 meals=10000"
                        + " connections=500");
    }

    @Test
    void smokeProfileRunsEveryWorkloadAtATinyTable() {
        List<CellPlan> cells = Catalogued.VERTX_PHILOSOPHERS.cells(Profile.SMOKE, Map.of());
        assertThat(cells).hasSize(16).allSatisfy(c -> assertThat(c.params())
                .containsEntry("philosophers", "5").containsEntry("meals", "100"));
    }

    @Test
    void scaledProfileComparesTalkAndScalableAtTenAndOneHundredThousand() {
        List<CellPlan> cells = Catalogued.VERTX_PHILOSOPHERS.cells(Profile.SCALED, Map.of());
        assertThat(cells).hasSize(8).allSatisfy(c -> assertThat(c.params())
                .containsEntry("workload", "noop").containsEntry("meals", "10000"));
        assertThat(cells).extracting(c -> c.params().get("philosophers")).containsOnly("10000", "100000");
        assertThat(cells).extracting(c -> c.params().get("variant")).containsOnly("talk", "scalable");
    }

    @Test
    void valuesOfOneExperimentKeepToTheExperimentsThatTakeThem() {
        assertThat(Catalogued.EXPERIMENTS.plan(List.of(), Profile.QUICK, Map.of("threads", List.of("virtual"))))
                .extracting(CellPlan::experiment).contains(Catalogued.PHILOSOPHERS)
                .doesNotContain(Catalogued.VERTX_PHILOSOPHERS);
        assertThat(Catalogued.EXPERIMENTS.plan(List.of(), Profile.QUICK, Map.of("lock", List.of("vertx-local"))))
                .isNotEmpty().allSatisfy(c -> assertThat(c.experiment()).isEqualTo(Catalogued.VERTX_PHILOSOPHERS));
        assertThat(Catalogued.EXPERIMENTS.plan(List.of(), Profile.QUICK, Map.of("workload", List.of("noop"))))
                .extracting(CellPlan::experiment).contains(Catalogued.PHILOSOPHERS, Catalogued.VERTX_PHILOSOPHERS);
        assertThatThrownBy(() -> Catalogued.EXPERIMENTS.plan(List.of(), Profile.QUICK, Map.of("lock", List.of("spin"))))
                .hasMessageStartingWith("unknown lock 'spin'; valid: ");
        assertThatThrownBy(() -> Catalogued.VERTX_PHILOSOPHERS.cells(Profile.QUICK, Map.of("variant", List.of("fast"))))
                .hasMessage("unknown variant 'fast'; valid: talk, scalable");
    }

    @Test
    void eventLoopCellsThatBlockSaySoInTheirMessage() {
        Experiment e = Catalogued.VERTX_PHILOSOPHERS;
        assertThat(e.note(Map.of("threads", "event-loop", "workload", "sleep"))).contains("blocks its vert.x event loops");
        assertThat(e.note(Map.of("threads", "event-loop", "workload", "noop"))).isNull();
        assertThat(e.note(Map.of("threads", "virtual-verticle", "workload", "sleep"))).isNull();
        assertThat(Catalogued.PHILOSOPHERS.note(Map.of("threads", "platform", "workload", "sleep"))).isNull();
    }
}
