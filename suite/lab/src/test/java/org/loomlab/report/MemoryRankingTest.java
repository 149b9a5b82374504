package org.loomlab.report;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.loomlab.record.Cell;
import org.loomlab.record.CellStatus;
import org.loomlab.record.ForkMemory;
import org.loomlab.record.Profiling;
import org.loomlab.record.RunRecord;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.loomlab.report.SampleRuns.forked;
import static org.loomlab.report.SampleRuns.lockAndThreads;
import static org.loomlab.report.SampleRuns.run;

class MemoryRankingTest {

    private static final long MB = 1 << 20;

    @TempDir
    Path runDir;

    /** A cell's time, holding its forks' memory peaks (heap, RSS in MB), as JmhCell records it. */
    private static Cell time(String threads, double ms, long... heapRss) {
        return forked("philosophers", lockAndThreads(threads), "avgt", "ms/op", List.of(List.of(ms, ms * 1.01), List.of(ms * 0.99)))
                .withForkMemory(List.of(new ForkMemory(heapRss[0] * MB, heapRss[1] * MB),
                        new ForkMemory(heapRss[2] * MB, heapRss[3] * MB)));
    }

    /** A cell's allocation per dinner over two forks, in bytes. */
    private static Cell allocation(String threads, double bytes) {
        Cell c = forked("philosophers", lockAndThreads(threads), Cell.ALLOCATION, "B/op",
                List.of(List.of(bytes, bytes * 1.02), List.of(bytes * 0.98)));
        return c.withMeasurement(bytes, bytes * 0.05, bytes * 0.95, bytes * 1.05, c.forkSamples(), null);
    }

    /** What JMH's gc profiler saw: collections a fork, and their time when there were any (JMH leaves it out otherwise). */
    private static Profiling collector(double count, Double ms) {
        Map<String, Profiling.Metric> metrics = new LinkedHashMap<>();
        metrics.put("gc.count", new Profiling.Metric(count, "counts"));
        if (ms != null) {
            metrics.put("gc.time", new Profiling.Metric(ms, "ms"));
        }
        return new Profiling(List.of("gc"), metrics, null, null);
    }

    private static RunRecord record() {
        return run("openjdk-25", "25.0.2", List.of(
                time("platform", 400, 300, 500, 320, 520), allocation("platform", 64.0 * MB),
                time("virtual", 3.5, 60, 200, 70, 210).withProfiling(collector(3, 12.5)), allocation("virtual", 2.0 * MB),
                time("coroutine", 2.0, 40, 150, 45, 160).withProfiling(collector(0, null)), allocation("coroutine", 0.5 * MB),
                Cell.unmeasured("philosophers", lockAndThreads("pool"), "avgt", "ms/op", CellStatus.TIMEOUT, "6 min passed", 360, null)));
    }

    @Test
    void ranksAnExperimentsCellsByAllocationLeastFirstWithTheirLargestPeaksAndTime() {
        List<MemoryRanking.Entry> ranked = MemoryRanking.rank(record().results()).get("philosophers");

        assertThat(ranked).extracting(e -> e.primary().params().get("threads")).containsExactly("coroutine", "virtual", "platform");
        String table = MemoryRanking.table(ranked);
        // rank | threads | allocated / op (MiB) | interval | peak heap | peak RSS | GCs | GC ms | time | time rank
        // (no gc profiling on the platform cell: a record older than it)
        assertThat(table.lines().skip(2)).containsExactly(
                "| 1    | coroutine | 0.500                | [0.475, 0.525] | 45              | 160            | 0          | 0            | 2.00 ms/op | 1         |",
                "| 2    | virtual   | 2.00                 | [1.90, 2.10]   | 70              | 210            | 3.00       | 12.5         | 3.50 ms/op | 2         |",
                "| 3    | platform  | 64.0                 | [60.8, 67.2]   | 320             | 520            |            |              | 400 ms/op  | 3         |");
    }

    @Test
    void cellsOfAnOlderRecordWithoutAllocationFollowByPeakHeapUnranked() {
        List<Cell> cells = List.of(time("platform", 400, 300, 500, 320, 520), time("virtual", 3.5, 60, 200, 70, 210),
                allocation("virtual", 2.0 * MB));
        List<MemoryRanking.Entry> ranked = MemoryRanking.rank(cells).get("philosophers");

        assertThat(ranked).extracting(e -> e.primary().params().get("threads")).containsExactly("virtual", "platform");
        assertThat(MemoryRanking.table(ranked).lines().skip(3).findFirst().orElseThrow()).startsWith("|      | platform | n/a");
    }

    @Test
    void theRunReportGainsAMemorySectionOnlyWhenACellMeasuredMemory() throws Exception {
        ReportPage page = RunReportPage.of(record(), runDir, runDir.resolve("report"), c -> false);
        assertThat(page.markdown()).contains("### Memory\n\n").contains("#### philosophers\n\n");
        assertThat(page.html()).contains("<h2>Memory</h2>");

        RunRecord old = run("openjdk-25", "25.0.2", List.of(
                forked("philosophers", lockAndThreads("virtual"), "avgt", "ms/op", List.of(List.of(3.5, 3.6), List.of(3.4)))));
        assertThat(MemoryRanking.markdown(old)).isEmpty();
        assertThat(RunReportPage.of(old, runDir, runDir.resolve("report"), c -> false).markdown()).doesNotContain("Memory");
    }
}
