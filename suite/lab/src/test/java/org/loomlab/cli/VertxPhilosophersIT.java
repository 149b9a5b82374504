package org.loomlab.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.loomlab.record.RecordJson;
import org.loomlab.record.RecordSchema;
import tools.jackson.databind.JsonNode;

import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/** The vert.x philosophers through the real command line and real forked JMH JVMs. */
class VertxPhilosophersIT {

    @TempDir
    Path tmp;

    @Test
    void smokeRunRecordsEveryVertxCellOkAndLeavesNoJvmBehind() throws Exception {
        Path results = tmp.resolve("results");
        LabProcess.Result r = LabProcess.run(tmp.resolve("log"), 600, "run", "--profile", "smoke",
                "-e", "vertx-philosophers", "--results", results.toString(), "--run-id", "vertx-smoke-it");
        assertThat(r.exitCode()).as(r.stdout() + r.stderr()).isZero();
        Path runJson = RunFiles.onlyRunJson(results);
        assertThat(RecordSchema.violations(runJson)).isEmpty();
        JsonNode cells = RecordJson.mapper().readTree(runJson.toFile()).get("results");
        // 1 lock x 2 threading models x 2 variants x 4 workloads, at 5 philosophers x 100 meals; each its time, its
        // allocation per dinner and its time per table meal.
        assertThat(cells).hasSize(48);
        assertThat(cells.findValuesAsString("metric")).containsOnly("avgt", "gc.alloc.rate.norm", "table.meal.time");
        for (JsonNode cell : cells) {
            assertThat(cell.get("experiment").asString()).isEqualTo("vertx-philosophers");
            assertThat(cell.get("status").asString()).as(cell.toString()).isEqualTo("ok");
            assertThat(cell.get("score").asDouble()).isPositive();
            JsonNode params = cell.get("params");
            boolean blocksEventLoop = params.get("threads").asString().equals("event-loop")
                    && !params.get("workload").asString().equals("noop");
            if (blocksEventLoop) {
                assertThat(cell.path("message").asString("")).as(cell.toString()).contains("blocks its vert.x event loops");
            } else {
                assertThat(cell.path("message").asString("")).as(cell.toString()).doesNotContain("blocks its vert.x event loops");
            }
        }
        assertThat(cells.findValuesAsString("variant")).contains("talk", "scalable");
        assertThat(r.stdout()).contains("| vertx-philosophers |");
        assertThat(RunFiles.strayJvmsOf(runJson.getParent())).isEmpty();
    }
}
