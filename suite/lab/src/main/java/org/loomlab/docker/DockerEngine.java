package org.loomlab.docker;

import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.api.command.BuildImageResultCallback;
import com.github.dockerjava.api.command.InspectImageResponse;
import com.github.dockerjava.api.command.PullImageResultCallback;
import com.github.dockerjava.api.exception.NotFoundException;
import com.github.dockerjava.api.model.BuildResponseItem;
import com.github.dockerjava.api.model.PullResponseItem;
import org.testcontainers.DockerClientFactory;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * The one way the lab talks to Docker: Testcontainers' client (docker-java), for the fixture container, the runner
 * images and the matrix's runner containers alike. No {@code docker} command line is started from Java, so there
 * is one answer to "is there an engine", one error when there is none, and no output to parse.
 */
public final class DockerEngine {

    private DockerEngine() {
    }

    /** Whether an engine answers. */
    public static boolean answers() {
        return DockerClientFactory.instance().isDockerAvailable();
    }

    /** The client, or a one-line error saying how to start an engine. */
    public static DockerClient client() {
        if (!answers()) {
            throw new IllegalArgumentException("no Docker engine answers; start one with: bin/docker-engine (just docker)");
        }
        return DockerClientFactory.lazyClient();
    }

    /** The image as the engine describes it, or empty when it has none of that name. */
    public static Optional<InspectImageResponse> image(String name) {
        try {
            return Optional.of(client().inspectImageCmd(name).exec());
        } catch (NotFoundException e) {
            return Optional.empty();
        }
    }

    public static boolean exists(String image) {
        return image(image).isPresent();
    }

    /** The image's id ({@code sha256:...}); a one-line error when it is not there. */
    public static String imageId(String image) {
        return image(image).orElseThrow(() -> new IllegalArgumentException("image " + image + " is not built (just images)")).getId();
    }

    /**
     * Builds {@code image} from {@code context} (a directory holding its Dockerfile) with the engine's classic builder,
     * appending the build's output to {@code log}; returns the image id or throws with the log's last line.
     */
    public static String build(Path context, String image, Map<String, String> args, Path log, Duration limit) throws IOException {
        var cmd = client().buildImageCmd(context.toFile()).withTags(Set.of(image)).withPull(false).withRemove(true);
        args.forEach(cmd::withBuildArg);
        try (PrintWriter out = appending(log)) {
            BuildImageResultCallback done = cmd.exec(new BuildImageResultCallback() {
                @Override
                public void onNext(BuildResponseItem item) {
                    if (item.getStream() != null) {
                        out.print(item.getStream());
                        out.flush();
                    }
                    super.onNext(item);
                }
            });
            return done.awaitImageId(limit.toMillis(), TimeUnit.MILLISECONDS);
        } catch (RuntimeException e) {
            throw new IOException("docker build of " + image + " failed: " + firstLine(e) + "; see " + log, e);
        }
    }

    /** Pulls {@code image}; empty when pulled, else why not (no registry answers here, for one), in one line. */
    public static Optional<String> pull(String image, Path log, Duration limit) throws IOException {
        try (PrintWriter out = appending(log)) {
            boolean ended = client().pullImageCmd(image).exec(new PullImageResultCallback() {
                @Override
                public void onNext(PullResponseItem item) {
                    if (item.getStatus() != null) {
                        out.println(item.getStatus() + (item.getProgress() == null ? "" : " " + item.getProgress()));
                        out.flush();
                    }
                    super.onNext(item);
                }
            }).awaitCompletion(limit.toMillis(), TimeUnit.MILLISECONDS);
            return ended ? Optional.empty()
                    : Optional.of("docker pull " + image + " gave no answer within " + limit.toSeconds() + " s");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.of("docker pull " + image + " interrupted");
        } catch (RuntimeException e) {
            return Optional.of("docker pull " + image + " failed: " + firstLine(e));
        }
    }

    /** Removes a container by name or id, whether it runs or not; nothing when there is none. */
    public static void remove(String container) {
        if (!answers()) {
            return; // no engine: nothing could have been started either
        }
        try {
            DockerClientFactory.lazyClient().removeContainerCmd(container).withForce(true).withRemoveVolumes(true).exec();
        } catch (NotFoundException gone) {
            // Already removed (or never created): what was asked for.
        }
    }

    static String firstLine(Throwable e) {
        String m = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        return m.lines().map(String::strip).filter(l -> !l.isEmpty()).findFirst().orElse(m);
    }

    private static PrintWriter appending(Path log) throws IOException {
        Files.createDirectories(log.getParent());
        return new PrintWriter(Files.newBufferedWriter(log, StandardOpenOption.CREATE, StandardOpenOption.APPEND));
    }
}
