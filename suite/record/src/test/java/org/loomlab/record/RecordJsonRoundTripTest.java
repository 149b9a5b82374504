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
}
