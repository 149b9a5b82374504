package org.loomlab.report;

import org.junit.jupiter.api.Test;
import org.loomlab.record.Cell;
import org.loomlab.record.CellStatus;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.loomlab.report.SampleRuns.run;

class RunDiffTest {

    private static Cell cell(String workload, String unit, CellStatus status, Double... samples) {
        Map<String, String> params = new LinkedHashMap<>();
        params.put("lock", "synchronized");
        params.put("workload", workload);
        return new Cell("philosophers", params, "avgt", unit, samples.length == 0 ? null : samples[0], null, null, null,
                List.of(samples), null, null, status, null, 1, null);
    }

    private static RunDiff.Row row(RunDiff d, String workload) {
        return d.rows().stream().filter(r -> r.params().get("workload").equals(workload)).findFirst().orElseThrow();
    }

    @Test
    void judgesEachMatchedCellAndSaysWhyOthersWereNotCompared() {
        var a = run("openjdk-21", "21.0.12", List.of(
                cell("sleep", "ms/op", CellStatus.OK, 100.0, 104.0, 98.0, 101.0, 103.0),
                cell("noop", "ms/op", CellStatus.OK, 3.0, 3.1, 2.9),
                cell("file-read", "ms/op", CellStatus.OK, 50.0, 51.0, 49.0, 50.5, 49.5),
                cell("active-wait", "ms/op", CellStatus.OK, 10.0, 10.1, 9.9, 10.0, 10.05),
                cell("http-jdk", "ms/op", CellStatus.OK, 26.0, 27.0, 25.0),
                cell("errors", "count", CellStatus.OK, 0.0, 0.0, 0.0)));
        var b = run("openjdk-25", "25.0.3", List.of(
                cell("sleep", "ms/op", CellStatus.OK, 50.0, 52.0, 49.0, 51.0, 50.5),
                cell("noop", "ms/op", CellStatus.OK, 1.5, 1.6, 1.4),
                cell("file-read", "ms/op", CellStatus.OK, 50.2, 50.9, 49.1, 50.4, 49.8),
                cell("active-wait", "ms/op", CellStatus.OK, 10.0, 10.1, 9.9, 10.0, 10.05),
                cell("http-jdk", "ms/op", CellStatus.TIMEOUT),
                cell("errors", "count", CellStatus.OK, 0.0, 0.0, 0.0),
                cell("http-okhttp", "ms/op", CellStatus.OK, 5.0, 5.0, 5.0)));
        RunDiff d = RunDiff.of("a/run.json", a, "b/run.json", b, 0.95, 0.02);

        RunDiff.Row sleep = row(d, "sleep");
        assertThat(sleep.verdict()).isEqualTo(Verdict.FASTER);
        assertThat(sleep.ratio()).isBetween(0.48, 0.52);
        assertThat(sleep.ciHigh()).isLessThan(0.98);
        assertThat(sleep.aMedian()).isEqualTo(101.0);
        assertThat(sleep.bSamples()).isEqualTo(5);

        RunDiff.Row noop = row(d, "noop");
        assertThat(noop.verdict()).isEqualTo(Verdict.INCONCLUSIVE);
        assertThat(noop.note()).isEqualTo("too few samples (3 and 3) for 95 % confidence");

        assertThat(row(d, "file-read").verdict()).isIn(Verdict.SAME, Verdict.INCONCLUSIVE);
        assertThat(row(d, "active-wait").verdict()).isEqualTo(Verdict.SAME);
        assertThat(row(d, "active-wait").note()).isEmpty();
        assertThat(row(d, "errors").verdict()).isEqualTo(Verdict.SAME);
        assertThat(row(d, "errors").note()).isEqualTo("identical samples");
        assertThat(row(d, "http-jdk").verdict()).isNull();
        assertThat(row(d, "http-jdk").note()).isEqualTo("B timeout");
        assertThat(row(d, "http-okhttp").note()).isEqualTo("only in B");
        assertThat(d.worse()).isEmpty();
        assertThat(d.summary()).startsWith("7 cells: 1 faster, ").contains("2 not compared").contains("1 with too few samples");

        String md = d.markdown(false);
        assertThat(md).contains("A (baseline): openjdk-21 21.0.12 on lab-1").contains("B:            openjdk-25 25.0.3");
        assertThat(md.lines().filter(l -> l.startsWith("| sleep "))).singleElement().asString()
                .contains("avgt (ms/op)").contains("| 101 ").contains("| faster ");
        // --changed keeps only the cells beyond the noise band.
        assertThat(d.markdown(true).lines().filter(l -> l.startsWith("| ") && !l.startsWith("| workload"))
                .filter(l -> !l.startsWith("| -"))).singleElement().asString().startsWith("| sleep ");
    }

    @Test
    void theOtherWayRoundTheSameCellIsSlowerAndWorse() {
        var fast = run("openjdk-25", "25.0.3", List.of(cell("sleep", "ms/op", CellStatus.OK, 50.0, 52.0, 49.0, 51.0, 50.5)));
        var slow = run("openjdk-21", "21.0.12", List.of(cell("sleep", "ms/op", CellStatus.OK, 100.0, 104.0, 98.0, 101.0, 103.0)));
        RunDiff d = RunDiff.of("a", fast, "b", slow, 0.95, 0.02);
        assertThat(d.worse()).singleElement().extracting(RunDiff.Row::verdict).isEqualTo(Verdict.SLOWER);
    }
}
