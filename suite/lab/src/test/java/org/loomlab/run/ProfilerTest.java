package org.loomlab.run;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ProfilerTest {

    /** What JMH 1.37's -lprof printed on a host without perf events (its reasons' lines kept). */
    private static final String LISTING = """
            Supported profilers:
                      cl: Classloader profiling via standard MBeans\s
                    comp: JIT compiler profiling via standard MBeans\s
                      gc: GC profiling via standard MBeans\s
                   stack: Simple and naive Java stack profiler\s

            Unsupported profilers:
                   async: <none>\s
            Unable to load async-profiler. Ensure asyncProfiler library is on LD_LIBRARY_PATH (Linux).
                perfnorm: <none>\s
            No supported events.
            """;

    private static final Supplier<JmhProfilers> JMH = () -> JmhProfilers.parse(LISTING);

    /** A supplier that fails the test if asked: the lab's own names need no JVM to list JMH's. */
    private static final Supplier<JmhProfilers> NOT_ASKED = () -> {
        throw new AssertionError("JMH's profilers were listed for the lab's own names");
    };

    @Test
    void readsRepeatedAndCommaSeparatedNamesOnceEach() {
        assertThat(Profiler.parse(List.of("gc,jfr", "async", "gc"), NOT_ASKED)).containsExactly(Profiler.GC, Profiler.JFR,
                Profiler.ASYNC);
        assertThat(Profiler.parse(List.of(), NOT_ASKED)).isEmpty();
    }

    @Test
    void passesAnyOfJmhsProfilersThroughWithItsOptionsWhichMayHoldCommas() {
        List<Profiler> chosen = Profiler.parse(List.of("gc,stack:lines=5;top=3", "comp", "cl:verbose=true,more"), JMH);
        assertThat(chosen).extracting(Profiler::label)
                .containsExactly("gc", "stack:lines=5;top=3", "comp", "cl:verbose=true,more");
        assertThat(chosen.get(1).own()).isFalse();
        assertThat(chosen.get(0).own()).isTrue();
    }

    @Test
    void aBadNameIsOneLineWithTheLabsAndJmhsProfilers() {
        assertThatThrownBy(() -> Profiler.parse(List.of("gc,nope"), JMH))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("--prof 'nope' is not a profiler; valid: gc, jfr, async, cl, comp, stack; "
                        + "JMH's not usable here: async, perfnorm");
        assertThatThrownBy(() -> Profiler.parse(List.of("gc,"), JMH)).hasMessageStartingWith("--prof '' is not a profiler name");
    }

    @Test
    void aProfilerJmhCannotUseHereIsRefusedWithJmhsReason() {
        assertThatThrownBy(() -> Profiler.parse(List.of("perfnorm"), JMH))
                .hasMessageStartingWith("--prof 'perfnorm' is not usable on this host, JMH says: No supported events.; usable: ");
    }

    @Test
    void readsJmhsListingSupportedAndUnsupportedWithReasons() {
        JmhProfilers listed = JMH.get();
        assertThat(listed.supported()).containsExactly("cl", "comp", "gc", "stack");
        assertThat(listed.unsupported()).containsExactly(
                Map.entry("async", "Unable to load async-profiler. Ensure asyncProfiler library is on LD_LIBRARY_PATH (Linux)."),
                Map.entry("perfnorm", "No supported events."));
    }

    @Test
    void aPassedThroughProfilerOwnsEveryMetricButTheBenchmarksCountersAndGcs() {
        Profiler comp = new Profiler("comp", null);
        assertThat(comp.hasMetric("compiler.time.total", "ms")).isTrue();
        assertThat(comp.hasMetric("tableMeals", "#")).isFalse();
        assertThat(comp.hasMetric("gc.count", "counts")).isFalse();
        assertThat(Profiler.GC.hasMetric("gc.count", "counts")).isTrue();
        assertThat(Profiler.JFR.hasMetric("compiler.time.total", "ms")).isFalse();
    }
}
