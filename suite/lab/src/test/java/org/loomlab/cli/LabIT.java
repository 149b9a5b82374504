package org.loomlab.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.loomlab.docker.DockerEngine;
import org.loomlab.fingerprint.HostFingerprint;
import org.loomlab.axis.Arch;
import org.loomlab.record.RecordJson;
import org.loomlab.record.RecordSchema;
import tools.jackson.databind.JsonNode;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The real playbook (ansible/lab.yml) over SSH against a simulated lab: containers with their own Docker engine
 * and sshd on 127.0.0.1 (ansible/tests/lab-up). One host runs the arm64 runner under qemu; one is gone before
 * the run, and the others must go on without it. Every host runs the matrix twice (lab_matrix_repeats), the hosts
 * taking turns as the simulated lab's inventory asks (lab_matrix_alternate), and diff compares the hosts with the run
 * as the unit.
 */
class LabIT {

    private static final Path ANSIBLE = LabProcess.HOME.resolve("ansible");
    private static final String NARROW = """
            {"lab_jdks": ["openjdk-25"], "lab_matrix_profile": "smoke", "lab_matrix_experiments": ["philosophers"],
             "lab_matrix_params": ["lock=reentrant", "threads=virtual", "workload=noop", "dinner=lab"], "lab_matrix_id": "sim",
             "lab_matrix_repeats": 2, "lab_matrix_results": "%s", "lab_images_cache": "%s"}""";
    private static final List<String> REPEATS = List.of("sim-r1", "sim-r2");

    @TempDir
    Path tmp;

    private LabProcess.Result playbook(String log, Path inventory, String extraVars, String... options) throws Exception {
        Map<String, String> env = Map.of("ANSIBLE_HOME", tmp.resolve("ansible-home").toString(),
                "ANSIBLE_SSH_CONTROL_PATH_DIR", tmp.resolve("cp").toString(), "ANSIBLE_NOCOLOR", "1");
        List<String> cmd = new ArrayList<>(List.of("ansible-playbook", "-i", inventory.toString(),
                ANSIBLE.resolve("lab.yml").toString(), "-e", extraVars));
        cmd.addAll(List.of(options));
        return LabProcess.command(tmp.resolve(log), 1800, env, cmd);
    }

    private static JsonNode read(Path file) throws Exception {
        return RecordJson.mapper().readTree(file.toFile());
    }

    /** Whether {@code first}'s run of {@code repeat} had finished when {@code second}'s started. */
    private static boolean ranBefore(Path results, String first, String second, String repeat) throws Exception {
        Instant finished = Instant.parse(read(results.resolve(first + "/openjdk-25/" + repeat + "/run.json")).get("finished").asString());
        Instant started = Instant.parse(read(results.resolve(second + "/openjdk-25/" + repeat + "/run.json")).get("started").asString());
        return !finished.isAfter(started);
    }

