package org.loomlab.record;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class RecordSchemaTest {

    static RunRecord sample() {
        Host host = new Host("lab-1", "amd64", "CPU", 2, 1L << 34, "6.1", "Debian", null, null, null);
        Jdk jdk = new Jdk("temurin-25", "Eclipse Adoptium", 25, "25.0.3+9", "OpenJDK 64-Bit Server VM", "25.0.3+9",
                List.of("-Xmx4g"), "/jdk", 2, 2, 4L << 30, null, null);
        Cell ok = Cell.builder("philosophers", Map.of("lock", "reentrant"), "avgt", "ms/op").score(2.0).error(0.1)
                .interval(1.9, 2.1).samples(List.of(1.9, 2.0, 2.1)).wallSeconds(3.5).rawFile("jmh/cell-01.json").build();
        Cell timedOut = Cell.unmeasured("philosophers", Map.of("lock", "synchronized"), "avgt", "ms/op",
                CellStatus.TIMEOUT, "exceeded 5s", 5.0, null);
        return new RunRecord(RunRecord.SCHEMA_VERSION, "r1", Instant.parse("2026-11-22T10:00:00Z"), null, "smoke",
                RunStatus.RUNNING, host, jdk, new Suite("0.1.0", null, null), null, List.of(ok)).withCell(timedOut);
    }

    @Test
    void aWrittenRecordValidatesAndReadsBackEqual(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("run.json");
        RunRecord record = sample().finish(RunStatus.COMPLETE, Instant.parse("2026-11-22T10:05:00Z"));
        RecordJson.writeAtomically(file, record);
        assertThat(RecordSchema.violations(file)).isEmpty();
        assertThat(RecordJson.read(file)).isEqualTo(record);
        try (var files = Files.list(dir)) {
            assertThat(files).containsExactly(file);
        }
    }

    @Test
    void rejectsAnOkCellWithoutScoreAndAFailedCellWithoutMessage() throws Exception {
        JsonNode json = RecordJson.mapper().valueToTree(sample());
        ((ObjectNode) json.get("results").get(0)).putNull("score");
        ((ObjectNode) json.get("results").get(1)).putNull("message");
        assertThat(RecordSchema.violations(json)).hasSizeGreaterThanOrEqualTo(2);
    }

    @Test
    void aCellWithAPinningSummaryValidatesAndReadsBackEqual(@TempDir Path dir) throws Exception {
        Pinning pinning = new Pinning(3, Map.of("VM call to Foo.<clinit> on stack", 3L), Map.of("LockSupport.park", 3L),
                Map.of("Foo.<clinit>:12", 3L));
        Cell pinned = Cell.builder("pinning-probe", Map.of("lock", "synchronized", "blocking", "class-init"), "throughput",
                "ops/s").score(150.0).samples(List.of(150.0)).percentiles(Map.of("p50", 1.0, "max", 2.0))
                .message("pinned=yes").wallSeconds(1.0).build().withPinning(pinning);
        assertThat(pinned.pinnedEvents()).isEqualTo(3L);
        Path file = dir.resolve("run.json");
        RunRecord record = sample().withCell(pinned);
        RecordJson.writeAtomically(file, record);
        assertThat(RecordSchema.violations(file)).isEmpty();
        assertThat(RecordJson.read(file)).isEqualTo(record);
        ObjectNode json = (ObjectNode) RecordJson.mapper().readTree(file.toFile());
        ((ObjectNode) json.get("results").get(2).get("pinning")).put("events", -1);
        assertThat(RecordSchema.violations(json)).isNotEmpty();
    }

    @Test
    void mealSharesCpuTokensAndForkMemoryValidateAndReadBackEqualAndCellsWithoutThemLeaveThemOut(@TempDir Path dir) throws Exception {
        Cell shared = Cell.builder("philosophers", Map.of("workload", "consume-cpu"), "avgt", "ms/op").score(2.0)
                .samples(List.of(2.0)).wallSeconds(1.0).build().withMealSpread(1.9)
                .withMealShares(new MealShares(0.25, 0.5)).withCpuTokens(4_321L)
                .withForkMemory(List.of(new ForkMemory(100L << 20, 300L << 20), new ForkMemory(110L << 20, 310L << 20)));
        Path file = dir.resolve("run.json");
        RunRecord record = sample().withCell(shared);
        RecordJson.writeAtomically(file, record);
        assertThat(RecordSchema.violations(file)).isEmpty();
        assertThat(RecordJson.read(file)).isEqualTo(record);
        ObjectNode json = (ObjectNode) RecordJson.mapper().readTree(file.toFile());
        assertThat(json.get("results").get(0).has("meal_shares")).isFalse();
        assertThat(json.get("results").get(0).has("cpu_tokens")).isFalse();
        assertThat(json.get("results").get(0).has("fork_memory")).isFalse();
        assertThat(json.get("results").get(2).get("fork_memory").get(1).get("peak_rss_bytes").asLong()).isEqualTo(310L << 20);
        assertThat(json.get("results").get(2).get("meal_shares").get("min_max_ratio").asDouble()).isEqualTo(0.5);
        assertThat(json.get("results").get(2).get("cpu_tokens").asLong()).isEqualTo(4_321L);
        ((ObjectNode) json.get("results").get(2).get("meal_shares")).put("gini", 1.5);
        ((ObjectNode) json.get("results").get(2)).put("cpu_tokens", 0);
        assertThat(RecordSchema.violations(json)).anyMatch(v -> v.contains("gini")).anyMatch(v -> v.contains("cpu_tokens"));
    }

    @Test
    void rejectsUnknownStatusAndMissingHost() throws Exception {
        ObjectNode json = RecordJson.mapper().valueToTree(sample());
        ((ObjectNode) json.get("results").get(0)).put("status", "great");
        json.remove("host");
        assertThat(RecordSchema.violations(json)).anyMatch(v -> v.contains("host")).anyMatch(v -> v.contains("status"));
    }
}
