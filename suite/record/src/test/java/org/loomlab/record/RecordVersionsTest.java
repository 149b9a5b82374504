package org.loomlab.record;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.node.ObjectNode;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Every committed record reads through the one versioned reader; a version it does not know is refused by name. */
class RecordVersionsTest {

    private static final Path RESULTS = Path.of("../../results");

    @TempDir
    Path tmp;

    @Test
    void everyCommittedRecordReadsAndSaysItsVersion() throws Exception {
        List<Path> records;
        try (Stream<Path> files = Files.walk(RESULTS)) {
            records = files.filter(f -> f.getFileName().toString().equals(ResultsLayout.RUN_JSON)).toList();
        }
        assertThat(records).hasSizeGreaterThan(100);
        for (Path file : records) {
            RunRecord r = RecordJson.read(file);
            assertThat(r.schema()).as(file.toString()).isBetween(1, RunRecord.SCHEMA_VERSION);
            // Lanes came with version 2: a version 1 record has none.
            if (r.schema() == 1) {
                assertThat(r.lanes()).as(file.toString()).isNull();
            }
        }
    }

    @Test
    void aVersionTwoRecordKeepsItsLanesAndAVersionItDoesNotKnowIsRefused() throws Exception {
        Path v1 = RESULTS.resolve("vm-epyc-2c-24g/temurin-25/bench-c/run.json");
        RunRecord lane = RecordJson.read(v1).withLanes(new Lanes("b", List.of("a", "b"), 42));
        RunRecord v2 = new RunRecord(RunRecord.SCHEMA_VERSION, lane.runId(), lane.started(), lane.finished(), lane.profile(),
                lane.status(), lane.host(), lane.jdk(), lane.suite(), lane.fixture(), lane.results(), lane.lanes());
        Path file = tmp.resolve("run.json");
        RecordJson.writeAtomically(file, v2);
        assertThat(RecordSchema.violations(file)).isEmpty();
        assertThat(RecordJson.read(file).lanes()).isEqualTo(new Lanes("b", List.of("a", "b"), 42));
        assertThat(RecordJson.read(file).tookTurnsWith(v2.withLanes(new Lanes("a", List.of("a", "b"), 42)))).isTrue();
        assertThat(RecordJson.read(file).tookTurnsWith(v2.withLanes(new Lanes("a", List.of("a", "b"), 43))))
                .as("another seed is another run").isFalse();

        ObjectNode future = (ObjectNode) RecordJson.mapper().readTree(file.toFile());
        future.put("schema", 99);
        Files.writeString(file, future.toString());
        assertThatThrownBy(() -> RecordJson.read(file)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage(file + " is a run record of schema 99; this loom-lab reads schema 1 to 3 (a newer loom-lab wrote it?)");
    }
}
