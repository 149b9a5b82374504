package org.loomlab.report;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.loomlab.record.Cell;
import org.loomlab.record.CellMatching;
import org.loomlab.record.MatrixRecord;
import org.loomlab.record.RunRecord;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.loomlab.report.SampleRuns.forked;
import static org.loomlab.report.SampleRuns.run;

class MatrixReportPageTest {

    @TempDir
    Path tmp;

    private static Cell cell(String lock, double mean) {
        return forked("philosophers", Map.of("lock", lock), "avgt", "ms/op", List.of(List.of(mean, mean * 1.01)));
    }

    private static RunRecord runOf(String jdk, double reentrant, double monitor) {
        return run(jdk, jdk.substring(jdk.indexOf('-') + 1), List.of(cell("reentrant", reentrant), cell("synchronized", monitor)));
    }

    /** A host's matrix {@code id}: openjdk-21 and openjdk-25 ran, openjdk-26's image was missing. */
    private static MatrixReportPage.Matrix matrix(Path file, String id) throws Exception {
        Files.createDirectories(file.getParent());
        Files.writeString(file, "{}");
        MatrixRecord m = new MatrixRecord(id, "quick", Instant.parse("2026-11-23T00:00:00Z"), null, List.of(
                new MatrixRecord.Entry("openjdk-21", "ok", null, "openjdk-21/" + id + "/run.json"),
                new MatrixRecord.Entry("openjdk-25", "ok", null, "openjdk-25/" + id + "/run.json"),
                MatrixRecord.Entry.skipped("openjdk-26", "no image loom-lab/runner:openjdk-26")));
        Map<String, RunRecord> runs = new LinkedHashMap<>();
        runs.put("openjdk-21", runOf("openjdk-21", 3.5, 112));
        runs.put("openjdk-25", runOf("openjdk-25", 1.75, 87.25));
        return new MatrixReportPage.Matrix(file, m, runs);
    }

    @Test
    void putsEachJdkInAColumnAndListsTheOneThatDidNotRun() throws Exception {
        Path file = tmp.resolve("vm/matrix-q.json");
        ReportPage page = MatrixReportPage.of(List.of(matrix(file, "q")), MatrixReportPage.defaultDir(List.of(file)), CellMatching.EXACT);

        assertThat(page.markdown()).startsWith("Matrix `q` (quick profile) on lab-1: CPU, 2 CPUs, 16 GiB;"
                + " 2026-11-23T00:00:00Z to (unfinished).\n\n");
        assertThat(page.markdown()).contains("- openjdk-26: skipped (no image loom-lab/runner:openjdk-26)\n");
        assertThat(page.markdown().lines().map(l -> l.replaceAll(" +", " ")))
                .contains("| lock | openjdk-21 | openjdk-25 |")
                .anySatisfy(l -> assertThat(l).startsWith("| synchronized | 112 ").contains("| 87.3 "));
        assertThat(page.markdown()).contains("### Charts\n\n![philosophers (ms/op)](philosophers-ms-op.svg)\n");
        assertThat(page.charts()).containsOnlyKeys("philosophers-ms-op.svg");
        assertThat(page.html()).contains("<title>Matrix q</title>").contains("href=\"../matrix-q.json\"");
        assertThat(page.markdown()).as("records without allocation have no memory section").doesNotContain("Memory");
    }

    @Test
    void ranksEachJdksCellsByMemoryWhenTheyRecordedAllocation() throws Exception {
        Path file = tmp.resolve("vm/matrix-m.json");
        MatrixReportPage.Matrix m = matrix(file, "m");
        Map<String, RunRecord> runs = new LinkedHashMap<>();
        m.runs().forEach((jdk, r) -> runs.put(jdk, run(jdk, r.jdk().runtimeVersion(), List.of(cell("reentrant", 3.5),
                forked("philosophers", Map.of("lock", "reentrant"), Cell.ALLOCATION, "B/op", List.of(List.of(3e6, 3.1e6))),
                cell("synchronized", 112),
                forked("philosophers", Map.of("lock", "synchronized"), Cell.ALLOCATION, "B/op", List.of(List.of(1e6, 1.1e6)))))));
        ReportPage page = MatrixReportPage.of(List.of(new MatrixReportPage.Matrix(file, m.record(), runs)), tmp.resolve("out"),
                CellMatching.EXACT);

        String memory = page.markdown().substring(page.markdown().indexOf("### Memory, openjdk-21"));
        assertThat(memory).contains("### Memory, openjdk-25");
        assertThat(memory.indexOf("| synchronized")).isLessThan(memory.indexOf("| reentrant"));
        assertThat(page.html()).contains("<h2>Memory, openjdk-21</h2>");
    }

