package org.loomlab.record;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** What a top-up leaves in a lane's record: its cells replaced in place, its sessions in the lanes block. */
class TopUpRecordTest {

    @Test
    void aToppedUpCellsRowsTakeThePlaceOfItsRecordedOnes() {
        RunRecord record = RecordSchemaTest.sample();
        Cell more = Cell.builder("philosophers", Map.of("lock", "reentrant"), "avgt", "ms/op").score(2.5)
                .samples(List.of(2.4, 2.6)).wallSeconds(9).rawFile("jmh/cell-01").build();
        Cell meal = Cell.builder("philosophers", Map.of("lock", "reentrant"), Cell.TABLE_MEAL_TIME, "us/meal").score(3.0)
                .samples(List.of(3.0)).wallSeconds(9).rawFile("jmh/cell-01").build();
        RunRecord topped = record.replacing(List.of(more, meal));
        assertThat(topped.results()).containsExactly(more, meal, record.results().get(1));
    }

    @Test
    void sessionsValidateReadBackEqualAndARecordWithoutThemLeavesThemOut(@TempDir Path dir) throws Exception {
        Lanes lanes = new Lanes("b", List.of("a", "b"), 42)
                .withSession(new Lanes.Session(Instant.parse("2026-12-01T10:00:00Z"), Instant.parse("2026-12-01T12:50:00Z"),
                        List.of(new Lanes.Rounds("philosophers", Map.of("lock", "reentrant"), 1, 3))))
                .withSession(new Lanes.Session(Instant.parse("2026-12-02T09:00:00Z"), Instant.parse("2026-12-02T10:00:00Z"),
                        List.of(new Lanes.Rounds("philosophers", Map.of("lock", "reentrant"), 4, 9))));
        Path file = dir.resolve("run.json");
        RunRecord record = RecordSchemaTest.sample().withLanes(lanes).finish(RunStatus.COMPLETE,
                Instant.parse("2026-12-02T10:00:00Z"));
        RecordJson.writeAtomically(file, record);
        assertThat(RecordSchema.violations(file)).isEmpty();
        assertThat(RecordJson.read(file)).isEqualTo(record);
        assertThat(lanes.as("a").sessions()).isEqualTo(lanes.sessions());

        RecordJson.writeAtomically(file, record.withLanes(new Lanes("b", List.of("a", "b"), 42)));
        assertThat(Files.readString(file)).doesNotContain("sessions");
        assertThat(RecordJson.read(file).lanes().sessions()).isEmpty();
    }
}
