package org.loomlab.report;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.loomlab.record.Cell;
import org.loomlab.record.CellStatus;
import org.loomlab.record.RunRecord;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.loomlab.report.SampleRuns.forked;
import static org.loomlab.report.SampleRuns.lockAndThreads;
import static org.loomlab.report.SampleRuns.run;

class RunReportPageTest {

    @TempDir
    Path runDir;

    /** Two ok philosophers cells, and a service cell that timed out (so its group has nothing to chart). */
    private static RunRecord record() {
        return run("openjdk-25", "25.0.2", List.of(
                forked("philosophers", lockAndThreads("platform"), "avgt", "ms/op", List.of(List.of(400.0, 404.0), List.of(396.0, 400.0))),
                forked("philosophers", lockAndThreads("virtual"), "avgt", "ms/op", List.of(List.of(3.5, 3.6), List.of(3.4, 3.5))),
                Cell.unmeasured("service", lockAndThreads("virtual"), "thrpt", "req/s", CellStatus.TIMEOUT, "6 min passed", 360, null)));
    }

    @Test
    void tablesAndChartsEachExperimentAndSaysWhenAGroupHasNothingToChart() throws Exception {
        Files.writeString(runDir.resolve("run.json"), "{}");
        ReportPage page = RunReportPage.of(record(), runDir, RunReportPage.defaultDir(runDir.resolve("run.json")), c -> false);

        assertThat(page.markdown()).startsWith("Run `m1` (quick profile), lab-1: CPU, 2 CPUs, 16 GiB; openjdk-25 25.0.2"
                + " (OpenJDK 64-Bit Server VM), JVM sees 2 CPUs.\n\nPrecision per experiment");
        String philosophers = section(page.markdown(), "### philosophers (ms/op)");
        assertThat(philosophers.lines().filter(l -> l.startsWith("| philosophers"))).hasSize(2)
                .anySatisfy(l -> assertThat(l).contains("platform").contains("ok"))
                .anySatisfy(l -> assertThat(l).contains("virtual").contains("ok"));
        assertThat(philosophers).endsWith("![philosophers (ms/op)](philosophers-ms-op.svg)\n\n");
        String service = section(page.markdown(), "### service (req/s)");
        assertThat(service).contains("timeout").endsWith("(no ok cells to chart)\n\n");
        assertThat(page.charts()).containsOnlyKeys("philosophers-ms-op.svg");
        assertThat(page.charts().get("philosophers-ms-op.svg")).startsWith("<svg");
    }

    @Test
    void pageLinksTheRecordFilesThatExistAndDrawsADotChartPerGroup() throws Exception {
        Files.writeString(runDir.resolve("run.json"), "{}");
        Files.writeString(runDir.resolve("cells.csv"), "");
        String html = RunReportPage.of(record(), runDir, runDir.resolve("report"), c -> false).html();

        assertThat(html).contains("<title>Run m1: openjdk-25 on lab-1</title>")
                .contains("href=\"../run.json\"").contains("href=\"../cells.csv\"").doesNotContain("jmh-merged.json");
        assertThat(html.split("<figure class=\"chart\"", -1)).hasSize(3);
        assertThat(html).contains("<h2>philosophers (ms/op)</h2>").contains("<h2>service (req/s)</h2>");
    }

    @Test
    void pageLinksTheGzippedJmhJsonOfANewRunAndThePlainOneOfAnOlderRun() throws Exception {
        Files.writeString(runDir.resolve("run.json"), "{}");
        Files.write(runDir.resolve(RunExports.JMH_MERGED), RunExports.gzip("[]\n"));
        assertThat(RunReportPage.of(record(), runDir, runDir.resolve("report"), c -> false).html())
                .contains("href=\"../jmh-merged.json.gz\"").doesNotContain("href=\"../jmh-merged.json\"");

        Files.delete(runDir.resolve(RunExports.JMH_MERGED));
        Files.writeString(runDir.resolve(RunExports.JMH_MERGED_PLAIN), "[]\n");
        assertThat(RunReportPage.of(record(), runDir, runDir.resolve("report"), c -> false).html())
                .contains("href=\"../jmh-merged.json\"").doesNotContain("jmh-merged.json.gz");
    }

    /** The Markdown from {@code heading} to the next heading of its level. */
    private static String section(String md, String heading) {
        String from = md.substring(md.indexOf(heading));
        int next = from.indexOf("\n### ", heading.length());
        return next < 0 ? from : from.substring(0, next + 1);
    }
}