    @Test
    void showsTheClaimsAndDiffsWrittenBesideTheMatrixRecordOnItsPage() throws Exception {
        Path file = tmp.resolve("vm/matrix-q.json");
        MatrixReportPage.Matrix m = matrix(file, "q");
        Files.writeString(file.resolveSibling("claims-q.md"), "| claim | openjdk-21 |\n| --- | --- |\n| pinning fixed | no |\n");
        Files.writeString(file.resolveSibling("diff-q-openjdk-21-vs-openjdk-25.md"), "1 of 2 cells faster\n");
        Files.writeString(file.resolveSibling("diff-other-a-vs-b.md"), "another matrix's diff\n");
        Files.writeString(file.resolveSibling("claims-q.json"), "{}");
        Files.writeString(file.resolveSibling("diff-q-2-openjdk-21-vs-openjdk-25.md"), "matrix q-2's diff\n");
        ReportPage page = MatrixReportPage.of(List.of(m), tmp.resolve("out"), CellMatching.EXACT);
        String html = page.html();

        assertThat(html).contains("<h2>Claims: claims-q</h2>").contains("<td>pinning fixed</td>")
                .contains("<h2>Diff: diff-q-openjdk-21-vs-openjdk-25</h2>").contains("1 of 2 cells faster")
                .contains("href=\"../vm/claims-q.md\"").contains("href=\"../vm/claims-q.json\"")
                .doesNotContain("another matrix").doesNotContain("q-2");
        assertThat(html.indexOf("Claims: claims-q")).isLessThan(html.indexOf("Diff: diff-q"));
        // the Markdown lists them too, links relative to the report folder, the claims first and each .md before its .json
        assertThat(page.markdown()).contains("Claims and diffs written beside the matrix record:\n\n"
                + "- [claims-q.md](../vm/claims-q.md) · [claims-q.json](../vm/claims-q.json)\n"
                + "- [diff-q-openjdk-21-vs-openjdk-25.md](../vm/diff-q-openjdk-21-vs-openjdk-25.md)\n\n");
        assertThat(page.markdown()).doesNotContain("diff-other").doesNotContain("q-2");
        assertThat(html.indexOf("Claims and diffs written beside")).isLessThan(html.indexOf("<h2>"));
    }

    @Test
    void listsNothingBesideAMatrixRecordThatHasNoClaimsOrDiffs() throws Exception {
        ReportPage page = MatrixReportPage.of(List.of(matrix(tmp.resolve("vm/matrix-q.json"), "q")), tmp.resolve("out"),
                CellMatching.EXACT);
        assertThat(page.markdown()).doesNotContain("Claims and diffs");
        assertThat(page.html()).doesNotContain("Claims and diffs").doesNotContain("<h2>Claims: ");
    }

