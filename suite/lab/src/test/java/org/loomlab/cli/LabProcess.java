package org.loomlab.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/** The packaged loom-lab.jar started as a real child process, as a user would run it. */
final class LabProcess {

    static final Path HOME = Path.of(System.getProperty("loomlab.home", "../..")).toAbsolutePath().normalize();
    static final Path JAR = Path.of(System.getProperty("loomlab.jar", "target/loom-lab.jar")).toAbsolutePath();
    static final Path JAVA = Path.of(System.getProperty("java.home"), "bin", "java");

    record Result(int exitCode, String stdout, String stderr) {
    }

    private LabProcess() {
    }

    static Process start(Path logDir, String... args) throws IOException {
        // JMH's host lock would fail cells while another benchmark runs here; tests assert behaviour, not speed.
        List<String> cmd = new ArrayList<>(List.of(JAVA.toString(), "-Dloomlab.home=" + HOME,
                "-Dloomlab.jmh.ignoreLock=true", "-jar", JAR.toString()));
        cmd.addAll(List.of(args));
        return start(logDir, cmd, Map.of());
    }

    private static Process start(Path logDir, List<String> cmd, Map<String, String> env) throws IOException {
        Files.createDirectories(logDir);
        ProcessBuilder pb = new ProcessBuilder(cmd)
                .redirectOutput(logDir.resolve("stdout.txt").toFile())
                .redirectError(logDir.resolve("stderr.txt").toFile());
        pb.environment().putAll(env);
        return pb.start();
    }

    static Result run(Path logDir, long timeoutSeconds, String... args) throws IOException, InterruptedException {
        return await(start(logDir, args), logDir, timeoutSeconds, "loom-lab " + String.join(" ", args));
    }

    /** Any other program the tests drive (a script, ansible-playbook), with extra environment. */
    static Result command(Path logDir, long timeoutSeconds, Map<String, String> env, List<String> cmd)
            throws IOException, InterruptedException {
        return await(start(logDir, cmd, env), logDir, timeoutSeconds, String.join(" ", cmd));
    }

    private static Result await(Process p, Path logDir, long timeoutSeconds, String what) throws IOException, InterruptedException {
        if (!p.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
            p.toHandle().descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
            throw new AssertionError(what + " did not end within " + timeoutSeconds + " s");
        }
        return new Result(p.exitValue(), Files.readString(logDir.resolve("stdout.txt")),
                Files.readString(logDir.resolve("stderr.txt")));
    }
}
