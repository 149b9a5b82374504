package org.loomlab.run;

import org.loomlab.record.Pinning;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;

/**
 * Were the carriers of a virtual-thread cell pinned, and why? Starts a JFR recording of every
 * {@code jdk.VirtualThreadPinned} event in each measured JVM of the cell and reads them afterwards.
 *
 * <p>Pitfalls it guards against: the default threshold (20 ms) hides the short pins that add up;
 * the default JFR settings switch on dozens of other events that would cost the measured JVM; JMH
 * forks several JVMs per cell, so each writes its own file ({@code %p} is the fork's pid) and the
 * counts are summed over all of them, warm-up iterations included.
 */
final class PinnedEventRecording {

    private static final String SETTINGS = "pinning.jfc";

    private PinnedEventRecording() {
    }

    /** The flag that makes a measured JVM record pinned events into {@code runDir/jfr/NAME-PID.jfr}. */
    static String flag(Path runDir, String name) {
        Path dir = runDir.resolve("jfr");
        Path settings = dir.resolve(SETTINGS);
        try {
            Files.createDirectories(dir);
            if (!Files.exists(settings)) {
                try (InputStream in = PinnedEventRecording.class.getResourceAsStream(SETTINGS)) {
                    Files.copy(in, settings, StandardCopyOption.REPLACE_EXISTING);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot prepare the JFR settings in " + dir, e);
        }
        return "-XX:StartFlightRecording:settings=" + settings + ",dumponexit=true,filename="
                + dir.resolve(name + "-%p.jfr");
    }

    /**
     * The pinned events every measured JVM of the cell recorded; null when none left a recording. A JVM killed with
     * SIGKILL leaves an empty file (JFR dumps on exit): it recorded nothing readable and is skipped.
     */
    static Pinning read(Path runDir, String name) throws IOException {
        List<Path> files = recordings(runDir, name).stream().filter(f -> f.toFile().length() > 0).toList();
        return files.isEmpty() ? null : Pinning.read(files);
    }

    /** Removes the cell's recordings of an earlier attempt (a run resumed after a kill). */
    static void clear(Path runDir, String name) throws IOException {
        CellFiles.clear(runDir.resolve("jfr"), name, ".jfr");
    }

    private static List<Path> recordings(Path runDir, String name) throws IOException {
        return CellFiles.of(runDir.resolve("jfr"), name, ".jfr");
    }
}
