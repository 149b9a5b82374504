package org.loomlab.cli;

import org.loomlab.matrix.MatrixRecord;
import org.loomlab.plan.Experiments;
import org.loomlab.record.Cell;
import org.loomlab.record.RunRecord;
import org.loomlab.report.BarChart;
import org.loomlab.report.DotChart;
import org.loomlab.report.HtmlPage;
import org.loomlab.report.JdkComparison;
import org.loomlab.report.PrecisionTable;
import org.loomlab.report.ResultsTable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Renders one run record as README-ready Markdown (machine, JDK, table) and an SVG chart per experiment and unit;
 * given a matrix record, renders its JDKs' runs side by side instead, and given each host's matrix record of a lab
 * run, every JDK on every host side by side. Each also gets {@code index.html}: the same tables with dot charts,
 * one page that opens from the file system.
 */
@Command(name = "report", header = "Render a run.json, a matrix-<id>.json or a lab result set as Markdown, SVG charts and one HTML page.",
        description = "RECORD is a run.json (report in its report/ directory), a matrix-<id>.json (a column per JDK, in "
                + "matrix-<id>-report/ beside it), or a lab result set: each host's matrix-<id>.json (a column per JDK and "
                + "host, in matrix-<id>-report/ beside the hosts' directories). index.html needs no server and no network.")
final class ReportCommand implements Callable<Integer> {

    @Parameters(arity = "0..*", paramLabel = "RECORD",
            description = "a run record (run.json), a matrix record (matrix-<id>.json), or each host's matrix record of a lab run"
                    + " (default: the newest run.json under results/)")
    List<Path> records = new ArrayList<>();

    @Option(names = "--out", paramLabel = "DIR", description = "where report.md, index.html and the charts go "
            + "(default: the run's report/ directory, or matrix-<id>-report/ beside the matrix record)")
    Path out;

    @Override
    public Integer call() throws Exception {
        if (records.isEmpty()) {
            records = List.of(LoomLab.results(null).newestRun().orElseThrow(() -> new IllegalArgumentException(
                    "no run.json under " + LoomLab.results(null).root() + "; make one with: just bench")));
        }
        for (Path record : records) {
            if (!Files.isRegularFile(record)) {
                throw new IllegalArgumentException("no such run record: " + record);
            }
        }
        if (records.size() == 1 && RunSource.matrix(records.get(0)).isEmpty()) {
            return run(records.get(0));
        }
        return compare();
    }

    private Integer run(Path runJson) throws IOException {
        RunRecord r = RunSource.read(runJson);
        Path dir = out != null ? out : runJson.getParent().resolve("report");
        Files.createDirectories(dir);
        StringBuilder md = new StringBuilder();
        String head = String.format("Run `%s` (%s profile), %s: %s, %d CPUs, %d GiB; %s %s (%s), JVM sees %d CPUs.%n%n",
                r.runId(), r.profile(), r.host().name(), r.host().cpuModel(), r.host().cpus(),
                r.host().memoryBytes() >> 30, r.jdk().id(), r.jdk().runtimeVersion(), r.jdk().vmName(),
                r.jdk().availableProcessors());
        String precision = "Precision per experiment (primary metric of each cell):\n\n" + PrecisionTable.markdown(r) + '\n';
        md.append(head).append(precision);
        HtmlPage page = new HtmlPage("Run " + r.runId() + ": " + r.jdk().id() + " on " + r.host().name())
                .markdown(head).meta(links(dir, Stream.of("run.json", "cells.csv", "jmh-merged.json")
                        .map(runJson.toAbsolutePath().getParent()::resolve).toList())).markdown(precision);
        Map<String, List<Cell>> groups = r.results().stream().collect(Collectors.groupingBy(
                c -> c.experiment() + " (" + c.unit() + ")", LinkedHashMap::new, Collectors.toList()));
        java.util.function.Predicate<Cell> virtual = runsVirtualThreads();
        for (Map.Entry<String, List<Cell>> g : groups.entrySet()) {
            String table = ResultsTable.render(g.getValue());
            String title = g.getKey() + ", " + r.jdk().id() + " on " + r.host().name();
            md.append("### ").append(g.getKey()).append("\n\n").append(table).append('\n');
            page.heading(g.getKey()).chart(g.getKey(), DotChart.ofCells(title, g.getValue(), page.colours())).markdown(table);
            try {
                String file = chartFile(g.getKey());
                Files.writeString(dir.resolve(file), BarChart.svg(title, g.getValue(), virtual));
                md.append("![").append(g.getKey()).append("](").append(file).append(")\n\n");
            } catch (IllegalArgumentException noOkCells) {
                md.append("(no ok cells to chart)\n\n");
            }
        }
        return written(dir, md, page);
    }

