package org.loomlab.run;

import org.junit.jupiter.api.Test;
import org.loomlab.plan.Catalogued;
import org.loomlab.plan.CellPlan;
import org.loomlab.plan.Experiment;
import org.loomlab.plan.Policy;
import org.loomlab.plan.Profile;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class ScenarioExperimentsTest {

    private static String command(Experiment e, Profile profile, Map<String, List<String>> filters) {
        CellPlan plan = e.cells(profile, filters).get(0);
        ScenarioCell cell = new ScenarioCell(new CellJvm(Path.of("/jdk/bin/java"), Path.of("b.jar"), List.of("-Xmx1g"), profile,
                Policy.of(profile), Duration.ofSeconds(5), null, null));
        return String.join(" ", cell.command(plan, Path.of("/r/scenarios/cell-01.json")));
    }

    @Test
    void quickProfileRunsEveryScenarioAtItsAxes() {
        assertThat(Catalogued.FAIRNESS.cells(Profile.QUICK, Map.of())).hasSize(2)
                .allSatisfy(c -> assertThat(c.params()).containsEntry("tasks", "1000").containsEntry("work", "100")
                        .containsEntry("parallelism", String.valueOf(Runtime.getRuntime().availableProcessors())));
        assertThat(Catalogued.FAIRNESS.cells(Profile.FULL, Map.of()))
                .allSatisfy(c -> assertThat(c.params()).containsEntry("work", "1000"));
        assertThat(Catalogued.SERVICE.cells(Profile.QUICK, Map.of())).hasSize(9)
                .extracting(c -> c.params().get("users")).containsOnly("1", "20", "200");
        assertThat(Catalogued.PINNED_SERVICE.cells(Profile.QUICK, Map.of())).hasSize(4)
                .allSatisfy(c -> assertThat(c.params()).containsEntry("connections", "200"));
        assertThat(Catalogued.PINNED_SERVICE.cells(Profile.FULL, Map.of()))
                .allSatisfy(c -> assertThat(c.params()).containsEntry("connections", "1000"));
        assertThat(Catalogued.FOOTPRINT.cells(Profile.QUICK, Map.of())).hasSize(4)
                .extracting(c -> c.params().get("executor")).containsExactly("platform", "virtual", "cached-pool", "virtual-per-task");
    }

    @Test
    void schedulerAxesBecomeJvmFlagsBeforeTheScenarioMain() {
        assertThat(command(Catalogued.FAIRNESS, Profile.SMOKE, Map.of("parallelism", List.of("7"))))
                .startsWith("/jdk/bin/java -Xmx1g -Djdk.virtualThreadScheduler.parallelism=7 ")
                .contains("org.loomlab.scenario.ScenarioMain fairness --out /r/scenarios/cell-01.json --samples 2")
                .endsWith("threads=platform parallelism=7 tasks=50 work=100");
        assertThat(command(Catalogued.PINNED_SERVICE, Profile.SMOKE, Map.of("threads", List.of("virtual"))))
                .contains("-Djdk.virtualThreadScheduler.parallelism=16 -Djdk.virtualThreadScheduler.maxPoolSize=16");
        assertThat(command(Catalogued.PINNED_SERVICE, Profile.SMOKE, Map.of("threads", List.of("platform"))))
                .doesNotContain("virtualThreadScheduler");
    }

    @Test
    void serviceScenariosNeedTheFixtureAndOthersDoNot() {
        assertThat(Catalogued.SERVICE.needsFixture(Map.of())).isTrue();
        assertThat(Catalogued.PINNED_SERVICE.needsFixture(Map.of())).isTrue();
        assertThat(Catalogued.FAIRNESS.needsFixture(Map.of())).isFalse();
        assertThat(Catalogued.FOOTPRINT.needsFixture(Map.of())).isFalse();
    }
}
