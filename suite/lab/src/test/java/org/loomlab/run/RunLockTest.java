package org.loomlab.run;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Within one JVM; that the OS drops the lock of a process killed with SIGKILL is RunCommandIT's. */
class RunLockTest {

    @TempDir
    Path dir;

    @Test
    void aHeldDirectoryCannotBeTakenTwiceAndIsFreeOnceClosed() throws Exception {
        assertThat(RunLock.held(dir)).isFalse();
        try (RunLock owned = RunLock.take(dir)) {
            assertThat(RunLock.held(dir)).isTrue();
            assertThatThrownBy(() -> RunLock.take(dir)).isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("is being written by another loom-lab process");
        }
        assertThat(RunLock.held(dir)).isFalse();
        assertThat(dir.resolve(RunLock.FILE)).doesNotExist();
    }
}
