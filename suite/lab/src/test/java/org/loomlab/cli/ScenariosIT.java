package org.loomlab.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.loomlab.record.RecordJson;
import org.loomlab.record.RecordSchema;
import tools.jackson.databind.JsonNode;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** The four seed scenarios through the real command line, each cell in a scenario JVM of its own. */
class ScenariosIT {

    @TempDir
    Path tmp;

    @Test
    void smokeRunOfEveryScenarioWritesAValidRecordWithEveryCellOk() throws Exception {
        Path results = tmp.resolve("results");
        LabProcess.Result r = LabProcess.run(tmp.resolve("log"), 300, "run", "--profile", "smoke",
                "-e", "fairness,service,pinned-service,footprint", "--results", results.toString(), "--run-id", "scenarios-it");
        assertThat(r.exitCode()).as(r.stdout() + r.stderr()).isZero();
        Path runJson = RunFiles.onlyRunJson(results);
        assertThat(RecordSchema.violations(runJson)).isEmpty();
        JsonNode record = RecordJson.mapper().readTree(runJson.toFile());
        assertThat(record.get("status").asString()).isEqualTo("complete");
        List<JsonNode> cells = new ArrayList<>();
        record.get("results").forEach(cells::add);
        // fairness 2 cells x 1 metric, service 3 x 3, pinned-service 4 x 5, footprint 4 x 3
        assertThat(cells).hasSize(2 + 9 + 20 + 12);
        for (JsonNode cell : cells) {
            assertThat(cell.get("status").asString()).as(cell.toString()).isEqualTo("ok");
            assertThat(cell.get("samples")).as(cell.toString()).hasSize(2);
            assertThat(runJson.getParent().resolve(cell.get("raw_file").asString()).resolve("fork-1.json")).isRegularFile();
        }

        assertThat(cells(cells, "fairness", "light-wait-sum")).hasSize(2).allSatisfy(c ->
                c.get("samples").forEach(s -> assertThat(s.asDouble()).isGreaterThanOrEqualTo(0)));
        // A pool of one thread with a 50 ms downstream answers at most 20 requests per second.
        assertThat(cells(cells, "service", "throughput")).filteredOn(c -> c.at("/params/executor").asString().equals("pool-1"))
                .singleElement().satisfies(c -> assertThat(c.get("score").asDouble()).isPositive().isLessThanOrEqualTo(20.0));
        // 10 endpoints, each locked through a 50 ms call: at most 200 requests per second.
        assertThat(cells(cells, "pinned-service", "throughput")).hasSize(4).allSatisfy(c ->
                assertThat(c.get("score").asDouble()).isPositive().isLessThanOrEqualTo(200.0));
        // 50 sleeping tasks on platform threads are 50 kernel threads alive at once.
        assertThat(cells(cells, "footprint", "peak-os-threads")).filteredOn(c -> c.at("/params/executor").asString().equals("platform"))
                .singleElement().satisfies(c -> assertThat(c.get("score").asDouble()).isGreaterThanOrEqualTo(50));
        assertThat(r.stdout()).contains("| pinned-service |", "| peak-rss ");
    }

    private static List<JsonNode> cells(List<JsonNode> all, String experiment, String metric) {
        return all.stream().filter(c -> c.get("experiment").asString().equals(experiment)
                && c.get("metric").asString().equals(metric)).toList();
    }
}
