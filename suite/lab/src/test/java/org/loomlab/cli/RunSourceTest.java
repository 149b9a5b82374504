package org.loomlab.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

class RunSourceTest {

    @TempDir
    Path results;

    @Test
    void aRunLaidOutAsResultsHostJdkRunHasItsHostTwoLevelsUp() {
        Path run = results.resolve("vm-epyc/openjdk-27/nuh-plain/run.json");

        assertThat(RunSource.hostDir(run, "vm-epyc")).isEqualTo(results.resolve("vm-epyc"));
    }

    @Test
    void aStudyKeptDeeperFindsTheDirectoryNamedAsItsHost() {
        Path run = results.resolve("vm-epyc/coroutine-resubmit/rerun/openjdk-27/nuh-plain/run.json");

        assertThat(RunSource.hostDir(run, "vm-epyc")).isEqualTo(results.resolve("vm-epyc"));
        assertThat(RunSource.hostDir(run)).isEqualTo(results.resolve("vm-epyc/coroutine-resubmit/rerun"));
    }

    @Test
    void aRecordFiledUnderAnotherHostNameFallsBackToItsLayout() {
        Path run = results.resolve("epyc/temurin-25/bench-b/run.json");

        assertThat(RunSource.hostDir(run, "vm-epyc-2c-24g")).isEqualTo(results.resolve("epyc"));
    }
}
