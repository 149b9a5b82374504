package org.loomlab.progress;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * The runner's machine-readable progress: {@link ProgressEvent}s appended as JSON lines to {@code progress.jsonl} in the
 * run directory, beside {@code run.json}.
 *
 * <p>Why a file and not marked lines on stdout: stdout stays the human lines alone, for a person at a terminal and
 * for the container's log, and the matrix reads the file through the results directory it already shares with the
 * runner container (/results), without parsing any output. A resumed run appends to the same file; a reader starts
 * where the file ended when it began watching ({@link ProgressTail}).
 */
public final class ProgressLog {

    public static final String FILE = "progress.jsonl";

    private final Path file;
    private final PrintStream complaints;
    private boolean complained;

    /** @param complaints where a failed write is said, once; the run goes on without its events */
    public ProgressLog(Path file, PrintStream complaints) {
        this.file = file;
        this.complaints = complaints;
    }

    public Path file() {
        return file;
    }

    /** Appends {@code event} as one whole line (a reader never takes a line without its end). */
    public synchronized void append(ProgressEvent event) {
        try {
            Files.writeString(file, event.json() + "\n", StandardCharsets.UTF_8, StandardOpenOption.CREATE,
                    StandardOpenOption.APPEND);
        } catch (IOException e) {
            // Progress is advisory: the record is what counts, and its own writes fail loudly.
            if (!complained) {
                complained = true;
                complaints.println("note: progress events not written to " + file + ": " + e.getMessage());
            }
        }
    }
}
