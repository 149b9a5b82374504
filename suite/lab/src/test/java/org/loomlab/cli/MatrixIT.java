package org.loomlab.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.loomlab.fingerprint.HostFingerprint;
import org.loomlab.record.RecordJson;
import org.loomlab.record.RecordSchema;
import tools.jackson.databind.JsonNode;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/** `loom-lab matrix` over two real runner images (built by `just images`), its lanes, and its resume after kill -9. */
class MatrixIT {

    @TempDir
    Path tmp;

    private static JsonNode runJson(Path results, String jdk, String id) throws Exception {
        try (Stream<Path> walk = Files.walk(results)) {
            Path file = walk.filter(p -> p.endsWith(Path.of(jdk, id, "run.json"))).findFirst().orElseThrow();
            assertThat(RecordSchema.violations(file)).isEmpty();
            return RecordJson.mapper().readTree(file.toFile());
        }
    }

    private static String[] concat(String[] args, String... more) {
        return Stream.concat(Arrays.stream(args), Arrays.stream(more)).toArray(String[]::new);
    }

    @Test
    void twoJdksTakeTurnsForkByForkInContainersThatStayUpAndCompareRoundByRound() throws Exception {
        Path results = tmp.resolve("results");
        LabProcess.Result r = LabProcess.run(tmp.resolve("log"), 900, "matrix", "--jdk", "openjdk-21,openjdk-25",
                "-e", "philosophers", "-p", "workload=noop", "-p", "lock=reentrant", "-p", "threads=virtual", "-p", "dinner=lab",
                "-p", "philosophers=10", "-p", "meals=100", "--budget", "16s", "--max-forks", "3", "--run-budget", "none",
                "--turn-seed", "5", "--results", results.toString(), "--matrix-id", "turns");
        assertThat(r.exitCode()).as(r.stdout() + r.stderr()).isZero();
        assertThat(r.stdout()).contains("matrix: 2 JDKs take turns fork by fork");
        JsonNode j21 = runJson(results, "openjdk-21", "turns");
        JsonNode j25 = runJson(results, "openjdk-25", "turns");
        for (JsonNode record : List.of(j21, j25)) {
            assertThat(record.get("status").asString()).isEqualTo("complete");
            assertThat(record.at("/lanes/lanes").toString()).isEqualTo("[\"openjdk-21\",\"openjdk-25\"]");
            assertThat(record.at("/lanes/seed").asLong()).isEqualTo(5);
            assertThat(record.at("/jdk/image_id").asString()).startsWith("sha256:");
            assertThat(record.at("/results/0/status").asString()).isEqualTo("ok");
        }
        // Each lane's JVMs ran its image's JDK, not the host's.
        assertThat(j21.at("/jdk/feature_version").asInt()).isEqualTo(21);
        assertThat(j25.at("/jdk/feature_version").asInt()).isEqualTo(25);
        assertThat(j25.at("/jdk/image").asString()).isEqualTo("loom-lab/runner:openjdk-25");
        int rounds = j25.at("/results/0/precision/forks").asInt();
        assertThat(rounds).isGreaterThanOrEqualTo(2);
        List<String> turns = r.stdout().lines().filter(l -> l.strip().matches("fork \\d+ of openjdk-2[15]:.*"))
                .map(l -> l.strip().replaceAll(":.*", "")).toList();
        for (int k = 1; k <= rounds; k++) {
            assertThat(turns.subList(2 * k - 2, 2 * k)).containsExactlyInAnyOrder("fork " + k + " of openjdk-21",
                    "fork " + k + " of openjdk-25");
        }
        Path compared = results.resolve(j25.at("/host/name").asString()).resolve("openjdk-25/turns/diff-vs-openjdk-21.json");
        assertThat(RecordJson.mapper().readTree(compared.toFile()).at("/rows/0/method").asString())
                .isEqualTo("paired t over per-round log ratios");
        JsonNode matrix = RecordJson.mapper().readTree(results.resolve(j25.at("/host/name").asString())
                .resolve("matrix-turns.json").toFile());
        assertThat(matrix.findValuesAsString("status")).containsExactly("ok", "ok");
        // The runner containers stood for the run only.
        Process ps = new ProcessBuilder("docker", "ps", "-aq", "--filter", "name=loomlab-turns-").start();
        assertThat(new String(ps.getInputStream().readAllBytes()).strip()).isEmpty();
    }