    @Test
    void thePlaybookRunsTheMatrixOnEveryLiveHostAndFetchesTheResults() throws Exception {
        assumeTrue(Arch.host() == Arch.AMD64, "the arm64 host is emulated on an amd64 machine");
        if (!DockerEngine.exists("loom-lab/runner:openjdk-25-arm64")) {
            LabProcess.Result built = LabProcess.run(tmp.resolve("images"), 1800, "images", "--arch", "arm64", "--jdk", "openjdk-25");
            assertThat(built.exitCode()).as(built.stdout() + built.stderr()).isZero();
        }
        Path lab = tmp.resolve("lab");
        try {
            LabProcess.Result up = LabProcess.command(tmp.resolve("up"), 600, Map.of(),
                    List.of(ANSIBLE.resolve("tests/lab-up").toString(), lab.toString(), "lab-amd64", "lab-arm64:arm64", "lab-gone"));
            assertThat(up.exitCode()).as(up.stdout() + up.stderr()).isZero();
            LabProcess.command(tmp.resolve("gone"), 120, Map.of(), List.of(ANSIBLE.resolve("tests/lab-down").toString(), lab.toString(), "lab-gone"));

            Path results = tmp.resolve("results");
            String vars = NARROW.formatted(results, tmp.resolve("cache"));
            // --check on the new hosts: every probe answers for real, nothing fails, and nothing is shipped or run.
            LabProcess.Result check = playbook("check", lab.resolve("inventory.yml"), vars, "--check");
            assertThat(check.exitCode()).as(check.stdout()).isEqualTo(4);
            assertThat(check.stdout()).containsPattern("lab-amd64 +: ok=\\d+ +changed=[1-9]\\d* +unreachable=0 +failed=0")
                    .containsPattern("lab-arm64 +: ok=\\d+ +changed=[1-9]\\d* +unreachable=0 +failed=0")
                    .contains("loom-lab/runner:openjdk-25-arm64 would ship to lab-arm64 as loom-lab/runner:openjdk-25-arm64")
                    .contains("would run the smoke matrix sim of openjdk-25 on lab-amd64")
                    .contains(", 2 times as sim-r1, sim-r2, the hosts taking turns");
            assertThat(results).doesNotExist();
            assertThat(tmp.resolve("cache")).doesNotExist();

            LabProcess.Result r = playbook("run1", lab.resolve("inventory.yml"), vars);
            // 4: some host was unreachable. The live hosts ran anyway and their results are here.
            assertThat(r.exitCode()).as(r.stdout()).isEqualTo(4);
            assertThat(r.stdout()).containsPattern("lab-gone +: ok=0 +changed=0 +unreachable=1")
                    .containsPattern("lab-amd64 +: ok=\\d+ +changed=\\d+ +unreachable=0 +failed=0")
                    .containsPattern("lab-arm64 +: ok=\\d+ +changed=\\d+ +unreachable=0 +failed=0");
            // The simulated hosts are containers here: they see this machine's /proc, so its CPU and memory.
            String hardware = "-" + new HostFingerprint().hardware();
            String amd64 = "lab-amd64" + hardware;
            String arm64 = "lab-arm64" + hardware + "-arm64-qemu";
            for (var host : List.of(List.of(amd64, "amd64", "loom-lab/runner:openjdk-25"),
                    List.of(arm64, "arm64", "loom-lab/runner:openjdk-25-arm64"))) {
                Path dir = results.resolve(host.get(0));
                assertThat(dir.resolve("matrix-sim.json")).doesNotExist();
                for (String repeat : REPEATS) {
                    JsonNode matrix = read(dir.resolve("matrix-" + repeat + ".json"));
                    assertThat(matrix.get("matrix_id").asString()).isEqualTo(repeat);
                    assertThat(matrix.get("jdks")).singleElement().satisfies(e -> assertThat(e.get("status").asString()).isEqualTo("ok"));
                    Path runJson = dir.resolve("openjdk-25/" + repeat + "/run.json");
                    assertThat(RecordSchema.violations(runJson)).isEmpty();
                    JsonNode run = read(runJson);
                    assertThat(run.at("/host/name").asString()).isEqualTo(host.get(0));
                    // As every reader sees it: a runner image built before Arch (kept when present) still writes aarch64.
                    assertThat(RecordJson.read(runJson).host().arch()).isEqualTo(host.get(1));
                    assertThat(run.at("/jdk/image").asString()).isEqualTo(host.get(2));
                    assertThat(run.at("/host/container/in_container").asBoolean()).isTrue();
                    // One cell: its time, its allocation per dinner and its time per table meal.
                    assertThat(run.get("results")).hasSize(3).allSatisfy(c -> assertThat(c.get("status").asString()).isEqualTo("ok"));
                    assertThat(Files.readString(dir.resolve("matrix-" + repeat + ".log"))).contains("[jdk 1/1] openjdk-25");
                }
            }
            assertThat(tmp.resolve("cache")).doesNotExist();
            // The hosts took turns: repeat 1 lab-amd64 then lab-arm64, repeat 2 the other way round.
            assertThat(ranBefore(results, amd64, arm64, "sim-r1")).isTrue();
            assertThat(ranBefore(results, arm64, amd64, "sim-r2")).isTrue();

            // Host against host with the run as the unit: each host's two repeats a side.
            Path diffJson = tmp.resolve("diff-hosts.json");
            LabProcess.Result diff = LabProcess.run(tmp.resolve("diff"), 120, "diff",
                    results.resolve(amd64 + "/openjdk-25/sim-r1").toString(), results.resolve(amd64 + "/openjdk-25/sim-r2").toString(),
                    "--vs", results.resolve(arm64 + "/openjdk-25/sim-r1").toString(),
                    results.resolve(arm64 + "/openjdk-25/sim-r2").toString(), "--json", diffJson.toString());
            assertThat(diff.exitCode()).as(diff.stdout() + diff.stderr()).isZero();
            assertThat(diff.stdout()).contains("A (baseline), 2 runs:").contains("Runs are the unit: 2 runs of A, 2 of B.")
                    .contains("Different hardware: no cell is called faster");
            JsonNode rows = read(diffJson).get("rows");
            assertThat(rows).hasSize(3).allSatisfy(row -> {
                assertThat(row.get("a_runs").asInt()).isEqualTo(2);
                assertThat(row.get("b_runs").asInt()).isEqualTo(2);
                assertThat(row.get("method").asString()).isEqualTo("welch t over runs' mean log fork means");
            });

            // The lab result set's report: a column per host and repeat, and the hosts compared over their runs.
            LabProcess.Result report = LabProcess.run(tmp.resolve("report"), 120, "report",
                    results.resolve(amd64 + "/matrix-sim-r1.json").toString(), results.resolve(amd64 + "/matrix-sim-r2.json").toString(),
                    results.resolve(arm64 + "/matrix-sim-r1.json").toString(), results.resolve(arm64 + "/matrix-sim-r2.json").toString());
            assertThat(report.exitCode()).as(report.stdout() + report.stderr()).isZero();
            assertThat(Files.readString(results.resolve("matrix-sim-report/report.md"))).contains("openjdk-25@" + amd64 + " r2")
                    .contains("### Host against host, runs as the unit\n\n#### openjdk-25: " + arm64 + " against " + amd64);

            // Again with the same matrix id: the hosts have the images, and the finished JDKs are kept.
            String finished = read(results.resolve(amd64 + "/openjdk-25/sim-r1/run.json")).get("finished").asString();
            LabProcess.Result again = playbook("run2", lab.resolve("inventory.yml"), vars);
            assertThat(again.exitCode()).as(again.stdout()).isEqualTo(4);
            assertThat(again.stdout()).doesNotContain("changed: [lab-amd64] => (item=openjdk-25)")
                    .containsPattern("TASK \\[lab_images : Copy the archive to the host\\][^\\n]*\\n(skipping: \\[lab-(amd|arm)64\\]\\n){2}");
            assertThat(read(results.resolve(amd64 + "/openjdk-25/sim-r1/run.json")).get("finished").asString()).isEqualTo(finished);
            for (String repeat : REPEATS) {
                assertThat(Files.readString(results.resolve(amd64 + "/matrix-" + repeat + ".log"))).contains("complete before the resume");
            }
        } finally {
            LabProcess.command(tmp.resolve("down"), 120, Map.of(), List.of(ANSIBLE.resolve("tests/lab-down").toString(), lab.toString()));
        }
    }

