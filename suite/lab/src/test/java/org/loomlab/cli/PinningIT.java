package org.loomlab.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.loomlab.record.RecordJson;
import org.loomlab.record.RecordSchema;
import tools.jackson.databind.JsonNode;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/** Pinning evidence from real forked JVMs: the probe's verdicts and the JFR counts of JMH cells. */
class PinningIT {

    @TempDir
    Path tmp;

    @Test
    void probeRecordsAVerdictAndJfrEventsPerCell() throws Exception {
        JsonNode record = run("probe-it", "-e", "pinning-probe", "-p", "blocking=sleep,class-init");
        int feature = record.at("/jdk/feature_version").asInt();
        JsonNode cells = record.get("results");
        assertThat(cells).hasSize(8);
        for (JsonNode cell : cells) {
            assertThat(cell.get("status").asString()).as(cell.toString()).isEqualTo("ok");
            assertThat(cell.get("pinned_events").isIntegralNumber()).as(cell.toString()).isTrue();
            assertThat(cell.get("message").asString()).containsPattern("pinned=(yes|no)");
        }
        // Blocking in a static initializer pins on every JDK, with or without a lock around it.
        for (JsonNode cell : withParam(cells, "blocking", "class-init")) {
            assertThat(cell.get("message").asString()).as(cell.toString()).contains("pinned=yes");
            assertThat(cell.get("pinned_events").asLong()).isPositive();
            if (feature >= 24) {
                assertThat(cell.at("/pinning/reasons").toString()).contains("<clinit>");
            }
        }
        // JEP 491: from JDK 24 a virtual thread sleeping inside synchronized unmounts; before, it pins.
        JsonNode synchronizedSleep = withParam(withParam(cells, "blocking", "sleep"), "lock", "synchronized").stream()
                .filter(c -> c.get("metric").asString().equals("throughput")).findFirst().orElseThrow();
        assertThat(synchronizedSleep.get("message").asString())
                .startsWith(feature >= 24 ? "pinned=no" : "pinned=yes");
    }

    @Test
    void everyVirtualThreadCellCountsPinnedEventsAndEveryCellHasOrderedPercentiles() throws Exception {
        JsonNode record = run("jfr-it", "-e", "philosophers", "-p", "lock=synchronized", "-p", "workload=sleep",
                "-p", "dinner=lab");
        JsonNode cells = record.get("results");
        assertThat(cells).hasSize(6); // platform and virtual, each its time, allocation and time per table meal
        for (JsonNode cell : cells) {
            assertThat(cell.get("status").asString()).as(cell.toString()).isEqualTo("ok");
            if (!cell.get("metric").asString().equals("avgt")) {
                continue; // pinning and latency describe the cell: they go on its primary metric
            }
            boolean virtual = cell.at("/params/threads").asString().equals("virtual");
            assertThat(cell.get("pinned_events").isIntegralNumber()).as(cell.toString()).isEqualTo(virtual);
            assertThat(cell.get("pinning").isObject()).isEqualTo(virtual);
            JsonNode p = cell.get("percentiles");
            assertThat(p.get("p50").asDouble()).as(p.toString()).isPositive()
                    .isLessThanOrEqualTo(p.get("p90").asDouble());
            assertThat(p.get("p90").asDouble()).isLessThanOrEqualTo(p.get("p99").asDouble());
            assertThat(p.get("p99").asDouble()).isLessThanOrEqualTo(p.get("p99.9").asDouble());
            assertThat(p.get("p99.9").asDouble()).isLessThanOrEqualTo(p.get("max").asDouble());
        }
    }

    private JsonNode run(String runId, String... selection) throws Exception {
        Path results = tmp.resolve("results");
        List<String> args = Stream.concat(Stream.of("run", "--profile", "smoke", "--results", results.toString(),
                "--run-id", runId), Stream.of(selection)).toList();
        LabProcess.Result r = LabProcess.run(tmp.resolve("log-" + runId), 600, args.toArray(String[]::new));
        assertThat(r.exitCode()).as(r.stdout() + r.stderr()).isZero();
        Path runJson = onlyRunJson(results, runId);
        assertThat(RecordSchema.violations(runJson)).isEmpty();
        return RecordJson.mapper().readTree(runJson.toFile());
    }

    static List<JsonNode> withParam(Iterable<JsonNode> cells, String key, String value) {
        List<JsonNode> out = new java.util.ArrayList<>();
        cells.forEach(c -> {
            if (c.at("/params/" + key).asString().equals(value)) {
                out.add(c);
            }
        });
        return out;
    }

    static Path onlyRunJson(Path results, String runId) throws IOException {
        try (Stream<Path> walk = Files.walk(results)) {
            List<Path> found = walk.filter(p -> p.endsWith(Path.of(runId, "run.json"))).toList();
            assertThat(found).hasSize(1);
            return found.get(0);
        }
    }
}
