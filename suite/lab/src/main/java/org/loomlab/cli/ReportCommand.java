package org.loomlab.cli;

import org.loomlab.record.Cell;
import org.loomlab.record.RecordJson;
import org.loomlab.record.RecordSchema;
import org.loomlab.record.RunRecord;
import org.loomlab.report.BarChart;
import org.loomlab.run.ResultsTable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;

/** Renders one run record as README-ready Markdown (machine, JDK, table) and an SVG chart per experiment and unit. */
@Command(name = "report", header = "Render a run.json as Markdown tables and SVG charts.")
final class ReportCommand implements Callable<Integer> {

    @Parameters(paramLabel = "RUN_JSON", description = "the run record to render")
    Path runJson;

    @Option(names = "--out", paramLabel = "DIR", description = "where report.md and the charts go (default: the run's report/ directory)")
    Path out;

    @Override
    public Integer call() throws Exception {
        if (!Files.isRegularFile(runJson)) {
            throw new IllegalArgumentException("no such run record: " + runJson);
        }
        List<String> violations = RecordSchema.violations(runJson);
        if (!violations.isEmpty()) {
            throw new IllegalArgumentException(runJson + " is not a valid run record: " + violations.get(0));
        }
        RunRecord r = RecordJson.read(runJson);
        Path dir = out != null ? out : runJson.getParent().resolve("report");
        Files.createDirectories(dir);
        StringBuilder md = new StringBuilder();
        md.append(String.format("Run `%s` (%s profile), %s: %s, %d CPUs, %d GiB; %s %s (%s), JVM sees %d CPUs.%n%n",
                r.runId(), r.profile(), r.host().name(), r.host().cpuModel(), r.host().cpus(),
                r.host().memoryBytes() >> 30, r.jdk().id(), r.jdk().runtimeVersion(), r.jdk().vmName(),
                r.jdk().availableProcessors()));
        Map<String, List<Cell>> groups = r.results().stream().collect(Collectors.groupingBy(
                c -> c.experiment() + " (" + c.unit() + ")", LinkedHashMap::new, Collectors.toList()));
        for (Map.Entry<String, List<Cell>> g : groups.entrySet()) {
            md.append("### ").append(g.getKey()).append("\n\n").append(ResultsTable.render(g.getValue())).append('\n');
            try {
                String file = g.getKey().replaceAll("[^A-Za-z0-9]+", "-").replaceAll("-+$", "") + ".svg";
                Files.writeString(dir.resolve(file), BarChart.svg(g.getKey() + ", " + r.jdk().id() + " on " + r.host().name(),
                        g.getValue()));
                md.append("![").append(g.getKey()).append("](").append(file).append(")\n\n");
            } catch (IllegalArgumentException noOkCells) {
                md.append("(no ok cells to chart)\n\n");
            }
        }
        Files.writeString(dir.resolve("report.md"), md);
        System.out.println("report: " + dir.resolve("report.md"));
        return LoomLab.OK;
    }
}
