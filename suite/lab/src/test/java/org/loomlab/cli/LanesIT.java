package org.loomlab.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.loomlab.record.RecordJson;
import org.loomlab.record.RecordSchema;
import tools.jackson.databind.JsonNode;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/** Lanes that take turns fork by fork in one run: the real command line, forked, against real JMH forks. */
class LanesIT {

    private static final String JVM = Path.of(System.getProperty("java.home")).toString();

    @TempDir
    Path tmp;

    @Test
    void twoLanesTakeTurnsRoundByRoundAndTheirRatioIsPairedByRound() throws Exception {
        Path results = tmp.resolve("results");
        // A positive control: lane b eats twice as long a meal, so its dinners must come out slower.
        LabProcess.Result r = LabProcess.run(tmp.resolve("log"), 600, "run", "--results", results.toString(),
                "--run-id", "lanes-it", "--budget", "20s", "--run-budget", "none", "--max-forks", "3", "-e", "philosophers",
                "-p", "lock=reentrant", "-p", "threads=virtual", "-p", "workload=active-wait", "-p", "dinner=lab",
                "-p", "philosophers=10", "-p", "meals=100", "-p", "mealtime=16",
                "--lane", "a=" + JVM, "--lane", "b=" + JVM, "--lane-params", "b=mealtime=32", "--turn-seed", "42");
        assertThat(r.exitCode()).as(r.stdout() + r.stderr()).isZero();
        String host = onlyChild(results);
        Path a = results.resolve(host).resolve("a/lanes-it/run.json");
        Path b = results.resolve(host).resolve("b/lanes-it/run.json");
        for (Path runJson : List.of(a, b)) {
            assertThat(RecordSchema.violations(runJson)).isEmpty();
            JsonNode record = RecordJson.mapper().readTree(runJson.toFile());
            assertThat(record.get("schema").asInt()).isEqualTo(org.loomlab.record.RunRecord.SCHEMA_VERSION);
            assertThat(record.at("/lanes/lanes").toString()).isEqualTo("[\"a\",\"b\"]");
            assertThat(record.at("/lanes/seed").asLong()).isEqualTo(42);
            assertThat(record.get("status").asString()).isEqualTo("complete");
            JsonNode plan = RecordJson.mapper().readTree(runJson.resolveSibling("plan.json").toFile());
            assertThat(plan.get("turn_seed").asLong()).isEqualTo(42);
        }
        JsonNode recordB = RecordJson.mapper().readTree(b.toFile());
        assertThat(recordB.at("/lanes/lane").asString()).isEqualTo("b");
        assertThat(recordB.at("/results/0/params/mealtime").asString()).as("lane b's own value is recorded").isEqualTo("32");
        int rounds = recordB.at("/results/0/precision/forks").asInt();
        assertThat(rounds).isBetween(2, 3);
        // Each round forks each lane once, in either order.
        List<String> turns = r.stdout().lines().filter(l -> l.strip().matches("fork \\d+ of [ab]:.*"))
                .map(l -> l.strip().replaceAll(":.*", "")).toList();
        assertThat(turns).hasSize(2 * rounds);
        for (int k = 1; k <= rounds; k++) {
            assertThat(turns.subList(2 * k - 2, 2 * k)).containsExactlyInAnyOrder("fork " + k + " of a", "fork " + k + " of b");
        }
        // The run ends with b against a, paired round by round, written beside b's record.
        JsonNode compared = RecordJson.mapper().readTree(b.resolveSibling("diff-vs-a.json").toFile());
        assertThat(compared.get("paired_by_round").asBoolean()).isTrue();
        assertThat(compared.at("/rows/0/metric").asString()).isEqualTo("avgt");
        assertThat(compared.at("/rows/0/method").asString()).isEqualTo("paired t over per-round log ratios");
        assertThat(compared.at("/rows/0/ratio").asDouble()).isGreaterThan(1.0);
        assertThat(b.resolveSibling("diff-vs-a.md")).content().contains("paired t over the rounds' log ratios");

        // diff of two lanes of one run pairs them too, with no run-to-run allowance.
        Path json = tmp.resolve("diff.json");
        LabProcess.Result diff = LabProcess.run(tmp.resolve("log"), 60, "diff", a.toString(), b.toString(),
                "--ignore", "mealtime", "--json", json.toString());
        assertThat(diff.exitCode()).as(diff.stdout() + diff.stderr()).isZero();
        JsonNode judged = RecordJson.mapper().readTree(json.toFile());
        assertThat(judged.get("paired_by_round").asBoolean()).isTrue();
        assertThat(judged.at("/run_to_run/factor").asDouble()).isEqualTo(1.0);
        assertThat(judged.at("/rows/0/ratio").asDouble()).isEqualTo(compared.at("/rows/0/ratio").asDouble());
    }

