package org.loomlab.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.loomlab.record.RecordJson;
import org.loomlab.record.RecordSchema;
import tools.jackson.databind.JsonNode;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/** The HTTP workloads through the real CLI, against the real fixture: container, local JVM, killed, unreachable. */
class HttpCellsIT {

    @TempDir
    Path tmp;

    private static final String[] HTTP = {"-e", "philosophers", "-p", "workload=http-jdk,http-client,http-okhttp",
            "-p", "dinner=lab"};

    private static String[] args(Path results, String id, String... more) {
        return Stream.of(new String[] {"run", "--profile", "smoke", "--results", results.toString(), "--run-id", id},
                HTTP, more).flatMap(Stream::of).toArray(String[]::new);
    }

    private static JsonNode record(Path results) throws Exception {
        Path runJson = RunFiles.onlyRunJson(results);
        assertThat(RecordSchema.violations(runJson)).isEmpty();
        return RecordJson.mapper().readTree(runJson.toFile());
    }

    @Test
    void everyHttpClientReadsFromTheFixtureContainer() throws Exception {
        Path results = tmp.resolve("results");
        LabProcess.Result r = LabProcess.run(tmp.resolve("log"), 600, args(results, "http-it", "-p", "lock=reentrant",
                "--fixture", "container"));
        assertThat(r.exitCode()).as(r.stdout() + r.stderr()).isZero();
        JsonNode record = record(results);
        assertThat(record.at("/fixture/kind").asString()).isEqualTo("container");
        assertThat(record.at("/fixture/image").asString()).startsWith("loom-lab/fixture:");
        assertThat(record.get("results")).hasSize(18); // 6 cells, each its time, allocation and time per table meal
        for (JsonNode cell : record.get("results")) {
            assertThat(cell.get("status").asString()).as(cell.toString()).isEqualTo("ok");
            assertThat(cell.get("errors").asLong()).as(cell.toString()).isZero();
            assertThat(cell.at("/params/connections").asString()).isEqualTo("500");
        }
    }

    @Test
    void fallsBackToALocalFixtureJvm() throws Exception {
        Path results = tmp.resolve("results");
        LabProcess.Result r = LabProcess.run(tmp.resolve("log"), 300, args(results, "local-it",
                "-p", "lock=synchronized", "-p", "threads=virtual", "-p", "workload=http-okhttp", "--fixture", "local"));
        assertThat(r.exitCode()).as(r.stdout() + r.stderr()).isZero();
        JsonNode record = record(results);
        assertThat(record.at("/fixture/kind").asString()).isEqualTo("local-jvm");
        assertThat(record.at("/fixture/url").asString()).startsWith("http://127.0.0.1:");
        assertThat(record.at("/results/0/status").asString()).isEqualTo("ok");
    }

    @Test
    void unreachableFixtureFailsEachCellWithTheReasonAndTheRunGoesOn() throws Exception {
        Path results = tmp.resolve("results");
        LabProcess.Result r = LabProcess.run(tmp.resolve("log"), 300, args(results, "unreachable-it",
                "-p", "lock=reentrant", "-p", "threads=virtual", "--fixture", "http://127.0.0.1:9"));
        // The run completed: exit 0, with the failed cells listed at its end (--strict would exit 1).
        assertThat(r.exitCode()).as(r.stdout() + r.stderr()).isEqualTo(LoomLab.OK);
        assertThat(r.stdout()).contains("3 timed out or failed").contains("failed: philosophers lock=reentrant threads=virtual")
                .contains("pass --strict to exit 1");
        JsonNode record = record(results);
        assertThat(record.get("status").asString()).isEqualTo("complete");
        assertThat(record.get("results")).hasSize(3).allSatisfy(cell -> {
            assertThat(cell.get("status").asString()).isEqualTo("failed");
            assertThat(cell.get("message").asString()).contains("fixture unreachable at http://127.0.0.1:9/health");
        });
    }

    @Test
    void killingTheFixtureMidRunFailsTheLaterCellsAndCompletesTheRecord() throws Exception {
        Path results = tmp.resolve("results");
        // Under --strict (a CI gate) a complete run with failed cells exits 1.
        Process lab = LabProcess.start(tmp.resolve("log"), args(results, "kill-it", "--strict", "--fixture", "container"));
        Path runJson = RunFiles.awaitRunJson(results, 1, Duration.ofMinutes(3));
        // Only this run's fixture: other runs on the same engine keep theirs.
        String port = RecordJson.mapper().readTree(runJson.toFile()).at("/fixture/url").asString().replaceAll(".*:", "");
        Process kill = new ProcessBuilder("sh", "-c", "docker ps -q --filter label=org.loomlab.role=fixture"
                + " --filter publish=" + port + " | xargs -r docker kill").start();
        assertThat(kill.waitFor(30, TimeUnit.SECONDS)).isTrue();
        assertThat(lab.waitFor(10, TimeUnit.MINUTES)).isTrue();
        assertThat(lab.exitValue()).isEqualTo(LoomLab.FAILED);
        JsonNode record = record(results);
        assertThat(record.get("status").asString()).isEqualTo("complete");
        // 12 cells: those that measured have allocation and table meal rows too, those that failed only their time.
        JsonNode cells = record.get("results");
        assertThat(cells.findValuesAsString("metric").stream().filter("avgt"::equals)).hasSize(12);
        List<String> statuses = cells.findValuesAsString("status");
        assertThat(statuses.get(0)).isEqualTo("ok");
        assertThat(statuses.get(statuses.size() - 1)).isEqualTo("failed");
        assertThat(cells.get(cells.size() - 1).get("message").asString()).contains("fixture unreachable");
    }
}