    /**
     * The cross-JDK report of one matrix record (a column per JDK), or of a lab result set: every host's matrix
     * record, a column per JDK and host.
     */
    private Integer compare() throws Exception {
        boolean lab = records.size() > 1;
        List<JdkComparison.Run> runs = new ArrayList<>();
        List<MatrixRecord> matrices = new ArrayList<>();
        StringBuilder missing = new StringBuilder();
        for (Path file : records) {
            MatrixRecord m = RunSource.matrix(file).orElseThrow(() -> new IllegalArgumentException(file
                    + " is not a matrix record; valid: one run.json, one matrix-<id>.json, or each host's matrix-<id>.json"));
            matrices.add(m);
            String host = file.toAbsolutePath().normalize().getParent().getFileName().toString();
            for (MatrixRecord.Entry e : m.jdks()) {
                String label = lab ? e.jdk() + "@" + host : e.jdk();
                if (e.runJson() == null) {
                    missing.append(String.format("- %s: %s (%s)%n", label, e.status(), e.message()));
                    continue;
                }
                runs.add(new JdkComparison.Run(label, RunSource.read(RunSource.run(file, e))));
            }
        }
        JdkComparison comparison = new JdkComparison(runs, RunSource.matching());
        String head = lab ? labHead(matrices, runs) : matrixHead(matrices.get(0), runs.get(0).record());
        StringBuilder text = new StringBuilder(head).append(comparison.jdkTable()).append('\n').append(missing);
        HtmlPage page = new HtmlPage((lab ? "Lab result set " : "Matrix ") + matrices.stream().map(MatrixRecord::matrixId)
                .distinct().collect(Collectors.joining(", "))).markdown(text.toString());
        Map<String, String> dots = comparison.dotCharts(page.colours());
        comparison.tables().forEach((title, table) -> {
            text.append("\n### ").append(title).append("\n\n").append(table);
            page.heading(title);
            dots.forEach((chart, svg) -> {
                if (chart.equals(title) || chart.startsWith(title + " (")) {
                    page.chart(chart, svg);
                }
            });
            page.markdown(table);
        });
        Path dir = out != null ? out : lab ? common(records).resolve(sameName(records) + "-report")
                : records.get(0).toAbsolutePath().getParent().resolve(sameName(records) + "-report");
        Files.createDirectories(dir);
        page.meta(links(dir, records.stream().map(Path::toAbsolutePath).toList()));
        text.append("\n### Charts\n\n");
        for (Map.Entry<String, String> chart : comparison.charts().entrySet()) {
            String file = chartFile(chart.getKey());
            Files.writeString(dir.resolve(file), chart.getValue());
            text.append("![").append(chart.getKey()).append("](").append(file).append(")\n\n");
        }
        for (int i = 0; i < records.size(); i++) {
            produced(page, dir, records.get(i).toAbsolutePath().getParent(), matrices.get(i).matrixId());
        }
        return written(dir, text, page);
    }

    private static String matrixHead(MatrixRecord m, RunRecord first) {
        return String.format("Matrix `%s` (%s profile) on %s: %s, %d CPUs, %d GiB; %s to %s.%n%n",
                m.matrixId(), m.profile(), first.host().name(), first.host().cpuModel(), first.host().cpus(),
                first.host().memoryBytes() >> 30, m.started(), m.finished() == null ? "(unfinished)" : m.finished());
    }

