package org.loomlab.plan;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;
import org.loomlab.record.RecordJson;
import org.loomlab.record.RunRecord;

import java.nio.file.Path;

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
