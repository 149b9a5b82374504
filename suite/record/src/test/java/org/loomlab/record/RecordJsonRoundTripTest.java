package org.loomlab.record;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

class RecordJsonRoundTripTest {

    /** A committed record with every cell field in use (forks, precision, pinning, percentiles, errors, meal spread). */
    private static final Path BENCH_RUN = Path.of("../../results/vm-epyc-2c-24g/temurin-25/bench-c/run.json");

    @Test
    void rewritesACommittedRunRecordByteForByte(@TempDir Path dir) throws Exception {
        Path rewritten = dir.resolve("run.json");
        RecordJson.writeAtomically(rewritten, RecordJson.read(BENCH_RUN));
        assertThat(Files.readString(rewritten)).isEqualTo(Files.readString(BENCH_RUN));
        assertThat(Files.readAllBytes(rewritten)).isEqualTo(Files.readAllBytes(BENCH_RUN));
    }

    /** A committed matrix record of JDKs named by their ids, made before matrix lanes. */
    private static final Path MATRIX = Path.of("../../results/vm-epyc-2c-24g/matrix-quick-4jdks-e.json");

    @Test
    void rewritesACommittedMatrixRecordByteForByteWithNoLaneField(@TempDir Path dir) throws Exception {
        Path rewritten = dir.resolve("matrix.json");
        RecordJson.writeAtomically(rewritten, RecordJson.mapper().readValue(MATRIX.toFile(), MatrixRecord.class));
        assertThat(Files.readString(rewritten)).isEqualTo(Files.readString(MATRIX)).doesNotContain("\"lane\"");
    }

    @Test
    void keepsTheLaneOfAnEntryThatSharesItsJdkWithAnother(@TempDir Path dir) throws Exception {
        MatrixRecord.Entry a = new MatrixRecord.Entry("openjdk-25", "ok", null, "a/m/run.json").inLane("a");
        MatrixRecord.Entry same = new MatrixRecord.Entry("openjdk-25", "ok", null, "openjdk-25/m/run.json").inLane("openjdk-25");
        Path file = dir.resolve("matrix-m.json");
        RecordJson.writeAtomically(file, new MatrixRecord("m", "smoke", java.time.Instant.EPOCH, null, java.util.List.of(a, same)));
        MatrixRecord read = RecordJson.mapper().readValue(file.toFile(), MatrixRecord.class);
        assertThat(read.jdks()).containsExactly(a, same);
        assertThat(read.jdks()).extracting(MatrixRecord.Entry::name).containsExactly("a", "openjdk-25");
        assertThat(read.jdks()).extracting(MatrixRecord.Entry::jdk).containsOnly("openjdk-25");
        // A lane named by its JDK's id is written as every matrix before lanes wrote it; no derived "name" field.
        assertThat(Files.readString(file)).contains("\"lane\" : \"a\"").containsOnlyOnce("\"lane\"").doesNotContain("\"name\"");
    }
}
