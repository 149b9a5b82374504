package org.loomlab.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.loomlab.record.RecordJson;
import tools.jackson.databind.JsonNode;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The CI workflow's job steps (matrix, check, diff) rehearsed here as GitHub's runner user would run them: uid 1001,
 * not root, in the Docker group, with a results directory it owns and nobody else may write. Before the runner ran
 * as the caller, this found records the caller could not read and directories that had to be world-writable; without
 * a shared --host-id, the two JDKs' records never met and the diff compared nothing.
 */
class WorkflowRehearsalIT {

    private static final int RUNNER_UID = 1001;

    @TempDir
    Path tmp;

    @Test
    void theJobStepsWorkAsANonRootRunnerUser() throws Exception {
        assumeTrue(((Integer) Files.getAttribute(tmp, "unix:uid")) == 0, "acting as uid 1001 needs root");
        Path socket = Path.of("/var/run/docker.sock");
        assumeTrue(Files.exists(socket), "no Docker engine socket");
        int dockerGid = (Integer) Files.getAttribute(socket, "unix:gid");
        Path work = Files.createDirectories(tmp.resolve("job"));
        Files.setPosixFilePermissions(tmp, PosixFilePermissions.fromString("rwxr-xr-x"));
        for (Path owned : List.of(work, Files.createDirectories(work.resolve("home")))) {
            Files.setAttribute(owned, "unix:uid", RUNNER_UID);
            Files.setAttribute(owned, "unix:gid", RUNNER_UID);
        }
        Path results = work.resolve("results");

        LabProcess.Result matrix = asRunner(dockerGid, work, "matrix", "--profile", "smoke", "--jdk", "openjdk-21,openjdk-25",
                "-e", "philosophers", "-p", "workload=noop", "-p", "lock=reentrant", "-p", "threads=virtual",
                "-p", "dinner=lab", "--results", results.toString(), "--matrix-id", "rehearsal", "--host-id", "github-amd64");
        assertThat(matrix.exitCode()).as(matrix.stdout() + matrix.stderr()).isZero();
        Path host = results.resolve("github-amd64");
        for (String jdk : List.of("openjdk-21", "openjdk-25")) {
            Path record = host.resolve(jdk).resolve("rehearsal").resolve("run.json");
            assertThat(Files.getAttribute(record, "unix:uid")).as(record + " owner").isEqualTo(RUNNER_UID);
            assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(record))).isEqualTo("rw-r--r--");
            JsonNode parsed = RecordJson.mapper().readTree(record.toFile());
            assertThat(parsed.get("status").asString()).isEqualTo("complete");
            assertThat(parsed.at("/host/name").asString()).isEqualTo("github-amd64");
        }
        try (Stream<Path> all = Files.walk(results)) {
            assertThat(all.filter(p -> Files.isDirectory(p) && worldWritable(p)).toList()).as("world-writable").isEmpty();
        }

        LabProcess.Result check = asRunner(dockerGid, work, "check", results.toString());
        assertThat(check.exitCode()).as(check.stdout()).isZero();
        assertThat(check.stdout()).contains("2 records, 0 invalid, 0 unreadable");
        LabProcess.Result diff = asRunner(dockerGid, work, "diff", "--confidence", "0.9",
                host.resolve("openjdk-21/rehearsal").toString(), host.resolve("openjdk-25/rehearsal").toString());
        assertThat(diff.exitCode()).as(diff.stdout() + diff.stderr()).isZero();
        // The two JDKs' records met under one host id, so the diff compares their cell: its time, its allocation per
        // dinner and its time per table meal (3 rows; one fork each is a smoke).
        assertThat(diff.stdout()).contains("### philosophers").contains("| gc.alloc.rate.norm (B/op) |")
                .contains("| table.meal.time (us/meal) |").contains("3 cells:");
    }

    /** The lab as uid 1001 with the Docker socket's group, its HOME in the job directory. */
    private LabProcess.Result asRunner(int dockerGid, Path work, String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of("setpriv", "--reuid=" + RUNNER_UID, "--regid=" + RUNNER_UID,
                "--groups=" + dockerGid, "--", LabProcess.JAVA.toString(), "-Dloomlab.home=" + LabProcess.HOME,
                "-Dloomlab.jmh.ignoreLock=true", "-jar", LabProcess.JAR.toString()));
        cmd.addAll(List.of(args));
        return LabProcess.command(tmp.resolve("log-" + args[0]), 900,
                Map.of("HOME", work.resolve("home").toString(), "TESTCONTAINERS_RYUK_DISABLED", "true"), cmd);
    }

    private static boolean worldWritable(Path p) {
        try {
            return PosixFilePermissions.toString(Files.getPosixFilePermissions(p)).charAt(7) == 'w';
        } catch (java.io.IOException e) {
            return false;
        }
    }
}
