package org.loomlab.run;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ProfilerTest {

    @Test
    void readsRepeatedAndCommaSeparatedNamesOnceEach() {
        assertThat(Profiler.parse(List.of("gc,jfr", "async", "gc"))).containsExactly(Profiler.GC, Profiler.JFR,
                Profiler.ASYNC);
        assertThat(Profiler.parse(List.of())).isEmpty();
    }

    @Test
    void aBadNameIsOneLineWithTheValidOnes() {
        assertThatThrownBy(() -> Profiler.parse(List.of("gc,perfnorm")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("--prof 'perfnorm' is not a profiler; valid: gc, jfr, async");
    }
}
