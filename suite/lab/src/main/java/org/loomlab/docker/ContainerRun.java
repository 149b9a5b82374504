package org.loomlab.docker;

import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.api.async.ResultCallback;
import com.github.dockerjava.api.command.WaitContainerResultCallback;
import com.github.dockerjava.api.model.Bind;
import com.github.dockerjava.api.model.Frame;
import com.github.dockerjava.api.model.HostConfig;
import com.github.dockerjava.api.model.StreamType;
import com.github.dockerjava.api.model.Volume;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * One container run to its end, as {@code docker run} would (without {@code --rm}: the lab removes it itself once its
 * output is read, also when it is killed for its time limit). Its output reaches a consumer line by line.
 */
public final class ContainerRun {

    private final String name;
    private final String image;
    private final List<String> env = new ArrayList<>();
    private final Map<String, String> labels = new LinkedHashMap<>();
    private final List<Bind> binds = new ArrayList<>();
    private final HostConfig host = HostConfig.newHostConfig();
    private final List<String> args = new ArrayList<>();
    private String user;

    public ContainerRun(String name, String image) {
        this.name = name;
        this.image = image;
    }

    /** {@code uid:gid} the container's processes run as. */
    public ContainerRun user(String uidGid) {
        this.user = uidGid;
        return this;
    }

    public ContainerRun env(String key, String value) {
        env.add(key + "=" + value);
        return this;
    }

    public ContainerRun labels(Map<String, String> more) {
        labels.putAll(more);
        return this;
    }

    /** The host's network: the container reaches the host's loopback, where the fixture listens. */
    public ContainerRun hostNetwork() {
        host.withNetworkMode("host");
        return this;
    }

    public ContainerRun bind(Path onHost, String inContainer) {
        binds.add(new Bind(onHost.toAbsolutePath().toString(), new Volume(inContainer)));
        return this;
    }

    /** A CPU limit as {@code docker run --cpus} takes it, e.g. 1.5. */
    public ContainerRun cpus(double cpus) {
        host.withNanoCPUs(Math.round(cpus * 1e9));
        return this;
    }

    /** A memory limit in bytes, as {@code docker run --memory} sets it. */
    public ContainerRun memory(long bytes) {
        host.withMemory(bytes);
        return this;
    }

    /** The arguments to the image's entry point. */
    public ContainerRun args(List<String> more) {
        args.addAll(more);
        return this;
    }

    /**
     * Creates and starts the container, hands every line it prints (stdout and stderr) to {@code lines}, and waits for
     * it at most {@code limit}. Returns its exit code, or empty when the limit was reached and it was killed. The
     * container is removed in every case.
     */
    public OptionalInt run(Consumer<String> lines, Duration limit) throws InterruptedException {
        DockerClient docker = DockerEngine.client();
        DockerEngine.remove(name); // left over from a killed lab under the same name
        var create = docker.createContainerCmd(image).withName(name).withEnv(env).withLabels(labels)
                .withHostConfig(host.withBinds(binds)).withCmd(args);
        if (user != null) {
            create.withUser(user);
        }
        String id = create.exec().getId();
        try {
            docker.startContainerCmd(id).exec();
            Lines output = docker.logContainerCmd(id).withStdOut(true).withStdErr(true).withFollowStream(true)
                    .exec(new Lines(lines));
            try {
                WaitContainerResultCallback exit = docker.waitContainerCmd(id).exec(new WaitContainerResultCallback());
                if (!exit.awaitCompletion(limit.toMillis(), TimeUnit.MILLISECONDS)) {
                    return OptionalInt.empty();
                }
                output.awaitCompletion(10, TimeUnit.SECONDS);
                return OptionalInt.of(exit.awaitStatusCode());
            } finally {
                output.flushPartial();
            }
        } finally {
            DockerEngine.remove(id);
        }
    }

    /** Reassembles the engine's frames into lines, per stream, so that a line split across frames stays whole. */
    private static final class Lines extends ResultCallback.Adapter<Frame> {
        private final Consumer<String> sink;
        private final Map<StreamType, ByteArrayOutputStream> partial = new EnumMap<>(StreamType.class);

        Lines(Consumer<String> sink) {
            this.sink = sink;
        }

        @Override
        public synchronized void onNext(Frame frame) {
            ByteArrayOutputStream buf = partial.computeIfAbsent(frame.getStreamType(), t -> new ByteArrayOutputStream());
            for (byte b : frame.getPayload()) {
                if (b == '\n') {
                    sink.accept(buf.toString(StandardCharsets.UTF_8));
                    buf.reset();
                } else {
                    buf.write(b);
                }
            }
        }

        synchronized void flushPartial() {
            partial.values().stream().filter(b -> b.size() > 0).forEach(b -> {
                sink.accept(b.toString(StandardCharsets.UTF_8));
                b.reset();
            });
        }
    }
}
