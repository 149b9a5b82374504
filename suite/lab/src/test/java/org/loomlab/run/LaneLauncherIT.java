package org.loomlab.run;

import org.junit.jupiter.api.Test;
import org.loomlab.docker.DockerEngine;
import org.loomlab.docker.StandingContainer;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A lane's java in its standing runner container (built by `just images`), stopped by the lab as it stops a hung fork:
 * the JVM inside must stop with it, not run on beside the next forks.
 */
class LaneLauncherIT {

    private static final String IMAGE = "loom-lab/runner:openjdk-25";

    @Test
    void aForkTheLabStopsIsAskedToStopInsideItsContainerAndLeavesNothingRunning() throws Exception {
        Path dir = Files.createTempDirectory("loomlab-it-lane");
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxrwxrwx"));
        // A JVM that never ends on its own and says when it is asked to stop (as a fork's JFR recording would be written).
        Path hang = dir.resolve("Hang.java");
        Files.writeString(hang, """
                public class Hang {
                    public static void main(String[] args) throws Exception {
                        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
                            try {
                                java.nio.file.Files.writeString(java.nio.file.Path.of(args[0]), "stopped");
                            } catch (java.io.IOException e) {
                                throw new java.io.UncheckedIOException(e);
                            }
                        }));
                        System.out.println("running");
                        Thread.sleep(Long.MAX_VALUE);
                    }
                }
                """);
        Path stopped = dir.resolve("stopped");
        String name = "loomlab-it-lane-stop";
        try (StandingContainer container = StandingContainer.start(name, IMAGE, "65534:65534", List.of(dir), Map.of())) {
            Path java = container.launcher(dir, "/opt/jdk/bin/java", Duration.ofMinutes(10));
            ForkedProcess.Outcome outcome = ForkedProcess.run(List.of(java.toString(), hang.toString(), stopped.toString()),
                    dir.resolve("fork.log"), Duration.ofSeconds(15), null);

            assertThat(outcome.ending()).isEqualTo(ForkedProcess.Ending.TIMED_OUT);
            assertThat(outcome.forkLog()).contains("running");
            assertThat(stopped).as("the JVM in the container was asked to stop, and ran its shutdown hooks").hasContent("stopped");
            List<String> left = Arrays.stream(DockerEngine.client().topContainerCmd(name).exec().getProcesses())
                    .map(p -> String.join(" ", p)).toList();
            assertThat(left).as("only the container's idle process is left once the lab has stopped the fork").hasSize(1)
                    .allMatch(p -> p.contains("sleep infinity"));
        }
    }
}
