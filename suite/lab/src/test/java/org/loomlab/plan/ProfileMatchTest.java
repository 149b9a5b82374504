package org.loomlab.plan;

import org.junit.jupiter.api.Test;
import org.loomlab.catalogue.ExperimentSpec;
import org.loomlab.record.RecordJson;
import org.loomlab.record.RunRecord;
import tools.jackson.databind.node.ObjectNode;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class ProfileMatchTest {

    private static final Path QUICK_RUN = Path.of("../../results/vm-epyc-2c-24g/temurin-25/bench-b/run.json");

    @Test
    void aQuickRunsCellsMatchQuick() throws Exception {
        assertThat(ProfileMatch.violations(RecordJson.read(QUICK_RUN), Catalogued.EXPERIMENTS)).isEmpty();
    }

    @Test
    void aSmokeCellInAQuickRecordIsNamedWithTheProfileItCameFrom() throws Exception {
        ObjectNode tree = (ObjectNode) RecordJson.mapper().readTree(QUICK_RUN.toFile());
        ObjectNode precision = (ObjectNode) tree.get("results").get(0).get("precision");
        precision.put("samples_per_fork", 3).put("warmup_discarded", 0);
        RunRecord mixed = RecordJson.mapper().treeToValue(tree, RunRecord.class);
        assertThat(ProfileMatch.violations(mixed, Catalogued.EXPERIMENTS)).singleElement().asString()
                .startsWith("philosophers lock=reentrant threads=platform workload=noop")
                .contains("3 samples a fork after 0 warm-up (profile smoke), not the 2 after 1 of profile quick");
    }

    @Test
    void aCellWarmedUpForAnotherTimeThanItsProfileSaysIsNamed() throws Exception {
        ObjectNode tree = (ObjectNode) RecordJson.mapper().readTree(QUICK_RUN.toFile());
        ((ObjectNode) tree.get("results").get(0).get("precision")).put("warmup_seconds", 1.0);
        ((ObjectNode) tree.get("results").get(1).get("precision")).put("warmup_seconds", 3.0);
        RunRecord record = RecordJson.mapper().treeToValue(tree, RunRecord.class);
        assertThat(ProfileMatch.violations(record, Catalogued.EXPERIMENTS)).singleElement().asString()
                .startsWith("philosophers lock=reentrant threads=platform workload=noop")
                .endsWith("warmed up 1 s a fork, not the 3 s of profile quick");
    }

    @Test
    void aCellWhoseRulesAskForALongerWarmUpMatchesWithItAndAsMeasuredBeforeTheyAsked() throws Exception {
        Path run = Path.of("../../results/vm-epyc-2c-24g/temurin-25/bench-k/run.json");
        assertThat(ProfileMatch.violations(RecordJson.read(run), Catalogued.EXPERIMENTS)).isEmpty();
        ObjectNode tree = (ObjectNode) RecordJson.mapper().readTree(run.toFile());
        tree.get("results").forEach(c -> {
            if (c.get("experiment").asString().equals("coroutine-philosophers") && c.hasNonNull("precision")) {
                ((ObjectNode) c.get("precision")).put("warmup_seconds", 9.0);
            }
        });
        assertThat(ProfileMatch.violations(RecordJson.mapper().treeToValue(tree, RunRecord.class), Catalogued.EXPERIMENTS))
                .isEmpty();
        ((ObjectNode) tree.get("results").get(0).get("precision")).put("warmup_seconds", 2.0);
        assertThat(ProfileMatch.violations(RecordJson.mapper().treeToValue(tree, RunRecord.class), Catalogued.EXPERIMENTS))
                .singleElement().asString().endsWith("warmed up 2 s a fork, not the 3 s of profile quick");
    }

    @Test
    void theWarmUpAnExperimentsRulesAskForLengthensForksOfProfilesThatAimAtAPrecision() {
        Experiment coroutines = Catalogued.EXPERIMENTS.of("coroutine-philosophers");
        Map<String, String> cell = Map.of("dispatcher", "default", "workload", "active-wait");
        ForkShape quick = Profile.QUICK.forkShape(coroutines, cell);
        assertThat(quick).isEqualTo(new ForkShape(2, 1, Duration.ofSeconds(9)));
        assertThat(Profile.QUICK.jmhOptions(quick)).containsSequence("-wi", "1", "-w", "9000ms", "-i", "2", "-r", "1s");
        // full warms up in two 2 s iterations: one of 9 s instead
        assertThat(Profile.FULL.forkShape(coroutines, cell)).isEqualTo(new ForkShape(3, 1, Duration.ofSeconds(9)));
        // a smoke proves the pipeline and the talk's settings are the talk's: theirs stay
        assertThat(Profile.SMOKE.forkShape(coroutines, cell)).isEqualTo(Profile.SMOKE.forkShape(coroutines.kind()));
        assertThat(Profile.TALK.forkShape(coroutines, cell)).isEqualTo(Profile.TALK.forkShape(coroutines.kind()));
        // a cell no rule asks for more keeps the profile's, and its options are the profile's own
        Map<String, String> noop = Map.of("lock", "reentrant", "threads", "virtual", "workload", "noop");
        ForkShape plain = Profile.QUICK.forkShape(Catalogued.PHILOSOPHERS, noop);
        assertThat(plain).isEqualTo(Profile.QUICK.forkShape(ExperimentSpec.Kind.JMH));
        assertThat(Profile.QUICK.jmhOptions(plain)).isEqualTo(Profile.QUICK.jmhOptions());
        assertThat(Profile.QUICK.jmhOptions()).containsSequence("-wi", "1", "-w", "3s");
        // the HTTP dinners warm up longer, the others of the same experiment do not
        Map<String, String> http = Map.of("lock", "reentrant", "threads", "platform", "workload", "http-okhttp");
        assertThat(Profile.QUICK.forkShape(Catalogued.PHILOSOPHERS, http).warmup()).isEqualTo(Duration.ofSeconds(9));
    }

    @Test
    void aRecordMadeUnderQuicksEarlierThreeWarmUpsMatchesItAndNoOtherCountDoes() throws Exception {
        // Made at 4705787, when quick warmed up in three 1 s iterations; its talk cells match the talk's settings.
        Path w3 = Path.of("../../results/vm-epyc-2c-24g/temurin-25/equal-time-one-run-w3/run.json");
        assertThat(ProfileMatch.violations(RecordJson.read(w3), Catalogued.EXPERIMENTS)).isEmpty();
        ObjectNode tree = (ObjectNode) RecordJson.mapper().readTree(w3.toFile());
        for (var cell : tree.get("results")) {
            if ("quick".equals(cell.get("params").path(Settings.AXIS).asString()) && cell.hasNonNull("precision")) {
                ((ObjectNode) cell.get("precision")).put("warmup_discarded", 2);
                break;
            }
        }
        assertThat(ProfileMatch.violations(RecordJson.mapper().treeToValue(tree, RunRecord.class), Catalogued.EXPERIMENTS))
                .singleElement().asString().contains("2 samples a fork after 2 warm-up, not the 2 after 1 of profile quick");
    }

    @Test
    void eachCellOfARunUnderTwoSettingsMatchesTheProfileItNames() throws Exception {
        Path oneRun = Path.of("../../results/vm-epyc-2c-24g/temurin-25/equal-time-one-run/run.json");
        RunRecord record = RecordJson.read(oneRun);
        assertThat(record.primaryCells()).extracting(c -> c.params().get(Settings.AXIS)).contains("talk", "quick");
        assertThat(ProfileMatch.violations(record, Catalogued.EXPERIMENTS)).isEmpty();
        // Judged against the run's profile alone, the talk's cells would not match it.
        ObjectNode tree = (ObjectNode) RecordJson.mapper().readTree(oneRun.toFile());
        tree.get("results").forEach(c -> ((ObjectNode) c.get("params")).remove(Settings.AXIS));
        assertThat(ProfileMatch.violations(RecordJson.mapper().treeToValue(tree, RunRecord.class), Catalogued.EXPERIMENTS))
                .isNotEmpty().allSatisfy(v -> assertThat(v).contains("5 samples a fork after 2 warm-up (profile talk)"));
    }
}
