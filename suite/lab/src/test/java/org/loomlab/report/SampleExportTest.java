package org.loomlab.report;

import org.junit.jupiter.api.Test;
import org.loomlab.record.Cell;
import org.loomlab.record.CellStatus;
import org.loomlab.record.RunRecord;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.loomlab.report.SampleRuns.forked;
import static org.loomlab.report.SampleRuns.run;

class SampleExportTest {

    private static RunRecord sample() {
        Map<String, String> philosophers = new LinkedHashMap<>();
        philosophers.put("lock", "reentrant");
        philosophers.put("workload", "noop");
        return run("openjdk-25", "25.0.3", List.of(
                forked("philosophers", philosophers, "avgt", "ms/op", List.of(List.of(2.0, 2.5), List.of(3.0))),
                Cell.builder("service", Map.of("executor", "pool-1"), "throughput", "req/s").score(17.0)
                        .samples(List.of(17.0, 17.5)).wallSeconds(1).build(),
                Cell.builder("footprint", Map.of("executor", "virtual"), "peak-rss", "MB").score(1.5)
                        .samples(List.of(1.5)).wallSeconds(1).build(),
                Cell.unmeasured("pinning-probe", Map.of("lock", "synchronized"), "throughput", "ops/s", CellStatus.TIMEOUT,
                        "6 min passed", 360, null)));
    }

    @Test
    void benchstatGetsOneLinePerSampleInSecondsWithTheCpuCountEndingEveryName() {
        String text = SampleExport.benchstat(sample());
        assertThat(text.lines().filter(l -> l.contains(": ")).filter(l -> !l.startsWith("#")))
                .containsExactly("goos: linux", "goarch: amd64", "cpu: CPU", "pkg: loom-lab/philosophers", "pkg: loom-lab/service",
                        "pkg: loom-lab/footprint");
        assertThat(text.lines().filter(l -> l.startsWith("Benchmark"))).containsExactly(
                "BenchmarkPhilosophers/metric=avgt/lock=reentrant/workload=noop-2 1 0.002 sec/op",
                "BenchmarkPhilosophers/metric=avgt/lock=reentrant/workload=noop-2 1 0.0025 sec/op",
                "BenchmarkPhilosophers/metric=avgt/lock=reentrant/workload=noop-2 1 0.003 sec/op",
                // Without the -2, Go's format would read pool-1's "-1" as GOMAXPROCS.
                "BenchmarkService/metric=throughput/executor=pool-1-2 1 17.0 req/s",
                "BenchmarkService/metric=throughput/executor=pool-1-2 1 17.5 req/s",
                // The lab's MB are 2^20 bytes; benchstat would take "MB" for 10^6.
                "BenchmarkFootprint/metric=peak-rss/executor=virtual-2 1 1572864.0 B");
        assertThat(text.lines().filter(l -> l.startsWith("Unit "))).containsExactly("Unit sec/op better=lower",
                "Unit req/s better=higher", "Unit B better=lower");
        assertThat(text).doesNotContain("PinningProbe");
    }

    @Test
    void allocationPerOperationStaysBytesPerOpWhichBenchstatKnowsIsBetterLower() {
        RunRecord r = run("openjdk-25", "25.0.3", List.of(forked("philosophers", Map.of("lock", "reentrant"),
                "gc.alloc.rate.norm", "B/op", List.of(List.of(1048576.0), List.of(2097152.0)))));
        String text = SampleExport.benchstat(r);
        assertThat(text.lines().filter(l -> l.startsWith("Benchmark"))).containsExactly(
                "BenchmarkPhilosophers/metric=gc.alloc.rate.norm/lock=reentrant-2 1 1048576.0 B/op",
                "BenchmarkPhilosophers/metric=gc.alloc.rate.norm/lock=reentrant-2 1 2097152.0 B/op");
        assertThat(text.lines().filter(l -> l.startsWith("Unit "))).containsExactly("Unit B/op better=lower");
    }

    @Test
    void aDiffsTwoRunsAreToldApartBySide() {
        String text = SampleExport.benchstat(sample(), sample());
        assertThat(text.lines().filter(l -> l.startsWith("side: "))).containsExactly("side: A", "side: B");
        assertThat(text.lines().filter(l -> l.startsWith("Benchmark"))).hasSize(12);
    }

    @Test
    void csvGetsOneRowPerSampleWithItsFork() {
        assertThat(SampleExport.csv(sample()).lines()).containsExactly(
                "run_id,jdk,host,experiment,metric,unit,lock,workload,executor,fork,sample,value",
                "m1,openjdk-25,lab-1,philosophers,avgt,ms/op,reentrant,noop,,1,1,2.0",
                "m1,openjdk-25,lab-1,philosophers,avgt,ms/op,reentrant,noop,,1,2,2.5",
                "m1,openjdk-25,lab-1,philosophers,avgt,ms/op,reentrant,noop,,2,1,3.0",
                "m1,openjdk-25,lab-1,service,throughput,req/s,,,pool-1,1,1,17.0",
                "m1,openjdk-25,lab-1,service,throughput,req/s,,,pool-1,1,2,17.5",
                "m1,openjdk-25,lab-1,footprint,peak-rss,MB,,,virtual,1,1,1.5");
    }
}
