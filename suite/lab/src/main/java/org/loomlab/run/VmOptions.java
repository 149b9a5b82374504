package org.loomlab.run;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Whether the JDK a run forks accepts the VM options ({@code -XX:}) a cell's JVM must start with, asked once per JDK
 * and set of options with {@code java OPTIONS -version}. Not every build has every collector (Shenandoah is missing
 * from some vendors' builds, ZGC from some architectures). The pitfall it guards against: a cell that fails in every
 * fork and is recorded failed, when this JDK simply lacks the option; such a cell is recorded skipped, in the JVM's
 * own words. System properties ({@code -D}) never make a JVM refuse to start and are not asked about.
 */
final class VmOptions {

    /** Answers so far, by the java launcher and the options asked about: empty when it accepts them. */
    private static final Map<List<String>, Optional<String>> ANSWERS = new ConcurrentHashMap<>();

    /** What the JVM says before it gives up, which names no option. */
    private static final List<String> GIVING_UP = List.of("Error: Could not create the Java Virtual Machine",
            "Error: A fatal exception has occurred");

    private VmOptions() {
    }

    /** Why {@code java} refuses the VM options among {@code flags}, or empty when it takes them (or there are none). */
    static Optional<String> refusal(Path java, List<String> flags) {
        List<String> options = flags.stream().filter(f -> f.startsWith("-XX:")).toList();
        if (options.isEmpty()) {
            return Optional.empty();
        }
        List<String> key = new ArrayList<>(List.of(java.toString()));
        key.addAll(options);
        return ANSWERS.computeIfAbsent(List.copyOf(key), k -> ask(java, options));
    }

    private static Optional<String> ask(Path java, List<String> options) {
        List<String> command = new ArrayList<>(List.of(java.toString()));
        command.addAll(options);
        command.add("-version");
        try {
            Process probe = new ProcessBuilder(command).redirectErrorStream(true).start();
            // -version ends by itself; its output is a few lines, read to the end before the exit code.
            String said = new String(probe.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            int exit = probe.waitFor();
            if (exit == 0) {
                return Optional.empty();
            }
            String why = said.lines().map(String::strip).filter(l -> !l.isEmpty())
                    .filter(l -> GIVING_UP.stream().noneMatch(l::startsWith)).findFirst().orElse("exit " + exit);
            return Optional.of("this JDK (" + java + ") refuses " + String.join(" ", options) + ": " + why);
        } catch (IOException e) {
            // A java that cannot even start: the cell's fork says why in its log.
            return Optional.empty();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.empty();
        }
    }
}
