package org.loomlab.record;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Schema 3: each fork's round and the cell's variance components, through JSON and the schema; older records' rounds. */
class ForkRoundsTest {

    private static Cell pooled() {
        return Cell.builder("philosophers", Map.of("lock", "reentrant"), "avgt", "ms/op").score(10.0).wallSeconds(40)
                .build().withMeasurement(10.0, null, null, null,
                        List.of(List.of(9.8, 10.0), List.of(10.4, 10.2), List.of(9.6, 9.9)), null)
                .inRounds(List.of(1, 2, 4));
    }

    @Test
    void aRecordWithRoundsAndComponentsRoundTripsThroughJsonAndTheSchema(@TempDir Path dir) throws Exception {
        Cell cell = pooled();
        VarianceComponents split = VarianceComponents.ofCell(cell).withCosts(10.0, 2.0);
        cell = cell.withComponents(split);
        RunRecord record = RecordSchemaTest.sample().withCell(cell);
        Path file = dir.resolve("run.json");
        RecordJson.writeAtomically(file, record);
        assertThat(RecordSchema.violations(file)).isEmpty();
        RunRecord back = RecordJson.read(file);
        assertThat(back).isEqualTo(record);
        assertThat(back.results().get(2).forkRounds()).containsExactly(1, 2, 4);
        assertThat(back.results().get(2).rounds()).containsExactly(1, 2, 4);
        assertThat(back.results().get(2).components().optimalIterations()).isNotNull();

        ObjectNode json = (ObjectNode) RecordJson.mapper().readTree(file.toFile());
        assertThat(json.get("results").get(0).has("fork_rounds")).as("a cell without rounds leaves them out").isFalse();
        assertThat(json.get("results").get(0).has("components")).isFalse();
        ((ArrayNode) json.get("results").get(2).get("fork_rounds")).set(0, 0);
        assertThat(RecordSchema.violations(json)).anyMatch(v -> v.contains("fork_rounds"));
    }

    @Test
    void recordsBeforeSchemaThreeReadTheirForksRoundsAsTheirPositions() throws Exception {
        Path v2 = Path.of("../../results/vm-xeon-2c-24g/openjdk-21/turns-21-25-b/run.json");
        RunRecord r = RecordJson.read(v2);
        assertThat(r.schema()).isEqualTo(2);
        Cell c = r.results().stream().filter(x -> x.forks().size() >= 2).findFirst().orElseThrow();
        assertThat(c.forkRounds()).isNull();
        assertThat(c.rounds()).hasSize(c.forks().size()).startsWith(1, 2).isSorted();
        assertThat(c.rounds().get(c.rounds().size() - 1)).isEqualTo(c.forks().size());
        // Read and written back, an old record is as it was: no rounds or components appear in it.
        assertThat(RecordJson.mapper().writeValueAsString(r)).doesNotContain("fork_rounds").doesNotContain("\"components\"");
    }

    @Test
    void roundsAreOneAForkRisingFromOneAndAPooledCellForgetsItsLastForksRound() {
        assertThatThrownBy(() -> pooled().inRounds(List.of(1, 2))).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("2 fork rounds [1, 2] for 3 forks");
        assertThatThrownBy(() -> pooled().inRounds(List.of(1, 3, 3))).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("not rising");
        Cell fork = Cell.builder("x", Map.of(), "avgt", "ms/op").samples(List.of(1.0)).build().inRound(5);
        assertThat(fork.rounds()).containsExactly(5);
        Cell repooled = fork.withMeasurement(1.0, null, null, null, List.of(List.of(1.0), List.of(2.0)), null);
        assertThat(repooled.forkRounds()).isNull();
        assertThat(repooled.rounds()).containsExactly(1, 2);
    }

    @Test
    void aFileWithoutRoundsIsReadWithTheSchemaAsBefore(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("run.json");
        RecordJson.writeAtomically(file, RecordSchemaTest.sample());
        assertThat(Files.readString(file)).doesNotContain("fork_rounds");
        assertThat(RecordSchema.violations(file)).isEmpty();
    }
}
