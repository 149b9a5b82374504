package org.loomlab.report;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.loomlab.compare.RunToRun;
import org.loomlab.record.Cell;
import org.loomlab.record.CellMatching;
import org.loomlab.record.Lanes;
import org.loomlab.record.MatrixRecord;
import org.loomlab.record.RunRecord;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;
import static org.loomlab.report.SampleRuns.forked;
import static org.loomlab.report.SampleRuns.run;

class RelativePageTest {

    @TempDir
    Path tmp;

    /** Three forks around {@code mean}, a little apart (B's in another order), so a paired ratio has an interval. */
    private static Cell cell(String lock, double mean, boolean b) {
        List<List<Double>> forks = new java.util.ArrayList<>(List.of(List.of(mean, mean * 1.001),
                List.of(mean * 1.002, mean * 1.0005), List.of(mean * 0.999, mean)));
        if (b) {
            forks.add(forks.remove(1));
        }
        return forked("philosophers", Map.of("lock", lock), "avgt", "ms/op", forks);
    }

    private static RunRecord runOf(String jdk, double reentrant, double monitor, boolean b) {
        return run(jdk, jdk.substring(jdk.indexOf('-') + 1), List.of(cell("reentrant", reentrant, b), cell("synchronized", monitor, b)));
    }

    /** openjdk-21 the baseline; openjdk-25 twice as fast with a reentrant lock and as fast with synchronized. */
    private MatrixReportPage.Matrix matrix(boolean lanes) throws Exception {
        Path file = tmp.resolve("vm/matrix-q.json");
        Files.createDirectories(file.getParent());
        Files.writeString(file, "{}");
        MatrixRecord m = new MatrixRecord("q", "quick", Instant.parse("2026-11-23T00:00:00Z"), null, List.of(
                new MatrixRecord.Entry("openjdk-21", "ok", null, "openjdk-21/q/run.json"),
                new MatrixRecord.Entry("openjdk-25", "ok", null, "openjdk-25/q/run.json")));
        RunRecord a = runOf("openjdk-21", 4, 100, false);
        RunRecord b = runOf("openjdk-25", 2, 100, true);
        if (lanes) {
            a = a.withLanes(new Lanes("openjdk-21", List.of("openjdk-21", "openjdk-25"), 7));
            b = b.withLanes(new Lanes("openjdk-25", List.of("openjdk-21", "openjdk-25"), 7));
        }
        Map<String, RunRecord> runs = new LinkedHashMap<>();
        runs.put("openjdk-21", a);
        runs.put("openjdk-25", b);
        return new MatrixReportPage.Matrix(file, m, runs);
    }

    @Test
    void lanesThatTookTurnsArePairedByRound() throws Exception {
        RelativePage.Pages page = RelativePage.of(matrix(true), tmp.resolve("vm"), tmp.resolve("vm/report"), CellMatching.EXACT);

        assertThat(page.markdown()).contains("**Rule: paired round by round: the JDKs took turns in one run.**");
        assertThat(page.html()).contains("paired round by round: the JDKs took turns in one run");
        assertThat(page.markdown().lines().map(l -> l.replaceAll(" +", " ")))
                .contains("| cell | A median | B median | delta [interval] | p (adjusted) | verdict |")
                .anySatisfy(l -> assertThat(l).startsWith("| lock=reentrant avgt (ms/op) | 4.00 ms/op | 2.00 ms/op | \u221250.0 %")
                        .endsWith("| faster |"))
                .anySatisfy(l -> assertThat(l).startsWith("| lock=synchronized avgt (ms/op) |").endsWith("| same |"));
        // A bar per row, coloured by its verdict.
        assertThat(count(page.html(), "<rect class=\"bar\"")).isEqualTo(2);
        assertThat(page.html()).contains("data-verdict=\"faster\"", "data-series=\"same\"");
    }

    @Test
    void runsApartAreWidenedByTheHostsCalibrationOrSaySoWithoutOne() throws Exception {
        RelativePage.Pages none = RelativePage.of(matrix(false), tmp.resolve("vm"), tmp.resolve("vm/report"), CellMatching.EXACT);
        assertThat(none.markdown()).contains("runs apart: no run-to-run calibration for this host")
                .contains("Note (openjdk-25): no run-to-run calibration for " + tmp.resolve("vm"));

        RunToRun.given(2.5).write(tmp.resolve("vm"));
        RelativePage.Pages widened = RelativePage.of(matrix(false), tmp.resolve("vm"), tmp.resolve("vm/report"), CellMatching.EXACT);
        assertThat(widened.markdown()).contains("**Rule: runs apart: intervals widened by the host's run-to-run factor x2.50.**")
                .doesNotContain("Note (");
    }

    @Test
    void theMatrixPageLinksToIt() throws Exception {
        MatrixReportPage.Matrix m = matrix(false);
        ReportPage page = MatrixReportPage.of(List.of(m), tmp.resolve("vm/report"), CellMatching.EXACT);

        assertThat(page.html()).contains("<a href=\"relative.html\">relative.html</a>");
        assertThat(page.markdown()).contains("[relative.md](relative.md)");
    }

    private static int count(String text, String literal) {
        return (int) Pattern.compile(Pattern.quote(literal)).matcher(text).results().count();
    }
}
