package org.loomlab.docker;

import org.junit.jupiter.api.Test;
import org.loomlab.axis.Arch;
import org.loomlab.layout.ImageNames;

import java.time.Duration;
import java.util.List;
import java.util.OptionalInt;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.assertj.core.api.Assertions.assertThat;

/** A container run through the lab's one Docker client, on the debootstrap base `just images` builds. */
class ContainerRunIT {

    private static final String BASE = ImageNames.base("trixie", Arch.host());

    @Test
    void everyLineOfBothStreamsArrivesWholeAndTheExitCodeIsTheContainers() throws Exception {
        List<String> lines = new CopyOnWriteArrayList<>();
        OptionalInt exit = new ContainerRun("loomlab-it-lines", BASE).user("65534:65534").env("GREETING", "hello")
                .args(List.of("sh", "-c", "echo \"$GREETING from $(id -u)\"; printf 'split '; sleep 0.2; echo line; echo oops >&2; exit 3"))
                .run(lines::add, Duration.ofSeconds(60));
        assertThat(exit).hasValue(3);
        assertThat(lines).containsExactlyInAnyOrder("hello from 65534", "split line", "oops");
        assertThat(DockerEngine.client().listContainersCmd().withShowAll(true).withNameFilter(List.of("loomlab-it-lines")).exec())
                .as("removed once its output was read").isEmpty();
    }

    @Test
    void aContainerPastItsLimitIsKilledAndRemoved() throws Exception {
        long start = System.nanoTime();
        OptionalInt exit = new ContainerRun("loomlab-it-limit", BASE).args(List.of("sleep", "60"))
                .run(line -> { }, Duration.ofSeconds(2));
        assertThat(exit).isEmpty();
        assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(30));
        assertThat(DockerEngine.client().listContainersCmd().withShowAll(true).withNameFilter(List.of("loomlab-it-limit")).exec())
                .isEmpty();
    }
}