    @Test
    void aBadRequestFailsOnThisMachineBeforeAnyHostIsTouched() throws Exception {
        // The only host does not exist: had the playbook tried to reach it, it would say unreachable, not this.
        Path inventory = tmp.resolve("inventory.yml");
        Files.writeString(inventory, "lab:\n  hosts:\n    nowhere:\n      ansible_host: 127.0.0.1\n      ansible_port: 1\n");
        // Asked of all hosts (-e): role lab's argument specs refuse it, naming the valid values.
        LabProcess.Result r = playbook("bad-jdk", inventory, "{\"lab_jdks\": [\"openjdk-25\", \"openjdk-99\"]}");
        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.stdout()).contains("lab_jdks must be one or more of: liberica-24, liberica-25, openjdk-21,")
                .contains("Got no match for: openjdk-99").doesNotContain("nowhere");
        r = playbook("bad-profile", inventory, "{\"lab_matrix_profile\": \"fast\"}");
        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.stdout()).contains("lab_matrix_profile must be one of: smoke, quick, full, scaled, talk, got: fast")
                .doesNotContain("nowhere");
        r = playbook("bad-repeats", inventory, "{\"lab_matrix_repeats\": 0}");
        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.stdout()).contains("lab_matrix_repeats '0' is not a count; valid: 1 or more, e.g. 3")
                .doesNotContain("nowhere");
        // Asked of one host in the inventory: lab_request finds it before that host, or any other, is touched.
        Files.writeString(inventory, "lab:\n  hosts:\n    nowhere:\n      ansible_host: 127.0.0.1\n      ansible_port: 1\n"
                + "      lab_jdks: [openjdk-98]\n");
        r = playbook("bad-host", inventory, "{}");
        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.stdout()).contains("\"msg\": \"unknown JDK id openjdk-98; valid: liberica-24, liberica-25, openjdk-21,")
                .doesNotContain("nowhere");
    }
}
