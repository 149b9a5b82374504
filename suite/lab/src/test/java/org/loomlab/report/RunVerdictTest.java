package org.loomlab.report;

import org.junit.jupiter.api.Test;
import org.loomlab.record.Precision;
import org.loomlab.record.RecordJson;
import org.loomlab.record.RunRecord;
import org.loomlab.record.RunStatus;

import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

class RunVerdictTest {

    /** bench-q: the run's end said 23 reached, 49 missed and 2 timed out, as its report's precision table does. */
    @Test
    void aCommittedRunsCountsAndItsShortfallsAreSaid() throws Exception {
        RunVerdict verdict = RunVerdict.of(RecordJson.read(Path.of("../../results/vm-epyc-2c-24g/temurin-25/bench-q/run.json")));

        assertThat(verdict.cells()).isEqualTo(74);
        assertThat(verdict.reached()).isEqualTo(23);
        assertThat(verdict.missed()).hasSize(49);
        assertThat(verdict.broken()).hasSize(2).allSatisfy(b -> assertThat(b).startsWith("timeout: philosophers"));
        assertThat(verdict.missed()).anySatisfy(m -> assertThat(m)
                .startsWith("coroutine-philosophers dispatcher=virtual workload=active-wait")
                .endsWith(": ±4.8 %, within ±5 % only because its 3 forks spread 1.9 %, less than the 2.4 % they usually do here"));
        assertThat(verdict.missed()).anySatisfy(m -> assertThat(m).endsWith(": no interval over forks"));
        assertThat(verdict.lines(false)).last().isEqualTo("  (exit code 0: the run completed; pass --strict to exit 1 on any of these)");
    }

    /** A run stopped midway (SIGTERM in a matrix) used to end on "exit code 0: the run completed". */
    @Test
    void aRunThatDidNotCompleteSaysSoAndHowToFinishIt() throws Exception {
        RunRecord stopped = RecordJson.read(Path.of("../../results/vm-epyc-2c-24g/temurin-25/bench-q/run.json"))
                .finish(RunStatus.INTERRUPTED, java.time.Instant.parse("2026-11-29T18:00:00Z"));
        RunVerdict verdict = RunVerdict.of(stopped);
        assertThat(verdict.complete()).isFalse();
        assertThat(verdict.lines(false)).last().asString().contains("exit code 1: the run did not complete")
                .contains("--resume");
        assertThat(verdict.lines(false)).noneMatch(l -> l.contains("exit code 0"));
    }

    @Test
    void aShortfallSaysWhyACellWithinItsTargetStillCountsShort() {
        assertThat(RunVerdict.shortfall(precision(0.20, 3, true, 0.15, 0.12))).isEqualTo("±20.0 %");
        assertThat(RunVerdict.shortfall(precision(0.20, 1, true, null, null))).isEqualTo("no interval over forks");
        assertThat(RunVerdict.shortfall(precision(0.04, 3, true, 0.02, 0.03)))
                .isEqualTo("±4.0 %, within ±5 % only because its 3 forks spread 2.0 %, less than the 3.0 % they usually do here");
        assertThat(RunVerdict.shortfall(precision(0.04, 2, true, 0.02, null)))
                .isEqualTo("±4.0 %, within ±5 % but its budget ran out first");
    }

    private static Precision precision(double halfWidth, int forks, boolean exhausted, Double forkSpread, Double usual) {
        return new Precision(0.95, 0.05, halfWidth, forks, 2, 1, 40, exhausted, forkSpread, "t over the logs of fork means",
                null, null, null, usual);
    }
}
