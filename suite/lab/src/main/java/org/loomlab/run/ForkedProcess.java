package org.loomlab.run;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

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

    /** A throwable's first line as the JVM prints it, e.g. {@code java.lang.IllegalStateException: fixture ...}. */
    private static final Pattern THROWN =
            Pattern.compile("^(ERROR: |Exception in thread \"[^\"]*\" )?[\\w$.]+(Exception|Error)(: .*)?$");

    /**
     * Why a cell's process failed, for its message: the first exception the log shows (JMH prints the
     * benchmark's own failure before its summary), else the last line that says something.
     */
    static String lastLine(Path log) {
        try {
            List<String> lines = Files.readAllLines(log);
            String last = null;
            for (String raw : lines) {
                String line = raw.strip();
                Matcher m = THROWN.matcher(line);
                if (m.matches()) {
                    return shorten(m.group(1) == null ? line : line.substring(m.group(1).length()));
                }
                if (!line.isEmpty()) {
                    last = line;
                }
            }
            return last == null ? "(no output)" : shorten(last);
        } catch (IOException | RuntimeException e) {
            return "(log unreadable: " + e.getMessage() + ")";
        }
    }

    private static String shorten(String line) {
        return line.length() > 300 ? line.substring(0, 300) + "..." : line;
    }
}
