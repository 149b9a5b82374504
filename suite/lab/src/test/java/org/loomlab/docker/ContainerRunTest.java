package org.loomlab.docker;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ContainerRunTest {

    @Test
    void memorySizesAreDockersBinaryUnits() {
        assertThat(ContainerRun.memoryBytes("512m")).isEqualTo(512L << 20);
        assertThat(ContainerRun.memoryBytes("6g")).isEqualTo(6L << 30);
        assertThat(ContainerRun.memoryBytes("64k")).isEqualTo(64L << 10);
        assertThatThrownBy(() -> ContainerRun.memoryBytes("3GB"))
                .hasMessage("--memory '3GB' is not a size; valid: a number with k, m or g, e.g. 6g or 512m");
    }
}