    private static String labHead(List<MatrixRecord> matrices, List<JdkComparison.Run> runs) {
        StringBuilder head = new StringBuilder(String.format("Lab result set: matrix `%s` (%s profile) on %d hosts.%n%n",
                matrices.stream().map(MatrixRecord::matrixId).distinct().collect(Collectors.joining("`, `")),
                matrices.stream().map(MatrixRecord::profile).distinct().collect(Collectors.joining(", ")), matrices.size()));
        runs.stream().map(r -> r.record().host()).distinct().forEach(h -> head.append(String.format(
                "- %s: %s, %s, %d CPUs, %d GiB%n", h.name(), h.cpuModel(), h.arch(), h.cpus(), h.memoryBytes() >> 30)));
        return head.append('\n').toString();
    }

    /** The claims and diffs {@code loom-lab claims} and {@code diff} wrote beside a matrix record, when there are any. */
    private static void produced(HtmlPage page, Path dir, Path matrixDir, String matrixId) throws IOException {
        List<Path> files = new ArrayList<>();
        Path claims = matrixDir.resolve("claims-" + matrixId + ".md");
        if (Files.isRegularFile(claims)) {
            files.add(claims);
        }
        try (Stream<Path> diffs = Files.list(matrixDir)) {
            diffs.filter(p -> p.getFileName().toString().matches("diff-" + Pattern.quote(matrixId) + "-.*\\.md"))
                    .sorted().forEach(files::add);
        }
        for (Path file : files) {
            page.heading((file.getFileName().toString().startsWith("claims") ? "Claims: " : "Diff: ")
                    + file.getFileName().toString().replaceFirst("\\.md$", "")).meta(links(dir, List.of(file)))
                    .markdown(Files.readString(file));
        }
    }

    /** Markdown links from the report directory to those of {@code files} that exist. */
    private static String links(Path dir, List<Path> files) {
        return files.stream().filter(Files::isRegularFile).map(f -> "[" + f.getFileName() + "]("
                + dir.toAbsolutePath().normalize().relativize(f.normalize()).toString().replace('\\', '/') + ")")
                .collect(Collectors.joining(" · ", "record: ", ""));
    }

    private static Integer written(Path dir, CharSequence md, HtmlPage page) throws IOException {
        Files.writeString(dir.resolve("report.md"), md);
        Files.writeString(dir.resolve("index.html"), page.html());
        System.out.println("report: " + dir.resolve("report.md"));
        System.out.println("html: " + dir.resolve("index.html").toAbsolutePath().normalize().toUri());
        return LoomLab.OK;
    }

    /** The file name the records share without {@code .json} (e.g. {@code matrix-smoke-lab}), else {@code lab}. */
    private static String sameName(List<Path> files) {
        List<String> names = files.stream().map(f -> f.getFileName().toString().replaceFirst("\\.json$", "")).distinct().toList();
        return names.size() == 1 ? names.get(0) : "lab";
    }

    /** The deepest directory holding every one of {@code files}. */
    private static Path common(List<Path> files) {
        Path dir = files.get(0).toAbsolutePath().normalize().getParent();
        while (dir.getParent() != null && !holdsAll(dir, files)) {
            dir = dir.getParent();
        }
        return dir;
    }

    private static boolean holdsAll(Path dir, List<Path> files) {
        return files.stream().allMatch(f -> f.toAbsolutePath().normalize().startsWith(dir));
    }

    /** The SVG file of a chart titled e.g. {@code philosophers (ms/op)}: {@code philosophers-ms-op.svg}. */
    /**
     * Whether a cell runs virtual threads, as the experiment catalogue of the benchmarks jar says (an executor called
     * virtual as much as threads=virtual); a cell of an experiment the catalogue does not know counts as not.
     */
    private static java.util.function.Predicate<Cell> runsVirtualThreads() {
        Experiments catalogue = Experiments.in(LoomLab.home().resolve("suite/bench/target/benchmarks.jar"));
        return c -> {
            try {
                return catalogue.of(c.experiment()).runsVirtualThreads(c.params());
            } catch (IllegalArgumentException unknown) {
                return false;
            }
        };
    }

    private static String chartFile(String title) {
        return title.replaceAll("[^A-Za-z0-9]+", "-").replaceAll("-+$", "") + ".svg";
    }
}
