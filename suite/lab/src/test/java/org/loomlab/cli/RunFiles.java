package org.loomlab.cli;

import org.loomlab.record.RecordJson;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/** Finding the run records a forked lab wrote, and the JVMs it may have left behind. */
final class RunFiles {

    private RunFiles() {
    }

    /** The one run.json under {@code results}. */
    static Path onlyRunJson(Path results) throws IOException {
        try (Stream<Path> walk = Files.walk(results)) {
            List<Path> found = walk.filter(p -> p.getFileName().toString().equals("run.json")).toList();
            assertThat(found).hasSize(1);
            return found.get(0);
        }
    }

    /** The JFR recordings of the cell {@code cell} (e.g. {@code cell-01}) in {@code runDir} that are not empty. */
    static List<Path> nonEmptyJfr(Path runDir, String cell) throws IOException {
        try (Stream<Path> jfr = Files.list(runDir.resolve("jfr"))) {
            return jfr.filter(f -> f.getFileName().toString().startsWith(cell + "-")).filter(f -> f.toFile().length() > 0)
                    .toList();
        }
    }

    /** Waits until a run.json under {@code results} holds at least {@code cells} cells, and returns it. */
    static Path awaitRunJson(Path results, int cells, Duration limit) throws Exception {
        return awaitRunJsons(results, 1, cells, limit).get(0);
    }

    /**
     * The first {@code records} run.json files under {@code results} that hold {@code cells} result rows each: a lanes
     * run writes its lanes' records one after another, so one lane's record holding a cell says nothing of the others.
     */
    static List<Path> awaitRunJsons(Path results, int records, int cells, Duration limit) throws Exception {
        Instant end = Instant.now().plus(limit);
        while (Instant.now().isBefore(end)) {
            if (Files.isDirectory(results)) {
                List<Path> done = new java.util.ArrayList<>();
                try (Stream<Path> walk = Files.walk(results)) {
                    for (Path p : walk.filter(f -> f.getFileName().toString().equals("run.json")).toList()) {
                        if (RecordJson.mapper().readTree(p.toFile()).get("results").size() >= cells) {
                            done.add(p);
                        }
                    }
                }
                if (done.size() >= records) {
                    return done.subList(0, records);
                }
            }
            Thread.sleep(100);
        }
        throw new AssertionError("no " + records + " run.json with " + cells + " cells under " + results + " within " + limit);
    }

    /**
     * Processes whose command line names the run directory (JMH runners and forks of that run) that are still there
     * 5 s after the run ended; a JVM that is exiting may take a moment to leave the process table.
     */
    static List<String> strayJvmsOf(Path runDir) throws InterruptedException {
        Instant end = Instant.now().plusSeconds(5);
        List<String> left;
        do {
            left = ProcessHandle.allProcesses().map(p -> p.info().commandLine().orElse(""))
                    .filter(c -> c.contains(runDir.toString())).toList();
            if (left.isEmpty()) {
                return left;
            }
            Thread.sleep(100);
        } while (Instant.now().isBefore(end));
        return left;
    }
}
