package org.loomlab.cli;

import org.junit.jupiter.api.Test;
import org.loomlab.run.Progress;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class MatrixEtaTest {

    @Test
    void readsTheClockTextsProgressWrites() {
        assertThat(Progress.seconds("1h02m")).isEqualTo(3720);
        assertThat(Progress.seconds("4m39s")).isEqualTo(279);
        assertThat(Progress.seconds("7s")).isEqualTo(7);
        assertThatThrownBy(() -> Progress.seconds("soon")).hasMessage("not a clock text: 'soon'");
    }

    @Test
    void addsTheJdksStillToComeToTheRunnersOwnEta() {
        MatrixCommand.MatrixEta eta = new MatrixCommand.MatrixEta(System.nanoTime(), 600, 2);
        assertThat(eta.annotate("avgt 635 ms/op in 5.0s | elapsed 8m55s, ETA 29m42s"))
                .endsWith("ETA 29m42s | matrix ETA 49m42s");
        assertThat(eta.annotate("[ 1/65] lock=reentrant ... (planned ETA 7m35s)")).doesNotContain("matrix ETA");
    }

    @Test
    void beforeAnyJdkEndsEachLaterOneIsGuessedFromThisOne() {
        long startedTenMinutesAgo = System.nanoTime() - 600_000_000_000L;
        MatrixCommand.MatrixEta eta = new MatrixCommand.MatrixEta(startedTenMinutesAgo, Double.NaN, 3);
        // this JDK: 10 min done + 20 min to go, so each of the 3 after it is guessed at 30 min
        assertThat(eta.annotate("| elapsed 10m00s, ETA 20m00s")).endsWith("matrix ETA 1h50m");
    }
}
