package org.loomlab.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.loomlab.record.RunRecord;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** Which records an export of a lanes run reads: the lanes given, and those found beside one of them. */
class ExportCommandTest {

    private static final Path LANE_21 = Path.of("../../results/vm-xeon-2c-24g/openjdk-21/turns-21-25-i");
    private static final Path LANE_25 = Path.of("../../results/vm-xeon-2c-24g/openjdk-25/turns-21-25-i");

    @TempDir
    Path tmp;

    @Test
    void oneLaneBringsItsPartnerAndBothGivenAreReadOnce() throws Exception {
        Map<Path, RunRecord> one = ExportCommand.withLanes(List.of(LANE_21));
        assertThat(one.values()).extracting(r -> r.jdk().id()).containsExactly("openjdk-21", "openjdk-25");
        Map<Path, RunRecord> both = ExportCommand.withLanes(List.of(LANE_25.resolve("run.json"), LANE_21));
        assertThat(both.values()).extracting(r -> r.jdk().id()).containsExactly("openjdk-25", "openjdk-21");
    }

    @Test
    void aLaneCopiedAloneIsExportedAlone() throws Exception {
        Path copy = Files.createDirectories(tmp.resolve("host/openjdk-21/turns-21-25-i"));
        Files.copy(LANE_21.resolve("run.json"), copy.resolve("run.json"));
        assertThat(ExportCommand.withLanes(List.of(copy))).hasSize(1);
    }

    @Test
    void writesTheTrackerFilesIntoOutDirAndRefusesOutFile() throws Exception {
        int ok = LoomLab.execute(new String[] {"export", LANE_21.toString(), "--format", "bencher", "--out-dir", tmp.toString()});
        assertThat(ok).isZero();
        assertThat(tmp.resolve("bencher.json")).isNotEmptyFile();
        int refused = LoomLab.execute(new String[] {"export", LANE_21.toString(), "--format", "github-action-benchmark",
                "--out", tmp.resolve("x.json").toString()});
        assertThat(refused).isNotZero();
        assertThat(tmp.resolve("x.json")).doesNotExist();
    }
}
