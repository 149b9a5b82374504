package org.loomlab.matrix;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.loomlab.progress.ProgressEvent;
import org.loomlab.progress.ProgressLog;
import org.loomlab.progress.ProgressTail;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

class MatrixEtaTest {

    @TempDir
    Path tmp;

    private static ProgressEvent started(int cell, double eta) {
        return new ProgressEvent(ProgressEvent.Kind.STARTED, cell, 3, "philosophers lock=reentrant", null, null, 0, eta);
    }

    private static ProgressEvent finished(int cell, String status, double elapsed, double eta) {
        return new ProgressEvent(ProgressEvent.Kind.FINISHED, cell, 3, "philosophers lock=reentrant", status, 8, elapsed, eta);
    }

    @Test
    void followsTheRunnersEventsAndAddsTheJdksStillToCome() {
        Path file = tmp.resolve(ProgressLog.FILE);
        ProgressLog runner = new ProgressLog(file, System.out);
        runner.append(finished(9, "ok", 100, 999)); // an earlier session's, before the matrix began to watch
        ProgressTail tail = ProgressTail.from(file);
        long now = System.nanoTime();
        MatrixEta eta = new MatrixEta(now, 600, 2); // JDKs so far took 10 min each, two more to come

        runner.append(started(1, 1800));
        runner.append(finished(1, "ok", 535, 1782));
        runner.append(started(2, 1782));
        runner.append(finished(2, "timeout", 900, 1200));
        runner.append(new ProgressEvent(ProgressEvent.Kind.ENDED, 2, 3, null, "interrupted", null, 901, null));
        List<String> lines = tail.poll().stream().map(e -> eta.line(e, now)).flatMap(Optional::stream).toList();

        // 1782 s of this runner + 2 x 600 s = 2982 s; 1200 s + 1200 s = 2400 s
        assertThat(lines).containsExactly("cell 1/3 ok | matrix ETA 49m42s", "cell 2/3 timeout | matrix ETA 40m00s");
        assertThat(tail.poll()).isEmpty();
    }

    @Test
    void beforeAnyJdkEndsEachLaterOneIsGuessedFromThisOne() {
        long now = System.nanoTime();
        MatrixEta eta = new MatrixEta(now - 600_000_000_000L, Double.NaN, 3);
        // this JDK: 10 min done + 20 min to go, so each of the 3 after it is guessed at 30 min
        assertThat(eta.line(finished(1, "ok", 600, 1200), now)).hasValue("cell 1/3 ok | matrix ETA 1h50m");
        assertThat(eta.line(started(2, 1200), now)).isEmpty();
    }
}
