package org.loomlab.run;

import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class VmOptionsTest {

    /** The launcher of the JVM running this test. */
    private static final Path JAVA = Path.of(System.getProperty("java.home"), "bin", "java");

    @Test
    void aJdkThatLacksAnOptionIsSaidToRefuseItInItsOwnWords() {
        assertThat(VmOptions.refusal(JAVA, List.of("-Dloomlab.cell=x", "-XX:+UseNoSuchCollectorGC")))
                .hasValueSatisfying(why -> assertThat(why).contains(JAVA.toString()).contains("-XX:+UseNoSuchCollectorGC")
                        .contains("UseNoSuchCollectorGC").doesNotContain("Could not create"));
    }

    @Test
    void aJdkTakesTheOptionsItHasAndSystemPropertiesAreNotAskedAbout() {
        assertThat(VmOptions.refusal(JAVA, List.of("-XX:+UseSerialGC"))).isEmpty();
        // no JVM starts for properties alone: a launcher that does not exist is not even tried
        assertThat(VmOptions.refusal(Path.of("/no/such/java"), List.of("-Djdk.virtualThreadScheduler.parallelism=2")))
                .isEmpty();
    }
}
