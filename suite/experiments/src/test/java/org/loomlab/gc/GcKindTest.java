package org.loomlab.gc;

import org.junit.jupiter.api.Test;

import java.util.Arrays;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class GcKindTest {

    @Test
    void eachCollectorCarriesItsFlagAndOnlyTheDefaultRunsUnasked() {
        assertThat(Arrays.stream(GcKind.values()).map(gc -> gc.jvmArgs().get(0)))
                .containsExactly("-XX:+UseG1GC", "-XX:+UseParallelGC", "-XX:+UseSerialGC", "-XX:+UseZGC", "-XX:+UseShenandoahGC");
        assertThat(Arrays.stream(GcKind.values()).filter(gc -> !gc.optIn())).containsExactly(GcKind.G1);
    }

    @Test
    void knowsTheCollectorThisJvmRunsAndRefusesALabelThatSaysAnother() {
        GcKind running = GcKind.running();
        running.requireRunning();
        for (GcKind other : GcKind.values()) {
            if (other != running) {
                assertThatThrownBy(other::requireRunning).isInstanceOf(IllegalStateException.class)
                        .hasMessageStartingWith("gc=" + other.label() + ", but this JVM runs ")
                        .hasMessageContaining(other.jvmArgs().get(0));
            }
        }
    }

    @Test
    void namesTheValidCollectorsOfAnUnknownLabel() {
        assertThatThrownBy(() -> GcKind.of("cms")).hasMessage("unknown gc 'cms'; valid: g1, parallel, serial, z, shenandoah");
    }
}
