package org.loomlab.run;

import org.junit.jupiter.api.Test;
import org.loomlab.plan.Catalogued;
import org.loomlab.plan.CellPlan;
import org.loomlab.plan.Policy;
import org.loomlab.plan.Profile;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ExperimentTest {

    @Test
    void quickProfileIsTheTalksCellsAtOneThousandByTenThousandOnTheTalksDinner() {
        List<CellPlan> cells = Catalogued.PHILOSOPHERS.cells(Profile.QUICK, Map.of());
        assertThat(cells).hasSize(2 * 2 * 7);
        assertThat(cells).allSatisfy(c -> assertThat(c.params())
                .containsEntry("philosophers", "1000").containsEntry("meals", "10000").containsEntry("mealtime", "16")
                .containsEntry("dinner", "talk"));
        assertThat(cells).extracting(CellPlan::params).doesNotHaveDuplicates();
    }

    @Test
    void bothDinnersSideBySideRunOneAfterTheOther() {
        List<CellPlan> cells = Catalogued.PHILOSOPHERS.cells(Profile.QUICK, Map.of("dinner", List.of("lab", "talk")));
        assertThat(cells).hasSize(2 * 2 * 7 * 2);
        // The two dinners of one cell run one after the other, so they see the same machine.
        assertThat(cells.get(0).label()).contains("dinner=lab");
        assertThat(cells.get(1).label()).isEqualTo(cells.get(0).label().replace("dinner=lab", "dinner=talk"));
    }

    @Test
    void everyProfileServesTheTalksDinnerUnlessAskedForTheLabs() {
        for (Profile profile : Profile.values()) {
            assertThat(Catalogued.PHILOSOPHERS.cells(profile, Map.of()))
                    .allSatisfy(c -> assertThat(c.params()).containsEntry("dinner", "talk"));
        }
        assertThat(Catalogued.PHILOSOPHERS.cells(Profile.QUICK, Map.of("dinner", List.of("lab"))))
                .allSatisfy(c -> assertThat(c.params()).containsEntry("dinner", "lab"));
    }

    @Test
    void mealTimeTakesDecimalMicrosecondsAboveZero() {
        List<CellPlan> cells = Catalogued.PHILOSOPHERS.cells(Profile.QUICK, Map.of("workload", List.of("active-wait"),
                "lock", List.of("reentrant"), "threads", List.of("virtual"), "dinner", List.of("talk"),
                "mealtime", List.of("16", "16.8")));
        assertThat(cells).extracting(c -> c.params().get("mealtime")).containsExactly("16", "16.8");
        assertThatThrownBy(() -> Catalogued.PHILOSOPHERS.cells(Profile.QUICK, Map.of("mealtime", List.of("0"))))
                .hasMessage("mealtime must be a number of microseconds > 0 (at least 0.001), e.g. 16 or 16.8, got '0'");
        assertThatThrownBy(() -> Catalogued.PHILOSOPHERS.cells(Profile.QUICK, Map.of("dinner", List.of("feast"))))
                .hasMessage("unknown dinner 'feast'; valid: lab, talk, arbiter");
    }

    @Test
    void everyCollectorButG1RunsOnlyWhenAskedForAndACellsCollectorIsAFlagOfItsJvm() {
        for (Profile profile : Profile.values()) {
            assertThat(Catalogued.PHILOSOPHERS.cells(profile, Map.of()))
                    .allSatisfy(c -> assertThat(c.params()).containsEntry("gc", "g1"));
        }
        List<CellPlan> z = Catalogued.PHILOSOPHERS.cells(Profile.SMOKE, Map.of("gc", List.of("z"), "lock",
                List.of("reentrant"), "threads", List.of("virtual"), "workload", List.of("noop")));
        assertThat(z).hasSize(1);
        assertThat(Catalogued.PHILOSOPHERS.jvmArgs(z.get(0).params())).containsExactly("-XX:+UseZGC");
        assertThatThrownBy(() -> Catalogued.PHILOSOPHERS.cells(Profile.QUICK, Map.of("gc", List.of("cms"))))
                .hasMessage("unknown gc 'cms'; valid: g1, parallel, serial, z, shenandoah");
    }

    @Test
    void theArbitersDinnerStartsNoThreadPerPhilosopherAndSaysItIsAnotherAlgorithm() {
        Map<String, String> arbiter = Map.of("threads", "platform", "dinner", "arbiter", "philosophers", "1000000");
        assertThat(Catalogued.PHILOSOPHERS.platformThreads(arbiter)).isEmpty();
        assertThat(Catalogued.PHILOSOPHERS.platformThreads(Map.of("threads", "platform", "dinner", "talk",
                "philosophers", "1000000"))).hasValue(1_000_000);
        assertThat(Catalogued.PHILOSOPHERS.note(arbiter)).contains("arbiter").contains("another algorithm");
        assertThat(Catalogued.PHILOSOPHERS.note(Map.of("dinner", "talk"))).isNull();
    }

    @Test
    void filtersKeepToExperimentsThatHaveTheAxis() {
        List<CellPlan> cells = Catalogued.EXPERIMENTS.plan(List.of(), Profile.QUICK, Map.of("lock", List.of("synchronized")));
        assertThat(cells).isNotEmpty().allSatisfy(c -> assertThat(c.params()).containsEntry("lock", "synchronized"));
    }

    @Test
    void aValueOnlyOneExperimentAcceptsSelectsThatExperiment() {
        List<CellPlan> cells = Catalogued.EXPERIMENTS.plan(List.of(), Profile.SMOKE, Map.of("executor", List.of("pool-1")));
        assertThat(cells).isNotEmpty().allSatisfy(c -> assertThat(c.experiment()).isEqualTo(Catalogued.SERVICE));
        assertThatThrownBy(() -> Catalogued.EXPERIMENTS.plan(List.of(), Profile.SMOKE, Map.of("executor", List.of("nope"))))
                .hasMessageStartingWith("unknown executor 'nope'; valid:");
    }

    @Test
    void namedExperimentsEachTakeTheParamsOnTheirOwnAxes() {
        List<CellPlan> cells = Catalogued.EXPERIMENTS.plan(List.of(Catalogued.PHILOSOPHERS, Catalogued.FOOTPRINT), Profile.QUICK,
                Map.of("dinner", List.of("lab"), "lock", List.of("reentrant"), "threads", List.of("virtual"),
                        "workload", List.of("noop"), "executor", List.of("virtual")));
        assertThat(cells).extracting(c -> c.experiment().label()).containsExactly("philosophers", "footprint");
        assertThat(cells.get(0).params()).containsEntry("dinner", "lab").doesNotContainKey("executor");
        assertThat(cells.get(1).params()).containsEntry("executor", "virtual").doesNotContainKey("dinner");
    }

    @Test
    void paramsNarrowAndSetAxes() {
        List<CellPlan> cells = Catalogued.PHILOSOPHERS.cells(Profile.SMOKE, Map.of(
                "lock", List.of("synchronized"), "threads", List.of("virtual"), "philosophers", List.of("5", "1_000")));
        assertThat(cells).hasSize(2 * 7);
        assertThat(cells).extracting(c -> c.params().get("philosophers")).containsOnly("5", "1000");
        assertThat(cells.get(0).label()).isEqualTo(
                "lock=synchronized threads=virtual workload=noop dinner=talk mealtime=16 philosophers=5 meals=100 connections=500"
                        + " gc=g1");
    }

    @Test
    void rejectsUnknownAxesAndValuesNamingTheValidOnes() {
        assertThatThrownBy(() -> Catalogued.PHILOSOPHERS.cells(Profile.QUICK, Map.of("seats", List.of("5"))))
                .hasMessage("unknown param 'seats' for philosophers; valid: lock, threads, workload, dinner, mealtime, philosophers,"
                        + " meals, connections, gc");
        assertThatThrownBy(() -> Catalogued.EXPERIMENTS.plan(List.of(), Profile.QUICK, Map.of("seats", List.of("5"))))
                .hasMessageStartingWith("unknown param 'seats'; valid: lock, threads, workload, dinner, mealtime, philosophers, meals");
        assertThatThrownBy(() -> Catalogued.EXPERIMENTS.plan(List.of(Catalogued.PHILOSOPHERS, Catalogued.FOOTPRINT),
                Profile.QUICK, Map.of("seats", List.of("5"))))
                .hasMessageStartingWith("unknown param 'seats' for philosophers, footprint; valid: lock, threads, workload, dinner");
        assertThatThrownBy(() -> Catalogued.PHILOSOPHERS.cells(Profile.QUICK, Map.of("philosophers", List.of("1"))))
                .hasMessage("philosophers must be a whole number >= 2, got '1'");
        assertThatThrownBy(() -> Catalogued.PHILOSOPHERS.cells(Profile.QUICK, Map.of("meals", List.of("lots"))))
                .hasMessage("meals must be a whole number >= 1, got 'lots'");
        assertThatThrownBy(() -> Profile.of("slow")).hasMessage("unknown profile 'slow'; valid: smoke, quick, full, scaled, talk");
    }

    @Test
    void jmhCommandCarriesEveryAxisAndTheProfile() {
        CellPlan plan = Catalogued.PHILOSOPHERS.cells(Profile.SMOKE, Map.of()).get(0);
        JmhCell cell = new JmhCell(new CellJvm(java.nio.file.Path.of("/jdk/bin/java"), java.nio.file.Path.of("b.jar"),
                List.of("-Xmx1g"), Profile.SMOKE, Policy.of(Profile.SMOKE), java.time.Duration.ofSeconds(5), "http://localhost:1",
                null));
        String cmd = String.join(" ", cell.command(plan, java.nio.file.Path.of("/r/jmh/cell-01.json")));
        assertThat(cmd).startsWith("/jdk/bin/java -jar b.jar ^org\\.loomlab\\.bench\\.PhilosophersBenchmark\\.dine$")
                .contains("-p lock=reentrant -p threads=platform -p workload=noop -p dinner=talk -p mealtime=16 -p philosophers=10"
                        + " -p meals=100 -p connections=500")
                .contains("-f 1 -wi 0 -w 100ms -i 3 -r 100ms")
                .contains("-rf json -rff /r/jmh/cell-01.json")
                .contains("-jvmArgs -Xmx1g")
                .contains("-jvmArgsAppend -XX:+UseG1GC -Dloomlab.cell=/r/jmh/cell-01.json")
                .contains("-Dloomlab.fixture=http://localhost:1");
    }
}