    @Test
    void aLabResultSetNamesEachColumnByJdkAndHostAndGoesBesideTheHosts() throws Exception {
        List<Path> files = List.of(tmp.resolve("results/lab-intel/matrix-s.json"), tmp.resolve("results/lab-arm/matrix-s.json"));
        Path dir = MatrixReportPage.defaultDir(files);
        assertThat(dir).isEqualTo(tmp.resolve("results/matrix-s-report").toAbsolutePath());
        ReportPage page = MatrixReportPage.of(List.of(matrix(files.get(0), "s"), matrix(files.get(1), "s")), dir, CellMatching.EXACT);

        assertThat(page.markdown()).startsWith("Lab result set: matrix `s` (quick profile) on 2 hosts.\n\n- lab-1: CPU, amd64,");
        assertThat(page.markdown()).contains("- openjdk-26@lab-intel: skipped").contains("- openjdk-26@lab-arm: skipped");
        assertThat(page.markdown().lines().map(l -> l.replaceAll(" +", " "))).contains(
                "| lock | openjdk-21@lab-intel | openjdk-25@lab-intel | openjdk-21@lab-arm | openjdk-25@lab-arm |");
        assertThat(page.html()).contains("<title>Lab result set s</title>");
        assertThat(MatrixReportPage.defaultDir(List.of(files.get(0), tmp.resolve("results/lab-arm/matrix-t.json"))))
                .isEqualTo(tmp.resolve("results/lab-report").toAbsolutePath());
    }

    /** A host's repeat {@code id} of a matrix whose one JDK, openjdk-25, ran at {@code scale} times the usual speed. */
    private static MatrixReportPage.Matrix repeat(Path file, String id, double scale) throws Exception {
        Files.createDirectories(file.getParent());
        Files.writeString(file, "{}");
        MatrixRecord m = new MatrixRecord(id, "smoke", Instant.parse("2026-11-23T00:00:00Z"), null, List.of(
                new MatrixRecord.Entry("openjdk-25", "ok", null, "openjdk-25/" + id + "/run.json")));
        Map<String, RunRecord> runs = new LinkedHashMap<>();
        runs.put("openjdk-25", runOf("openjdk-25", 1.75 * scale, 87.25 * scale));
        return new MatrixReportPage.Matrix(file, m, runs);
    }

    @Test
    void aLabResultSetWithRepeatsNamesEachRepeatAndComparesTheHostsOverRuns() throws Exception {
        Path intel = tmp.resolve("results/lab-intel");
        Path arm = tmp.resolve("results/lab-arm");
        List<MatrixReportPage.Matrix> set = List.of(repeat(intel.resolve("matrix-s-r1.json"), "s-r1", 1),
                repeat(intel.resolve("matrix-s-r2.json"), "s-r2", 1.02), repeat(arm.resolve("matrix-s-r1.json"), "s-r1", 2),
                repeat(arm.resolve("matrix-s-r2.json"), "s-r2", 2.1));
        Path dir = MatrixReportPage.defaultDir(set.stream().map(MatrixReportPage.Matrix::file).toList());
        assertThat(dir).isEqualTo(tmp.resolve("results/matrix-s-report").toAbsolutePath());

        String md = MatrixReportPage.of(set, dir, CellMatching.EXACT).markdown();

        assertThat(md.lines().map(l -> l.replaceAll(" +", " "))).contains("| lock | openjdk-25@lab-intel r1 | "
                + "openjdk-25@lab-intel r2 | openjdk-25@lab-arm r1 | openjdk-25@lab-arm r2 |");
        assertThat(md).contains("### Host against host, runs as the unit\n\n#### openjdk-25: lab-arm against lab-intel\n\n"
                + "Runs are the unit: 2 runs on lab-intel, 2 on lab-arm;");
        // Both cells over runs: 2 a side, about twice as slow on lab-arm.
        assertThat(md.lines().filter(l -> l.startsWith("| philosophers ")).map(l -> l.replaceAll(" +", " ")))
                .hasSize(2).allSatisfy(l -> assertThat(l).contains("| 2/2 | +").contains(" %"));
        // One matrix per host, or repeats on one host only: no comparison over runs.
        assertThat(MatrixReportPage.of(List.of(set.get(0), set.get(2)), dir, CellMatching.EXACT).markdown().replaceAll(" +", " "))
                .doesNotContain("runs as the unit").contains("openjdk-25@lab-intel |");
        assertThat(MatrixReportPage.of(List.of(set.get(0), set.get(1), set.get(2)), dir, CellMatching.EXACT).markdown()
                .replaceAll(" +", " ")).doesNotContain("runs as the unit").contains("openjdk-25@lab-intel r2")
                .contains("openjdk-25@lab-arm |");
    }
}
