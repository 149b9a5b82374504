package org.loomlab.matrix;

import org.loomlab.progress.Progress;
import org.loomlab.progress.ProgressEvent;

import java.time.Duration;
import java.util.Optional;

/**
 * The whole matrix's ETA while one JDK runs: its runner's own ETA, from the runner's progress events, plus for each
 * JDK after it the mean time of the JDKs done so far, or, before any is done, this JDK's elapsed time plus its ETA.
 *
 * @param startNanos    when this JDK's container started ({@link System#nanoTime()})
 * @param secondsPerJdk the mean wall time of the JDKs run so far; NaN before the first ends
 * @param jdksAfter     the JDKs still to run after this one
 */
record MatrixEta(long startNanos, double secondsPerJdk, int jdksAfter) {

    /** The matrix's time left when the runner says its own in {@code event}, at {@code nowNanos}; empty when it says none. */
    Optional<Duration> left(ProgressEvent event, long nowNanos) {
        if (event.etaSeconds() == null) {
            return Optional.empty();
        }
        double runner = event.etaSeconds();
        double perJdk = Double.isNaN(secondsPerJdk) ? (nowNanos - startNanos) / 1e9 + runner : secondsPerJdk;
        return Optional.of(Duration.ofSeconds(Math.round(runner + perJdk * jdksAfter)));
    }

    /** The line the matrix adds when a cell of this JDK finishes, e.g. {@code cell 3/65 ok | matrix ETA 49m42s}. */
    Optional<String> line(ProgressEvent event, long nowNanos) {
        if (event.kind() != ProgressEvent.Kind.FINISHED) {
            return Optional.empty();
        }
        return left(event, nowNanos).map(left -> "cell " + event.cell() + "/" + event.cells() + " " + event.status()
                + " | matrix ETA " + Progress.clock(left));
    }
}
