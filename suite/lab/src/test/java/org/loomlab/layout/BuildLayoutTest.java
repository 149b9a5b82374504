package org.loomlab.layout;

import org.junit.jupiter.api.Test;

import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class BuildLayoutTest {

    private final BuildLayout layout = new BuildLayout(Path.of("/lab"));

    @Test
    void namesTheJarsWhereTheModulesPomsBuildThem() {
        assertThat(layout.benchmarksJar()).isEqualTo(Path.of("/lab/suite/bench/target/benchmarks.jar"));
        assertThat(layout.labJar()).isEqualTo(Path.of("/lab/suite/lab/target/loom-lab.jar"));
        assertThat(layout.fixtureJar()).isEqualTo(Path.of("/lab/suite/fixture/target/fixture.jar"));
        assertThat(layout.asyncProfilerJar()).isEqualTo(Path.of("/lab/suite/lab/target/async-profiler.jar"));
        assertThat(layout.imageLog("openjdk-25")).isEqualTo(Path.of("/lab/suite/lab/target/images/openjdk-25.log"));
    }

    @Test
    void hashesTheRunJarsInTheOrderRecordsWereHashedIn() {
        // the record's suite.jars_sha256 is over these in this order: a new order would make every old hash differ
        assertThat(layout.runJars()).containsExactly(layout.labJar(), layout.benchmarksJar(), layout.fixtureJar());
    }

    @Test
    void checksIds() {
        Ids.check("run id", null);
        Ids.check("run id", "bench-1.a_b");
        assertThatThrownBy(() -> Ids.check("run id", "../x")).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("run id '../x' may hold only letters, digits, '.', '_' and '-'");
    }
}
