package org.loomlab.run;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.loomlab.record.Profiling;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class CellProfilersTest {

    @TempDir
    Path jmh;

    /** JMH's JSON of one fork as -prof gc,async writes it, beside the benchmark's own secondary metrics. */
    private void fork(int k, double allocNorm) throws Exception {
        Files.writeString(jmh.resolve("fork-" + k + ".json"), """
                [{"primaryMetric": {"score": 9.0, "scoreUnit": "ms/op"},
                  "secondaryMetrics": {
                    "gc.alloc.rate.norm": {"score": %s, "scoreUnit": "B/op"},
                    "gc.count": {"score": 3.0, "scoreUnit": "counts"},
                    "tableMeals": {"score": 250.0, "scoreUnit": "#"},
                    "async": {"score": "NaN", "scoreUnit": ""}}}]
                """.formatted(allocNorm));
    }

    @Test
    void keepsTheProfilersMetricsAveragedOverForksAndNotTheBenchmarks() throws Exception {
        fork(1, 1000.0);
        fork(2, 3000.0);

        Map<String, Profiling.Metric> metrics = CellProfilers.metrics(jmh, List.of(Profiler.GC, Profiler.ASYNC));

        assertThat(metrics).containsOnlyKeys("gc.alloc.rate.norm", "gc.count");
        assertThat(metrics.get("gc.alloc.rate.norm").score()).isCloseTo(2000.0, within(1e-9));
        assertThat(metrics.get("gc.alloc.rate.norm").unit()).isEqualTo("B/op");
    }

    @Test
    void withoutGcThereAreNoMetrics() throws Exception {
        fork(1, 1000.0);

        assertThat(CellProfilers.metrics(jmh, List.of(Profiler.JFR))).isEmpty();
    }

    @Test
    void aPassedThroughProfilerGoesToJmhAsGivenAndKeepsItsNumbers() throws Exception {
        Profiler stack = new Profiler("stack", "lines=5");
        Profiler comp = new Profiler("comp", null);
        assertThat(new CellProfilers(List.of(stack, comp), null).jmhArgsCountingAllocation(jmh, "cell-01", 1))
                .containsExactly("-prof", "stack:lines=5", "-prof", "comp", "-prof", "gc");
        // gc with options is still the lab's gc: not added again
        assertThat(new CellProfilers(List.of(new Profiler("gc", "churn=true")), null).jmhArgsCountingAllocation(jmh, "cell-01", 1))
                .containsExactly("-prof", "gc:churn=true");
        Files.writeString(jmh.resolve("fork-1.json"), """
                [{"primaryMetric": {"score": 9.0, "scoreUnit": "ms/op"},
                  "secondaryMetrics": {
                    "compiler.time.total": {"score": 812.0, "scoreUnit": "ms"},
                    "stack": {"score": "NaN", "scoreUnit": "---"},
                    "tableMeals": {"score": 250.0, "scoreUnit": "#"}}}]
                """);
        assertThat(CellProfilers.metrics(jmh, List.of(stack, comp))).containsOnlyKeys("compiler.time.total");
    }

    @Test
    void everyJmhForkCountsItsAllocationOnceWhateverProfWasGiven() throws Exception {
        assertThat(CellProfilers.none().jmhArgsCountingAllocation(jmh, "cell-01", 1)).containsExactly("-prof", "gc");
        assertThat(new CellProfilers(List.of(Profiler.GC, Profiler.JFR), null).jmhArgsCountingAllocation(jmh, "cell-01", 1))
                .containsExactly("-prof", "gc", "-prof", "jfr:dir=" + jmh.resolve("jfr/cell-01/fork-1"));
        assertThat(CellProfilers.none().jmhArgs(jmh, "cell-01", 1)).isEmpty();
    }
}