    @Test
    void aLanesRunKilledMidwayResumesKeepingTheCellsEveryLaneFinished() throws Exception {
        Path results = tmp.resolve("results");
        List<String> cells = List.of("-e", "philosophers", "-p", "lock=reentrant", "-p", "threads=virtual",
                "-p", "workload=noop,active-wait", "-p", "dinner=lab", "-p", "philosophers=10", "-p", "meals=100");
        List<String> lanes = List.of("--lane", "a=" + JVM, "--lane", "b=" + JVM);
        List<String> first = new java.util.ArrayList<>(List.of("run", "--results", results.toString(), "--run-id", "resume-it",
                "--budget", "20s", "--run-budget", "20m", "--max-forks", "2", "--turn-seed", "7"));
        first.addAll(cells);
        first.addAll(lanes);
        Process lab = LabProcess.start(tmp.resolve("log"), first.toArray(String[]::new));
        // The lanes' records are written one after the other once a cell's rounds end: wait for the first cell in both.
        RunFiles.awaitRunJsons(results, 2, 1, java.time.Duration.ofMinutes(3));
        List<ProcessHandle> forks = lab.descendants().toList();
        lab.destroyForcibly(); // SIGKILL: the records stay 'running', the second cell half done or not begun
        lab.waitFor();
        forks.forEach(ProcessHandle::destroyForcibly);
        String host = onlyChild(results);
        Path a = results.resolve(host).resolve("a/resume-it/run.json");
        Path b = results.resolve(host).resolve("b/resume-it/run.json");
        JsonNode keptA = RecordJson.mapper().readTree(a.toFile()).at("/results/0");
        assertThat(RecordJson.mapper().readTree(b.toFile()).get("status").asString()).isEqualTo("running");
        String plan = Files.readString(a.resolveSibling("plan.json"));

        // Lanes other than the run's, or a planning flag typed again, are refused before anything forks.
        LabProcess.Result wrongLane = LabProcess.run(tmp.resolve("log"), 120, "run", "--resume", "--run-id", "resume-it",
                "--results", results.toString(), "--lane", "a=" + JVM, "--lane", "c=" + JVM);
        assertThat(wrongLane.exitCode()).isEqualTo(LoomLab.USAGE);
        assertThat(wrongLane.stderr().strip()).doesNotContain("\n")
                .contains("--resume: lane c of run resume-it has no record at");
        LabProcess.Result seed = LabProcess.run(tmp.resolve("log"), 120, "run", "--resume", "--run-id", "resume-it",
                "--results", results.toString(), "--turn-seed", "8", "--lane", "a=" + JVM, "--lane", "b=" + JVM);
        assertThat(seed.exitCode()).isEqualTo(LoomLab.USAGE);
        assertThat(seed.stderr().strip()).doesNotContain("\n").contains("leave out --turn-seed");

        List<String> again = new java.util.ArrayList<>(List.of("run", "--resume", "--run-id", "resume-it",
                "--results", results.toString()));
        again.addAll(lanes);
        LabProcess.Result resumed = LabProcess.run(tmp.resolve("log"), 600, again.toArray(String[]::new));
        assertThat(resumed.exitCode()).as(resumed.stdout() + resumed.stderr()).isZero();
        assertThat(resumed.stdout()).contains("resuming run resume-it: 1 cells kept in every lane, 1 to run")
                // The one cell left gets its share of the planned 20 minutes, not all of them again.
                .contains("the run's " + org.loomlab.progress.Progress.clock(java.time.Duration.ofMinutes(10)) + " shared");
        for (Path runJson : List.of(a, b)) {
            assertThat(RecordSchema.violations(runJson)).isEmpty();
            JsonNode record = RecordJson.mapper().readTree(runJson.toFile());
            assertThat(record.get("status").asString()).isEqualTo("complete");
            assertThat(record.at("/lanes/seed").asLong()).isEqualTo(7);
            assertThat(record.get("results").findValuesAsString("workload").stream().distinct())
                    .containsExactly("noop", "active-wait");
        }
        // The kept cell is the first session's, its forks untouched; the resumed one's files come after its.
        assertThat(RecordJson.mapper().readTree(a.toFile()).at("/results/0")).isEqualTo(keptA);
        assertThat(a.resolveSibling("jmh").resolve("cell-01")).isDirectory();
        assertThat(a.resolveSibling("jmh").resolve("cell-03")).isDirectory();
        assertThat(a.resolveSibling("plan.json")).hasContent(plan);
        // Only the resumed cell forked, each round one fork a lane.
        int rounds = 0;
        for (JsonNode cell : RecordJson.mapper().readTree(b.toFile()).get("results")) {
            if (cell.get("metric").asString().equals("avgt") && cell.at("/params/workload").asString().equals("active-wait")) {
                rounds = cell.at("/precision/forks").asInt();
            }
        }
        assertThat(rounds).isBetween(1, 2);
        assertThat(resumed.stdout().lines().filter(l -> l.strip().matches("fork \\d+ of [ab]:.*"))).hasSize(2 * rounds);
        JsonNode compared = RecordJson.mapper().readTree(b.resolveSibling("diff-vs-a.json").toFile());
        assertThat(compared.get("paired_by_round").asBoolean()).isTrue();
        assertThat(compared.get("rows").findValuesAsString("method")).contains("paired t over per-round log ratios");
    }

    private static String onlyChild(Path dir) throws Exception {
        try (Stream<Path> children = Files.list(dir)) {
            return children.map(p -> p.getFileName().toString()).reduce((x, y) -> {
                throw new AssertionError("more than one host in " + dir + ": " + x + ", " + y);
            }).orElseThrow();
        }
    }
}