    @Test
    void lanesOfOneImageMakeAnAaAndAPositiveControlInTurnsEachInAContainerOfItsOwn() throws Exception {
        Path results = tmp.resolve("results");
        String[] args = {"matrix", "--profile", "smoke", "-e", "philosophers", "-p", "workload=active-wait",
                "-p", "lock=reentrant", "-p", "threads=virtual", "-p", "dinner=lab", "--turn-seed", "7",
                "--lane", "a=openjdk-25", "--lane", "b=openjdk-25", "--lane", "ctl=openjdk-25",
                "--lane-params", "ctl=mealtime=16.8", "--lane-args", "ctl=-Dloomlab.it.lane=ctl",
                "--results", results.toString(), "--matrix-id", "lanes"};
        LabProcess.Result dry = LabProcess.run(tmp.resolve("dry"), 120, concat(args, "--dry-run", "--json"));
        assertThat(dry.exitCode()).as(dry.stderr()).isZero();
        assertThat(results).as("a dry run writes nothing").doesNotExist();
        JsonNode plan = RecordJson.mapper().readTree(dry.stdout());
        assertThat(plan.get("jdks").findValuesAsString("lane")).containsExactly("a", "b", "ctl");
        assertThat(plan.get("jdks").findValuesAsString("jdk")).containsOnly("openjdk-25");
        assertThat(plan.get("jdks").findValuesAsString("image")).containsOnly("loom-lab/runner:openjdk-25");
        assertThat(plan.at("/jdks/2/params/mealtime").asString()).isEqualTo("16.8");
        assertThat(plan.at("/jdks/2/flags/0").asString()).isEqualTo("-Dloomlab.it.lane=ctl");
        assertThat(plan.at("/jdks/0/params")).isEmpty();

        LabProcess.Result r = LabProcess.run(tmp.resolve("log"), 600, args);
        assertThat(r.exitCode()).as(r.stdout() + r.stderr()).isZero();
        assertThat(r.stdout()).contains("matrix: 3 lanes take turns fork by fork");
        JsonNode a = runJson(results, "a", "lanes");
        JsonNode ctl = runJson(results, "ctl", "lanes");
        for (String lane : List.of("a", "b", "ctl")) {
            JsonNode record = runJson(results, lane, "lanes");
            assertThat(record.get("status").asString()).isEqualTo("complete");
            assertThat(record.at("/lanes/lane").asString()).isEqualTo(lane);
            assertThat(record.at("/lanes/lanes").toString()).isEqualTo("[\"a\",\"b\",\"ctl\"]");
            assertThat(record.at("/lanes/seed").asLong()).isEqualTo(7);
            assertThat(record.at("/jdk/image").asString()).isEqualTo("loom-lab/runner:openjdk-25");
            assertThat(record.at("/jdk/feature_version").asInt()).isEqualTo(25);
            assertThat(record.at("/results/0/status").asString()).isEqualTo("ok");
        }
        // The control measured its own meal and ran with its own flags; the A/A's lanes the planned ones.
        assertThat(ctl.get("results").findValuesAsString("mealtime")).isNotEmpty().containsOnly("16.8");
        assertThat(a.get("results").findValuesAsString("mealtime")).isNotEmpty().containsOnly("16");
        assertThat(ctl.at("/jdk/jvm_args").toString()).contains("-Dloomlab.it.lane=ctl");
        assertThat(a.at("/jdk/jvm_args").toString()).doesNotContain("-Dloomlab.it.lane");
        Path host = results.resolve(a.at("/host/name").asString());
        for (String lane : List.of("b", "ctl")) {
            assertThat(host.resolve(lane + "/lanes/diff-vs-a.json")).isRegularFile();
            assertThat(host.resolve(lane + "/lanes/diff-vs-a.md")).isRegularFile();
        }
        Path matrixFile = host.resolve("matrix-lanes.json");
        JsonNode matrix = RecordJson.mapper().readTree(matrixFile.toFile());
        assertThat(matrix.get("jdks").findValuesAsString("lane")).containsExactly("a", "b", "ctl");
        assertThat(matrix.get("jdks").findValuesAsString("jdk")).containsOnly("openjdk-25");
        assertThat(matrix.get("jdks").findValuesAsString("status")).containsOnly("ok");
        // Each lane had a container of its own, and none stood after the run.
        assertThat(r.stdout()).contains("loomlab-lanes-a-java", "loomlab-lanes-b-java", "loomlab-lanes-ctl-java");
        Process ps = new ProcessBuilder("docker", "ps", "-aq", "--filter", "name=loomlab-lanes-").start();
        assertThat(new String(ps.getInputStream().readAllBytes()).strip()).isEmpty();

        // The report keys the matrix's runs by lane, not by their shared JDK id: each lane against the first.
        Path reportDir = tmp.resolve("report");
        LabProcess.Result report = LabProcess.run(tmp.resolve("report-log"), 120, "report", matrixFile.toString(),
                "--out", reportDir.toString());
        assertThat(report.exitCode()).as(report.stdout() + report.stderr()).isZero();
        assertThat(reportDir.resolve("relative.md")).content().contains("## b against a", "## ctl against a");
        assertThat(reportDir.resolve("report.md")).content().contains("ctl");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            "--one-after-another|     --lane: lanes only take turns fork by fork in one run, and --one-after-another runs JDK after JDK; valid: --lane without it, or --jdk",
            "--cpus 1|                --lane: lanes only take turns fork by fork in one run, and --cpus and --memory limit one runner container at a time",
            "--resume --matrix-id m|  --resume: matrix m has no run of these lanes to resume",
            "--arch arm64|            --lane: lanes only take turns fork by fork in one run, and emulated JDKs run under qemu",
            "--lane c=openjdk-99|     unknown JDK 'openjdk-99'; known: ",
            "--lane c/d=openjdk-25|   lane 'c/d' may hold only letters, digits",
            "-e philosophers --lane-params b=colour=red| --lane-params sets axis 'colour', which not every planned cell has"})
    void lanesThatCannotTakeTurnsAreOneLineErrorsBeforeAnythingStarts(String more, String expected) throws Exception {
        Path results = tmp.resolve("results");
        String[] args = concat(new String[]{"matrix", "--results", results.toString(), "--lane", "a=openjdk-25",
                "--lane", "b=openjdk-25"}, more.split(" "));
        LabProcess.Result r = LabProcess.run(tmp.resolve("log"), 60, args);
        assertThat(r.exitCode()).isEqualTo(LoomLab.USAGE);
        assertThat(r.stderr().strip()).doesNotContain("\n").contains(expected);
        assertThat(results).doesNotExist();
    }

    @Test
    void twoJdksGiveValidRecordsThatDifferInTheirJdk() throws Exception {
        Path results = tmp.resolve("results");
        String[] args = {"matrix", "--profile", "smoke",
                "--jdk", "openjdk-21,openjdk-25", "-e", "philosophers", "-p", "workload=noop", "-p", "lock=reentrant",
                "-p", "dinner=lab", "--cpus", "1", "--memory", "3g", "--jvm-args", "-Xms256m -Xmx1g -Djdk.virtualThreadScheduler.parallelism=1",
                "--results", results.toString(), "--matrix-id", "two"};
        LabProcess.Result dry = LabProcess.run(tmp.resolve("dry"), 120, concat(args, "--dry-run", "--json"));
        assertThat(dry.exitCode()).as(dry.stderr()).isZero();
        JsonNode plan = RecordJson.mapper().readTree(dry.stdout());
        assertThat(results).as("a dry run writes nothing").doesNotExist();
        LabProcess.Result r = LabProcess.run(tmp.resolve("log"), 600, args);
        assertThat(r.exitCode()).as(r.stdout() + r.stderr()).isZero();
        // The dry run said where every file would go: Ansible and the workflow fetch from there.
        assertThat(plan.get("cells_per_jdk").asInt()).isEqualTo(2);
        assertThat(Path.of(plan.get("matrix_record").asString())).isRegularFile();
        assertThat(plan.get("jdks")).hasSize(2).allSatisfy(j -> {
            assertThat(j.get("action").asString()).isEqualTo("run");
            assertThat(Path.of(j.get("run_json").asString())).isRegularFile();
            assertThat(Path.of(j.get("container_log").asString())).isRegularFile();
        });
        JsonNode j21 = runJson(results, "openjdk-21", "two");
        JsonNode j25 = runJson(results, "openjdk-25", "two");
        for (JsonNode record : List.of(j21, j25)) {
            assertThat(record.get("status").asString()).isEqualTo("complete");
            assertThat(record.get("results")).hasSize(6).allSatisfy( // two cells: time, allocation, time per table meal
c -> assertThat(c.get("status").asString()).isEqualTo("ok"));
            assertThat(record.at("/host/container/in_container").asBoolean()).isTrue();
            assertThat(record.at("/jdk/image_id").asString()).startsWith("sha256:");
            // the limits given to the container, as its cgroup and the measured JVM report them
            assertThat(record.at("/host/container/cpu_quota").asDouble()).isEqualTo(1.0);
            assertThat(record.at("/host/container/memory_limit_bytes").asLong()).isEqualTo(3L << 30);
            assertThat(record.at("/jdk/available_processors").asInt()).isEqualTo(1);
            // the matrix's flags reached every runner's measured JVMs, and their record
            assertThat(record.at("/jdk/jvm_args")).extracting(JsonNode::asString)
                    .containsExactly("-Xms256m", "-Xmx1g", "-Djdk.virtualThreadScheduler.parallelism=1");
        }
        assertThat(j21.at("/jdk/feature_version").asInt()).isEqualTo(21);
        assertThat(j25.at("/jdk/feature_version").asInt()).isEqualTo(25);
        assertThat(j21.at("/jdk/image").asString()).isEqualTo("loom-lab/runner:openjdk-21");
        assertThat(j21.at("/jdk/runtime_version").asString()).isNotEqualTo(j25.at("/jdk/runtime_version").asString());
        assertThat(r.stdout()).contains("[jdk 1/2] openjdk-21", "[jdk 2/2] openjdk-25", "ETA");
    }

    @Test
    void badLimitsAreOneLineErrorsBeforeAnythingStarts() throws Exception {
        LabProcess.Result cpus = LabProcess.run(tmp.resolve("cpus"), 60, "matrix", "--cpus", "zero", "--results", tmp.resolve("results").toString());
        assertThat(cpus.exitCode()).isEqualTo(LoomLab.USAGE);
        assertThat(cpus.stderr().strip()).isEqualTo("loom-lab: --cpus 'zero' is not a positive number of CPUs, e.g. 1 or 1.5");
        LabProcess.Result memory = LabProcess.run(tmp.resolve("memory"), 60, "matrix", "--memory", "3GB", "--results", tmp.resolve("results").toString());
        assertThat(memory.exitCode()).isEqualTo(LoomLab.USAGE);
        assertThat(memory.stderr()).contains("--memory '3GB' is not a size; valid: a number with k, m or g");
        LabProcess.Result arch = LabProcess.run(tmp.resolve("arch"), 60, "matrix", "--arch", "sparc", "--results", tmp.resolve("results").toString());
        assertThat(arch.stderr()).contains("unknown architecture 'sparc'; valid: amd64, arm64");
        assertThat(tmp.resolve("results")).doesNotExist();
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({"in turns,", "one after another,--one-after-another"})
    void resumeAfterKillNineFinishesAsItBeganWithoutRedoingFinishedCells(String how, String flag) throws Exception {
        Path results = tmp.resolve("results");
        String[] args = {"matrix", "--profile", "smoke", "--jdk", "openjdk-21,openjdk-25", "-e", "philosophers",
                "-p", "workload=noop,active-wait,sleep,file-read", "-p", "threads=virtual", "-p", "dinner=lab",
                "--results", results.toString(), "--matrix-id", "resumed"};
        boolean turns = flag == null;
        if (!turns) {
            args = concat(args, flag);
        }
        Process lab = LabProcess.start(tmp.resolve("log1"), args);
        // In turns a cell is kept only when every lane finished it: the kill may fall between the two JDKs' records.
        List<String> keptWhen = turns ? List.of("openjdk-21", "openjdk-25") : List.of("openjdk-21");
        Map<String, Double> before = waitForCells(results.resolve(new HostFingerprint().read().name()), keptWhen, 2, Duration.ofMinutes(5));
        lab.toHandle().descendants().forEach(ProcessHandle::destroyForcibly);
        lab.destroyForcibly(); // kill -9: no shutdown hook runs, the runner container is left behind
        assertThat(lab.waitFor(30, TimeUnit.SECONDS)).isTrue();

        String[] resume = Stream.concat(Stream.of(args), Stream.of("--resume")).toArray(String[]::new);
        LabProcess.Result r = LabProcess.run(tmp.resolve("log2"), 900, resume);
        assertThat(r.exitCode()).as(r.stdout() + r.stderr()).isZero();
        JsonNode j21 = runJson(results, "openjdk-21", "resumed");
        assertThat(j21.get("status").asString()).isEqualTo("complete");
        assertThat(j21.get("results")).hasSize(24); // 8 cells, a time, an allocation and a time per table meal each
        assertThat(j21.get("results").findValuesAsString("status")).containsOnly("ok");
        Map<String, Double> after = wallByParams(j21);
        before.forEach((params, wall) -> assertThat(after.get(params)).as("kept, not redone: " + params).isEqualTo(wall));
        JsonNode j25 = runJson(results, "openjdk-25", "resumed");
        assertThat(j25.get("status").asString()).isEqualTo("complete");
        assertThat(j25.get("results")).hasSize(24);
        if (turns) {
            // Carried on in turns: the cells both JDKs finished kept, the rest run in rounds again, paired at the end.
            assertThat(r.stdout()).contains("matrix: 2 JDKs take turns fork by fork").contains("resuming run resumed: ")
                    .doesNotContain("one JDK after another");
            assertThat(j25.at("/lanes/lanes").toString()).isEqualTo("[\"openjdk-21\",\"openjdk-25\"]");
            Path compared = results.resolve(j25.at("/host/name").asString()).resolve("openjdk-25/resumed/diff-vs-openjdk-21.json");
            assertThat(RecordJson.mapper().readTree(compared.toFile()).get("paired_by_round").asBoolean()).isTrue();
        } else {
            assertThat(r.stdout()).contains("one JDK after another").contains("resuming in");
            assertThat(j25.path("lanes").isMissingNode() || j25.path("lanes").isNull()).as("no lanes: " + j25.get("lanes")).isTrue();
        }
    }

    private static Map<String, Double> wallByParams(JsonNode record) {
        Map<String, Double> out = new HashMap<>();
        record.get("results").forEach(c -> {
            if (c.get("status").asString().equals("ok")) {
                out.put(c.get("params").toString(), c.get("wall_seconds").asDouble());
            }
        });
        return out;
    }

    /** The first JDK's finished cells that every JDK in {@code jdks} has finished too, once there are {@code cells}. */
    private static Map<String, Double> waitForCells(Path hostDir, List<String> jdks, int cells, Duration limit) throws Exception {
        Instant end = Instant.now().plus(limit);
        while (Instant.now().isBefore(end)) {
            Map<String, Double> done = null;
            for (String jdk : jdks) {
                Path file = hostDir.resolve(jdk).resolve("resumed").resolve("run.json");
                Map<String, Double> these = Files.exists(file) ? wallByParams(RecordJson.mapper().readTree(file.toFile())) : Map.of();
                if (done == null) {
                    done = new HashMap<>(these);
                } else {
                    done.keySet().retainAll(these.keySet());
                }
            }
            if (done.size() >= cells) {
                return done;
            }
            Thread.sleep(100);
        }
        throw new AssertionError("no " + cells + " cells finished by " + jdks + " under " + hostDir + " within " + limit);
    }
}
