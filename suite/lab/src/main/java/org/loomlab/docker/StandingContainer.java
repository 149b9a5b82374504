package org.loomlab.docker;

import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.api.model.Bind;
import com.github.dockerjava.api.model.HostConfig;
import com.github.dockerjava.api.model.Volume;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * A runner container that stays up for a whole run while the lab starts its JVMs in it one fork at a time
 * ({@code docker exec}), so that starting a fork costs no container start inside the measurement. The host's paths it
 * is given are bound at the same paths inside, so a fork's command line (jars, record files, JFR files) means the
 * same in the container as on the host. Removed by {@link #close()}, and by {@code loom-lab reap} when a killed lab
 * left it behind (it carries its owner's labels).
 */
public final class StandingContainer implements AutoCloseable {

    private final String name;

    private StandingContainer(String name) {
        this.name = name;
    }

    /**
     * Starts {@code image} as {@code name}, idle until removed, on the host's network (the fixture listens on loopback),
     * as {@code user}, with each of {@code paths} bound at its own path.
     */
    public static StandingContainer start(String name, String image, String user, List<Path> paths, Map<String, String> labels) {
        DockerClient docker = DockerEngine.client();
        DockerEngine.remove(name); // left over from a killed lab under the same name
        List<Bind> binds = paths.stream().map(Path::toAbsolutePath).distinct()
                .map(p -> new Bind(p.toString(), new Volume(p.toString()))).toList();
        var create = docker.createContainerCmd(image).withName(name).withLabels(labels).withEnv("HOME=/tmp")
                .withEntrypoint("sleep").withCmd("infinity")
                .withHostConfig(HostConfig.newHostConfig().withNetworkMode("host").withBinds(binds));
        if (user != null) {
            create.withUser(user);
        }
        String id = create.exec().getId();
        try {
            docker.startContainerCmd(id).exec();
        } catch (RuntimeException e) {
            DockerEngine.remove(id);
            throw new IllegalArgumentException("runner container " + name + " of " + image + " did not start: "
                    + DockerEngine.firstLine(e));
        }
        return new StandingContainer(name);
    }

    /**
     * An executable in {@code dir} that the lab starts as a lane's java: it runs {@code java} in this container with the
     * arguments given, killed inside the container after {@code limit} at the latest. {@code docker exec} passes no
     * signal on, so when the lab stops a fork (its timeout, ^C) the script stops the container's JVMs itself: asked
     * first, so that JFR writes its recording, then killed, within the lab's grace and so before the next fork starts.
     * Otherwise the stopped JVM ran on beside the forks to come, on their CPUs and holding JMH's lock.
     */
    public Path launcher(Path dir, String java, Duration limit) throws IOException {
        Path script = dir.resolve(name + "-java");
        Files.writeString(script, "#!/bin/sh\n"
                + "# The java of lane " + name + ": its JVMs run in the container, which stays up for the run.\n"
                + "trap 'docker exec " + name + " sh -c \"kill -TERM -1; sleep " + STOP_GRACE_SECONDS
                + "; kill -KILL -1\"; exit 143' TERM INT\n"
                + "docker exec " + name + " timeout -s KILL " + limit.toSeconds() + " " + java + " \"$@\" &\n"
                + "wait $!\n");
        Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwx------"));
        return script;
    }

    /**
     * How long a stopped fork's JVMs in the container may take to exit before they are killed: under the lab's grace
     * for a stopped fork (5 s), so that the container is empty by the time the lab goes on.
     */
    static final int STOP_GRACE_SECONDS = 3;

    @Override
    public void close() {
        DockerEngine.remove(name);
    }
}
