package org.loomlab.report;

import org.loomlab.record.Cell;
import org.loomlab.record.ResultsLayout;
import org.loomlab.record.RunRecord;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * One run's report: the machine and JDK it ran on, each experiment's precision, then a table and a chart per
 * experiment and unit (a bar chart in the Markdown, a dot chart with intervals on the page), then the cells ranked
 * by memory ({@link MemoryRanking}). A group with no ok cell says so instead of drawing an empty chart.
 */
public final class RunReportPage {

    private RunReportPage() {
    }

    /** Where a run's report goes unless asked otherwise: {@code report/} beside its record. */
    public static Path defaultDir(Path runJson) {
        return runJson.getParent().resolve("report");
    }

    /**
     * The report of {@code r}, whose record and exports are in {@code runDir}, as it reads from {@code reportDir};
     * {@code virtual} tells the bar charts which cells ran virtual threads.
     */
    public static ReportPage of(RunRecord r, Path runDir, Path reportDir, Predicate<Cell> virtual) {
        StringBuilder md = new StringBuilder();
        String head = String.format("Run `%s` (%s profile), %s: %s, %d CPUs, %d GiB; %s %s (%s), JVM sees %d CPUs.%n%n",
                r.runId(), r.profile(), r.host().name(), r.host().cpuModel(), r.host().cpus(),
                r.host().memoryBytes() >> 30, r.jdk().id(), r.jdk().runtimeVersion(), r.jdk().vmName(),
                r.jdk().availableProcessors());
        String precision = "Precision per experiment (primary metric of each cell):\n\n" + PrecisionTable.markdown(r) + '\n';
        md.append(head).append(precision);
        HtmlPage page = new HtmlPage("Run " + r.runId() + ": " + r.jdk().id() + " on " + r.host().name())
                .markdown(head).meta(ReportPage.links(reportDir, Stream.of(ResultsLayout.RUN_JSON, RunExports.CELLS_CSV,
                                RunExports.JMH_MERGED, RunExports.JMH_MERGED_PLAIN) // the plain one: runs made before
                        .map(runDir.toAbsolutePath()::resolve).toList())).markdown(precision);
        Map<String, List<Cell>> groups = r.results().stream().collect(Collectors.groupingBy(
                c -> c.experiment() + " (" + c.unit() + ")", LinkedHashMap::new, Collectors.toList()));
        Map<String, String> charts = new LinkedHashMap<>();
        for (Map.Entry<String, List<Cell>> g : groups.entrySet()) {
            String table = ResultsTable.render(g.getValue());
            String title = g.getKey() + ", " + r.jdk().id() + " on " + r.host().name();
            md.append("### ").append(g.getKey()).append("\n\n").append(table).append('\n');
            page.heading(g.getKey()).chart(g.getKey(), DotChart.ofCells(title, g.getValue(), page.colours())).markdown(table);
            try {
                String file = ReportPage.chartFile(g.getKey());
                charts.put(file, BarChart.svg(title, g.getValue(), virtual));
                md.append("![").append(g.getKey()).append("](").append(file).append(")\n\n");
            } catch (IllegalArgumentException noOkCells) {
                md.append("(no ok cells to chart)\n\n");
            }
        }
        String memory = MemoryRanking.markdown(r);
        if (!memory.isEmpty()) {
            md.append("### Memory\n\n").append(memory);
            page.heading("Memory").markdown(memory);
        }
        return new ReportPage(md.toString(), page.html(), charts);
    }
}
