package org.loomlab.record;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Where result sets live under a results directory, defined here only (the Justfile, Ansible and the workflow ask
 * {@code loom-lab matrix --dry-run --json} for these paths):
 * <pre>
 * results/&lt;host&gt;/&lt;jdk&gt;/&lt;run-id&gt;/run.json        one run: its record, plan.json, jmh/, report/ ...
 * results/&lt;host&gt;/&lt;jdk&gt;/&lt;run-id&gt;.container.log  a matrix runner's output
 * results/&lt;host&gt;/matrix-&lt;id&gt;.json                  a matrix: which JDK ran, and where its run.json is
 * results/matrix-&lt;id&gt;.log                           a lab host's matrix output (Ansible writes it there)
 * </pre>
 */
public record ResultsLayout(Path root) {

    public static final String RUN_JSON = "run.json";

    public Path hostDir(String host) {
        return root.resolve(host);
    }

    public Path runDir(String host, String jdk, String runId) {
        return hostDir(host).resolve(jdk).resolve(runId);
    }

    public Path containerLog(String host, String jdk, String runId) {
        return hostDir(host).resolve(jdk).resolve(runId + ".container.log");
    }

    public Path matrixRecord(String host, String matrixId) {
        return hostDir(host).resolve("matrix-" + matrixId + ".json");
    }

    public Path matrixLog(String matrixId) {
        return root.resolve("matrix-" + matrixId + ".log");
    }

    /** A run's record in its directory. */
    public static Path runJson(Path runDir) {
        return runDir.resolve(RUN_JSON);
    }

    /** The run record written last under this root, if any. */
    public Optional<Path> newestRun() {
        if (!Files.isDirectory(root)) {
            return Optional.empty();
        }
        try (Stream<Path> runs = Files.find(root, 4, (p, a) -> a.isRegularFile() && p.getFileName().toString().equals(RUN_JSON)
                && root.relativize(p).getNameCount() == 4)) {
            return runs.max(Comparator.comparing(ResultsLayout::modified));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static long modified(Path p) {
        try {
            return Files.getLastModifiedTime(p).toMillis();
        } catch (IOException e) {
            return Long.MIN_VALUE;
        }
    }
}
