package org.loomlab.cli;

import org.loomlab.layout.BuildLayout;
import org.loomlab.plan.Experiments;
import org.loomlab.record.Cell;
import org.loomlab.record.MatrixRecord;
import org.loomlab.record.RunRecord;
import org.loomlab.report.MatrixReportPage;
import org.loomlab.report.RelativePage;
import org.loomlab.report.ReportPage;
import org.loomlab.report.RunReportPage;
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
import java.util.function.Predicate;

/**
 * Renders one run record as README-ready Markdown (machine, JDK, table) and an SVG chart per experiment and unit;
 * given a matrix record, renders its JDKs' runs side by side instead, and given each host's matrix record of a lab
 * run, every JDK on every host side by side. Each also gets {@code index.html}: the same tables with dot charts,
 * one page that opens from the file system; a matrix of one host also gets {@code relative.html}, each JDK against
 * the first as B/A with {@code diff}'s verdicts.
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
        Path dir = out != null ? out : RunReportPage.defaultDir(runJson);
        Files.createDirectories(dir);
        return written(dir, RunReportPage.of(r, runJson.toAbsolutePath().getParent(), dir, runsVirtualThreads()));
    }

    /** One matrix record, or each host's of a lab result set, with each JDK's run record read (and checked) here. */
    private Integer compare() throws IOException {
        List<MatrixReportPage.Matrix> matrices = new ArrayList<>();
        for (Path file : records) {
            MatrixRecord m = RunSource.matrix(file).orElseThrow(() -> new IllegalArgumentException(file
                    + " is not a matrix record; valid: one run.json, one matrix-<id>.json, or each host's matrix-<id>.json"));
            Map<String, RunRecord> runs = new LinkedHashMap<>();
            for (MatrixRecord.Entry e : m.jdks()) {
                if (e.runJson() != null) {
                    runs.put(e.name(), RunSource.read(RunSource.run(file, e)));
                }
            }
            matrices.add(new MatrixReportPage.Matrix(file, m, runs));
        }
        Path dir = out != null ? out : MatrixReportPage.defaultDir(records);
        ReportPage page = MatrixReportPage.of(matrices, dir, RunSource.matching());
        Files.createDirectories(dir);
        Integer written = written(dir, page);
        if (RelativePage.applies(matrices)) {
            MatrixReportPage.Matrix m = matrices.get(0);
            // The host's directory as diff finds it from the baseline's run.json, so both read the same calibration.
            MatrixRecord.Entry baseline = m.record().jdks().stream().filter(e -> e.runJson() != null).findFirst().orElseThrow();
            Path host = RunSource.hostDir(RunSource.run(m.file(), baseline), m.runs().get(baseline.name()).host().name());
            RelativePage.Pages relative = RelativePage.of(m, host, dir, RunSource.matching());
            Files.writeString(dir.resolve(RelativePage.MARKDOWN), relative.markdown());
            Files.writeString(dir.resolve(RelativePage.HTML), relative.html());
            System.out.println("relative: " + dir.resolve(RelativePage.HTML).toAbsolutePath().normalize().toUri());
        }
        return written;
    }

    private static Integer written(Path dir, ReportPage page) throws IOException {
        for (Map.Entry<String, String> chart : page.charts().entrySet()) {
            Files.writeString(dir.resolve(chart.getKey()), chart.getValue());
        }
        Files.writeString(dir.resolve(ReportPage.MARKDOWN), page.markdown());
        Files.writeString(dir.resolve(ReportPage.HTML), page.html());
        System.out.println("report: " + dir.resolve(ReportPage.MARKDOWN));
        System.out.println("html: " + dir.resolve(ReportPage.HTML).toAbsolutePath().normalize().toUri());
        return LoomLab.OK;
    }

    /**
     * Whether a cell runs virtual threads, as the experiment catalogue of the benchmarks jar says (an executor called
     * virtual as much as threads=virtual); a cell of an experiment the catalogue does not know counts as not.
     */
    private static Predicate<Cell> runsVirtualThreads() {
        Experiments catalogue = Experiments.in(new BuildLayout(LoomLab.home()).benchmarksJar());
        return c -> {
            try {
                return catalogue.of(c.experiment()).runsVirtualThreads(c.params());
            } catch (IllegalArgumentException unknown) {
                return false;
            }
        };
    }
}
