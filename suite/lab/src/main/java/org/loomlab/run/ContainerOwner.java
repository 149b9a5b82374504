package org.loomlab.run;

import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.api.model.Container;
import org.loomlab.docker.DockerEngine;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Which lab process a container belongs to. Every container the lab starts (the HTTP fixture, the matrix's runners)
 * carries labels naming its owner process (host, pid and the process's start instant, so a reused pid is not taken
 * for the owner) and its run. A container whose owner is gone was left behind by a lab killed with SIGKILL, which runs
 * no clean-up; the next {@code run}, {@code matrix} or {@code reap} removes it.
 */
public final class ContainerOwner {

    public static final String OWNER = "org.loomlab.owner";
    public static final String RUN = "org.loomlab.run";

    private ContainerOwner() {
    }

    /** This process as a label value: {@code host/pid/start}. */
    public static String me() {
        ProcessHandle self = ProcessHandle.current();
        return host() + "/" + self.pid() + "/" + self.info().startInstant().map(i -> i.toEpochMilli()).orElse(0L);
    }

    /** The labels of a container this process starts for {@code runId}. */
    public static Map<String, String> labels(String runId) {
        return Map.of(OWNER, me(), RUN, runId == null ? "" : runId);
    }

    /** Whether the process an owner label names is alive on this host; a label from another host counts as alive. */
    static boolean alive(String owner) {
        String[] part = owner.split("/");
        if (part.length != 3 || !part[0].equals(host())) {
            return true; // not ours to judge
        }
        try {
            Optional<ProcessHandle> p = ProcessHandle.of(Long.parseLong(part[1]));
            long started = Long.parseLong(part[2]);
            return p.isPresent() && p.get().isAlive()
                    && p.get().info().startInstant().map(i -> i.toEpochMilli() == started).orElse(true);
        } catch (NumberFormatException e) {
            return true;
        }
    }

    /**
     * Removes the containers of lab processes of this host that are gone (all lab containers with {@code all}); returns
     * one line per container removed. Without an engine there is nothing to reap.
     */
    public static List<String> reap(boolean all) {
        if (!DockerEngine.answers()) {
            return List.of();
        }
        DockerClient docker = DockerEngine.client();
        List<String> removed = new ArrayList<>();
        for (Container c : docker.listContainersCmd().withShowAll(true).withLabelFilter(List.of(OWNER)).exec()) {
            String owner = c.getLabels().getOrDefault(OWNER, "");
            if (all || !alive(owner)) {
                docker.removeContainerCmd(c.getId()).withForce(true).exec();
                removed.add(String.join(",", c.getNames()) + " (" + c.getImage() + ", run "
                        + c.getLabels().getOrDefault(RUN, "?") + ", owner " + owner + ")");
            }
        }
        return removed;
    }

    private static String host() {
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (UnknownHostException e) {
            return "localhost";
        }
    }
}
