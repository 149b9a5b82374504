package org.loomlab.cli;

import com.github.dockerjava.api.model.Container;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.loomlab.fixturehost.ContainerOwner;
import org.testcontainers.DockerClientFactory;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** A lab killed with SIGKILL runs no clean-up: its fixture container stays, and the next lab command removes it. */
class OrphanContainersIT {

    @TempDir
    Path tmp;

    @Test
    void theFixtureOfALabKilledWithSigkillIsReaped() throws Exception {
        Process lab = LabProcess.start(tmp.resolve("log"), "run", "--profile", "smoke", "-e", "philosophers",
                "-p", "workload=http-jdk", "-p", "lock=reentrant", "-p", "threads=platform", "-p", "meals=100000",
                "--fixture", "container", "--results", tmp.resolve("results").toString(), "--run-id", "orphan-it");
        Instant deadline = Instant.now().plus(Duration.ofMinutes(2));
        while (ownedBy(lab.pid()).isEmpty()) {
            assertThat(lab.isAlive()).as("the lab ended before its fixture started; see " + tmp.resolve("log")).isTrue();
            assertThat(Instant.now()).as("no fixture container of pid " + lab.pid() + " within 2 minutes").isBefore(deadline);
            Thread.sleep(200);
        }
        List<ProcessHandle> forks = lab.descendants().toList();
        lab.destroyForcibly();
        lab.waitFor();
        forks.forEach(ProcessHandle::destroyForcibly);
        assertThat(ownedBy(lab.pid())).as("nothing stopped it: Ryuk is off and no shutdown hook ran").hasSize(1);

        LabProcess.Result reaped = LabProcess.run(tmp.resolve("log"), 120, "reap");
        assertThat(reaped.exitCode()).as(reaped.stdout() + reaped.stderr()).isZero();
        assertThat(reaped.stdout()).contains("removed ").contains("/" + lab.pid() + "/");
        assertThat(ownedBy(lab.pid())).isEmpty();
    }

    /** The lab containers whose owner label names process {@code pid} of this host. */
    private static List<Container> ownedBy(long pid) {
        return DockerClientFactory.lazyClient().listContainersCmd().withShowAll(true)
                .withLabelFilter(List.of(ContainerOwner.OWNER)).exec().stream()
                .filter(c -> c.getLabels().get(ContainerOwner.OWNER).contains("/" + pid + "/")).toList();
    }
}
