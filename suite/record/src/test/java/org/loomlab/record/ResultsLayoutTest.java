package org.loomlab.record;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;

import static org.assertj.core.api.Assertions.assertThat;

class ResultsLayoutTest {

    @TempDir
    Path root;

    @Test
    void namesEveryPlaceOfAResultSet() {
        ResultsLayout layout = new ResultsLayout(root);
        assertThat(ResultsLayout.runJson(layout.runDir("h", "openjdk-25", "r1"))).isEqualTo(root.resolve("h/openjdk-25/r1/run.json"));
        assertThat(layout.containerLog("h", "openjdk-25", "r1")).isEqualTo(root.resolve("h/openjdk-25/r1.container.log"));
        assertThat(layout.matrixRecord("h", "r1")).isEqualTo(root.resolve("h/matrix-r1.json"));
        assertThat(layout.matrixLog("r1")).isEqualTo(root.resolve("matrix-r1.log"));
    }

    @Test
    void theNewestRunIsTheRecordWrittenLastAtARunsDepth() throws Exception {
        ResultsLayout layout = new ResultsLayout(root);
        assertThat(layout.newestRun()).isEmpty();
        Path older = write(layout.runDir("h", "openjdk-21", "a"), Instant.parse("2026-01-01T00:00:00Z"));
        Path newer = write(layout.runDir("h", "openjdk-25", "b"), Instant.parse("2026-02-01T00:00:00Z"));
        // A record deeper than a run's (a copy inside a report directory) is not a run of its own.
        write(layout.runDir("h", "openjdk-25", "b").resolve("report/x"), Instant.parse("2026-03-01T00:00:00Z"));
        assertThat(layout.newestRun()).contains(newer);
        Files.setLastModifiedTime(older, FileTime.from(Instant.parse("2026-04-01T00:00:00Z")));
        assertThat(layout.newestRun()).contains(older);
    }

    private static Path write(Path runDir, Instant modified) throws Exception {
        Files.createDirectories(runDir);
        Path file = Files.writeString(ResultsLayout.runJson(runDir), "{}");
        Files.setLastModifiedTime(file, FileTime.from(modified));
        return file;
    }
}
