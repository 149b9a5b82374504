package org.loomlab;

import org.junit.jupiter.api.Test;
import org.loomlab.compare.RunDiff;
import org.loomlab.compare.RunToRun;
import org.loomlab.compare.VerdictRules;
import org.loomlab.record.Cell;
import org.loomlab.record.CellMatching;
import org.loomlab.record.CellStatus;
import org.loomlab.record.RecordJson;
import org.loomlab.record.RunRecord;
import org.loomlab.record.Summary;
import org.loomlab.report.PrecisionTable;
import org.loomlab.report.ReportPage;
import org.loomlab.report.RunReportPage;
import org.loomlab.report.TerminalTable;
import org.loomlab.run.ForkInterval;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What the lab prints of a few committed runs, byte for byte as it printed them when the expected files were written:
 * the diff of two runs (Welch over forks, an old schema-1 record), of two lanes that took turns (paired by round), of
 * repeated runs a side (the run the unit), a run's report page, its precision table and its terminal table. A
 * restructuring of the statistics or of the records' reading must leave every one of them alone.
 *
 * <p>The expected files live under {@code src/test/resources/golden/}; {@code -Dgolden.write=true} rewrites them from
 * the code as it stands (only when an output is meant to change, and then the diff of those files is the review).
 */
class GoldenOutputTest {

    private static final Path RESULTS = results();
    private static final Path GOLDEN = Path.of("src/test/resources/golden");

    @Test
    void twoRunsOfTheOldSchemaAreDiffedAsBefore() {
        RunRecord a = read("vm/openjdk-21/quick-jdks");
        RunRecord b = read("vm/openjdk-25/quick-jdks");
        assertThat(a.schema()).isEqualTo(1);
        RunDiff diff = RunDiff.of("A/run.json", a, "B/run.json", b, VerdictRules.defaults(), false);
        golden("diff-quick-jdks-21-25.md", diff.markdown(false));
        golden("diff-quick-jdks-21-25-changed.md", diff.markdown(true));
    }

    @Test
    void lanesThatTookTurnsAreDiffedRoundByRoundAsBefore() {
        RunRecord a = read("vm-xeon-2c-24g/openjdk-21/turns-21-25-i");
        RunRecord b = read("vm-xeon-2c-24g/openjdk-25/turns-21-25-i");
        RunDiff diff = RunDiff.of("A/run.json", a, "B/run.json", b, VerdictRules.defaults().inRounds(), false);
        golden("diff-turns-21-25-i.md", diff.markdown(false));
    }

    @Test
    void repeatedRunsASideAreDiffedAsBefore() {
        List<RunRecord> as = List.of(read("vm-xeon-2c-24g/a/lanes-aa-posctl-1"), read("vm-xeon-2c-24g/a/lanes-aa-posctl-m1"));
        List<RunRecord> bs = List.of(read("vm-xeon-2c-24g/b/lanes-aa-posctl-1"), read("vm-xeon-2c-24g/b/lanes-aa-posctl-m1"));
        RunDiff diff = RunDiff.overRuns(
                List.of(RunDiff.Side.of("A1/run.json", as.get(0)), RunDiff.Side.of("A2/run.json", as.get(1))), as,
                List.of(RunDiff.Side.of("B1/run.json", bs.get(0)), RunDiff.Side.of("B2/run.json", bs.get(1))), bs,
                VerdictRules.defaults().withRunToRun(RunToRun.NONE), false, CellMatching.EXACT);
        golden("diff-over-runs-posctl.md", diff.markdown(false));
    }

    @Test
    void runsAreReportedAsBefore() {
        for (String run : List.of("vm-xeon-2c-24g/openjdk-25/turns-21-25-i", "vm/openjdk-21/quick-jdks",
                "lab-arm-xeon-2c-24g-arm64-qemu/openjdk-25/smoke-lab")) {
            RunRecord r = read(run);
            String name = run.replace('/', '_');
            Path dir = RESULTS.resolve(run);
            ReportPage page = RunReportPage.of(r, dir, dir.resolve("report"), c -> false);
            golden("report-" + name + ".md", page.markdown());
            golden("report-" + name + ".html", page.html());
            golden("precision-" + name + ".md", PrecisionTable.markdown(r));
            golden("terminal-" + name + ".txt", TerminalTable.render(r.results(), 120));
        }
    }

    /**
     * Every ok cell's interval over its forks as the measuring loop computes it, and the 99.9 % interval of all its
     * samples as a scenario cell records it, to the last digit of each double: what no printed table rounds away.
     */
    @Test
    void intervalsOverForksAndSamplesAreComputedAsBefore() {
        StringBuilder out = new StringBuilder();
        for (Cell c : read("vm-xeon-2c-24g/openjdk-25/turns-21-25-i").results()) {
            if (c.status() != CellStatus.OK || c.forks().stream().allMatch(List::isEmpty)) {
                continue;
            }
            ForkInterval i = ForkInterval.of(c.forks(), 0.95);
            List<Double> all = c.forks().stream().flatMap(List::stream).toList();
            Cell summary = Summary.cell(c.experiment(), c.params(), c.metric(), c.unit(), all, null, null, null, 0, null);
            out.append(String.join(" ", c.experiment(), c.params().toString(), c.metric(), String.valueOf(i.score()),
                    String.valueOf(i.low()), String.valueOf(i.high()), String.valueOf(i.relativeHalfWidth()),
                    String.valueOf(i.forkSpread()), i.method(), i.text(), String.valueOf(i.forksFor(0.05, 0.95)),
                    String.valueOf(summary.error()), String.valueOf(summary.ciLow()), String.valueOf(summary.ciHigh())))
                    .append('\n');
        }
        golden("intervals-turns-21-25-i.txt", out.toString());
    }

    private static RunRecord read(String run) {
        try {
            return RecordJson.read(RESULTS.resolve(run).resolve("run.json"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void golden(String name, String actual) {
        Path file = GOLDEN.resolve(name);
        try {
            if (Boolean.getBoolean("golden.write")) {
                Files.createDirectories(GOLDEN);
                Files.writeString(file, actual);
            }
            assertThat(actual).as(name).isEqualTo(Files.readString(file));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The repository's results/, above the module the tests run in. */
    private static Path results() {
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            if (Files.isDirectory(dir.resolve("results")) && Files.isDirectory(dir.resolve("suite"))) {
                return dir.resolve("results");
            }
        }
        throw new IllegalStateException("no results/ above " + Path.of("").toAbsolutePath());
    }
}
