package org.loomlab.run;

import com.github.dockerjava.api.model.ExposedPort;
import com.github.dockerjava.api.model.PortBinding;
import com.github.dockerjava.api.model.Ports;
import org.loomlab.docker.DockerEngine;
import org.loomlab.record.FixtureInfo;
import org.testcontainers.containers.GenericContainer;
import org.testcontainers.containers.wait.strategy.Wait;
import org.testcontainers.images.PullPolicy;
import org.testcontainers.utility.DockerImageName;

import java.time.Duration;

/**
 * The fixture image as a Testcontainers container: port 8080 published on loopback only, ready once
 * {@code /health} answers. The image is built locally by {@code just images}; it is never pulled.
 * Testcontainers publishes exposed ports on every interface (0.0.0.0) by default, which would open the
 * fixture to the network of a lab host; its callers (this JVM, runners on the host network) are all local.
 */
public final class FixtureContainer extends GenericContainer<FixtureContainer> {

    public static final String IMAGE = org.loomlab.matrix.ImageNames.fixture(org.loomlab.axis.Arch.host());
    static final int PORT = 8080;
    /** The only address the fixture's port is published on. */
    public static final String LOOPBACK = "127.0.0.1";

    public FixtureContainer() {
        super(DockerImageName.parse(IMAGE));
        withExposedPorts(PORT);
        // Replaces the publish-all binding on 0.0.0.0 with one on 127.0.0.1, still to a free host port.
        withCreateContainerCmdModifier(cmd -> cmd.getHostConfig()
                .withPublishAllPorts(false)
                .withPortBindings(new PortBinding(Ports.Binding.bindIp(LOOPBACK), ExposedPort.tcp(PORT))));
        // There is no registry to pull from: the image must have been built here.
        withImagePullPolicy(PullPolicy.defaultPolicy());
        waitingFor(Wait.forHttp("/health").forStatusCode(200).withStartupTimeout(Duration.ofSeconds(60)));
        withLabel("org.loomlab.role", "fixture");
        withLabels(ContainerOwner.labels(null));
    }

    /** Base URL through the mapped port, e.g. {@code http://localhost:32768}. */
    public String baseUrl() {
        return "http://" + getHost() + ":" + getMappedPort(PORT);
    }

    static boolean imageBuilt() {
        return DockerEngine.exists(IMAGE);
    }

    /** Starts a fixture container as the run's {@link Fixture}. */
    static Fixture startFixture() {
        if (!DockerEngine.answers()) {
            throw new IllegalArgumentException("the fixture container needs a Docker engine, and none answers;"
                    + " start one with: bin/docker-engine");
        }
        if (!imageBuilt()) {
            throw new IllegalArgumentException("fixture image " + IMAGE + " is not built; build it with: just images");
        }
        ContainerOwner.reap(false).forEach(r -> System.out.println("removed a container left behind: " + r));
        FixtureContainer container = new FixtureContainer();
        container.start();
        return new Fixture() {
            @Override
            public String url() {
                return container.baseUrl();
            }

            @Override
            public FixtureInfo info() {
                return new FixtureInfo("container", container.baseUrl(), IMAGE + "@" + container.getContainerInfo().getImageId());
            }

            @Override
            public void close() {
                try {
                    container.stop();
                } catch (RuntimeException alreadyGone) {
                    // Killed from outside mid-run (a fault the lab must survive): nothing left to stop.
                }
            }
        };
    }
}
