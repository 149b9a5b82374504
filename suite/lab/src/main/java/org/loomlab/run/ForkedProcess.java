package org.loomlab.run;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A child JVM with its output in a log file and a deadline. On timeout or interrupt the whole
 * process tree is killed: JMH's own forks included, so no stray JVM outlives its cell.
 */
final class ForkedProcess {

    /** How a forked process ended. */
    record Outcome(Ending ending, int exitCode, String lastLine) {
    }

    enum Ending { EXITED, TIMED_OUT }

    private ForkedProcess() {
    }

    static Outcome run(List<String> command, Path log, Duration timeout) throws IOException, InterruptedException {
        Files.createDirectories(log.getParent());
        Process process = new ProcessBuilder(command)
                .redirectErrorStream(true)
                .redirectOutput(log.toFile())
                .redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()))
                .start();
        try {
            if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                killTree(process);
                return new Outcome(Ending.TIMED_OUT, -1, lastLine(log));
            }
            return new Outcome(Ending.EXITED, process.exitValue(), lastLine(log));
        } catch (InterruptedException e) {
            killTree(process);
            throw e;
        }
    }

    static void killTree(Process process) throws InterruptedException {
        process.toHandle().descendants().forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly();
        process.waitFor(10, TimeUnit.SECONDS);
    }

    /** The last line of the log that says something, trimmed, for the cell's message. */
    static String lastLine(Path log) {
        try {
            List<String> lines = Files.readAllLines(log);
            for (int i = lines.size() - 1; i >= 0; i--) {
                String line = lines.get(i).strip();
                if (!line.isEmpty()) {
                    return line.length() > 300 ? line.substring(0, 300) + "..." : line;
                }
            }
        } catch (IOException | RuntimeException e) {
            return "(log unreadable: " + e.getMessage() + ")";
        }
        return "(no output)";
    }
}
