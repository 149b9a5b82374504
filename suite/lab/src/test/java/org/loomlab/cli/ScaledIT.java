package org.loomlab.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.loomlab.record.RecordJson;
import org.loomlab.record.RecordSchema;
import tools.jackson.databind.JsonNode;

import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/** The scaled profile through the real command line, at sizes this shared 2-core host runs in seconds. */
class ScaledIT {

    @TempDir
    Path tmp;

    @Test
    void scaledCellCompletesWithAHeapSizedFromTheHost() throws Exception {
        JsonNode record = run("scaled-it", "-p", "lock=reentrant", "-p", "philosophers=2000", "-p", "meals=1000");
        assertThat(record.at("/jdk/jvm_args").toString()).containsPattern("-Xmx\\d+g");
        JsonNode cell = record.get("results").get(0);
        assertThat(record.get("results")).hasSize(3); // its time, then its allocation per dinner and its time per table meal
        assertThat(cell.get("status").asString()).as(cell.toString()).isEqualTo("ok");
        assertThat(cell.get("score").asDouble()).isPositive();
        assertThat(cell.get("pinned_events").isIntegralNumber()).isTrue();
        assertThat(cell.at("/percentiles/max").asDouble()).isGreaterThanOrEqualTo(cell.at("/percentiles/p50").asDouble());
    }

    @Test
    void platformTableBeyondTheHostsThreadLimitIsSkippedWithTheReason() throws Exception {
        JsonNode record = run("ceiling-it", "-p", "lock=reentrant", "-p", "threads=platform",
                "-p", "philosophers=1000000", "-p", "meals=10000");
        JsonNode cell = record.get("results").get(0);
        assertThat(cell.get("status").asString()).isEqualTo("skipped");
        assertThat(cell.get("message").asString()).startsWith("philosophers=1000000 need as many platform threads")
                .contains("kernel.pid_max=");
    }

    private JsonNode run(String runId, String... params) throws Exception {
        Path results = tmp.resolve("results");
        String[] args = java.util.stream.Stream.concat(java.util.stream.Stream.of("run", "--profile", "scaled",
                "-e", "philosophers", "--results", results.toString(), "--run-id", runId), java.util.Arrays.stream(params))
                .toArray(String[]::new);
        LabProcess.Result r = LabProcess.run(tmp.resolve("log-" + runId), 600, args);
        assertThat(r.exitCode()).as(r.stdout() + r.stderr()).isZero();
        Path runJson = PinningIT.onlyRunJson(results, runId);
        assertThat(RecordSchema.violations(runJson)).isEmpty();
        return RecordJson.mapper().readTree(runJson.toFile());
    }
}
