package org.loomlab.run;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/**
 * The files the measured JVMs of one cell write beside the record, one per JVM ({@code DIR/NAME-PID.SUFFIX}): JFR
 * recordings, latency histograms. A cell clears its earlier attempt's before it runs (a run resumed after a kill),
 * so it reads only the JVMs it ran.
 */
final class CellFiles {

    private CellFiles() {
    }

    /** The cell's files in {@code dir} ending in {@code suffix}, in name order; none when the directory is missing. */
    static List<Path> of(Path dir, String name, String suffix) throws IOException {
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        try (Stream<Path> list = Files.list(dir)) {
            return list.filter(f -> f.getFileName().toString().startsWith(name + "-")
                    && f.getFileName().toString().endsWith(suffix)).sorted().toList();
        }
    }

    /** What an earlier attempt of the cell left: its log and its JVMs' pinned-event recordings. */
    static void clearAttempt(Path runDir, String name) throws IOException {
        Files.deleteIfExists(runDir.resolve("logs").resolve(name + ".log"));
        PinnedEventRecording.clear(runDir, name);
    }

    static void clear(Path dir, String name, String suffix) throws IOException {
        for (Path f : of(dir, name, suffix)) {
            Files.deleteIfExists(f);
        }
    }
}
