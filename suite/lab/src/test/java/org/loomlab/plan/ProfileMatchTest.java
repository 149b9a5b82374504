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
}
