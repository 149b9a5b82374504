package org.loomlab.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.loomlab.axis.Arch;
import org.loomlab.record.RecordJson;
import org.loomlab.record.RecordSchema;
import tools.jackson.databind.JsonNode;

import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * An arm64 runner built under qemu from the same Dockerfile on an arm64 debootstrap base, and a matrix cell
 * run in it. Emulated timings mean nothing; this proves the image and the pipeline work on arm64 before
 * an ARM lab host runs them natively.
 */
class EmulatedArm64IT {

    @TempDir
    Path tmp;

    @Test
    void imagesBuildsAnArm64RunnerAndTheMatrixRunsACellInIt() throws Exception {
        assumeTrue(Arch.host() == Arch.AMD64, "arm64 is this machine's own architecture: nothing to emulate");
        LabProcess.Result built = LabProcess.run(tmp.resolve("images"), 1800,
                "images", "--arch", "arm64", "--jdk", "openjdk-25,temurin-25");
        assertThat(built.exitCode()).as(built.stdout() + built.stderr()).isZero();
        assertThat(built.stdout()).contains("openjdk-25   built loom-lab/runner:openjdk-25-arm64",
                "temurin-25   cannot be built here: its JDK is copied from the host, which has no arm64 build of it");
        Process inspect = new ProcessBuilder("docker", "image", "inspect", "-f", "{{.Architecture}}",
                "loom-lab/runner:openjdk-25-arm64").start();
        assertThat(new String(inspect.getInputStream().readAllBytes()).strip()).isEqualTo("arm64");

        Path results = tmp.resolve("results");
        LabProcess.Result r = LabProcess.run(tmp.resolve("matrix"), 900, "matrix", "--arch", "arm64", "--profile", "smoke",
                "--jdk", "openjdk-25", "-e", "philosophers", "-p", "workload=noop", "-p", "lock=reentrant",
                "-p", "threads=virtual", "-p", "dinner=lab", "--results", results.toString(), "--matrix-id", "arm");
        assertThat(r.exitCode()).as(r.stdout() + r.stderr()).isZero();
        String hostId = new org.loomlab.fingerprint.HostFingerprint().read().name() + "-arm64-qemu";
        Path runJson = results.resolve(hostId).resolve("openjdk-25/arm/run.json");
        assertThat(RecordSchema.violations(runJson)).isEmpty();
        JsonNode record = RecordJson.mapper().readTree(runJson.toFile());
        assertThat(record.get("status").asString()).isEqualTo("complete");
        assertThat(record.at("/host/name").asString()).isEqualTo(hostId);
        assertThat(record.at("/host/arch").asString()).isEqualTo("arm64");
        assertThat(record.at("/jdk/feature_version").asInt()).isEqualTo(25);
        assertThat(record.at("/jdk/image").asString()).isEqualTo("loom-lab/runner:openjdk-25-arm64");
        // One cell: its time, its allocation per dinner and its time per table meal.
        assertThat(record.get("results")).hasSize(3).allSatisfy(c -> assertThat(c.get("status").asString()).isEqualTo("ok"));
        assertThat(results.resolve(hostId).resolve("matrix-arm.json")).isRegularFile();
    }
}
