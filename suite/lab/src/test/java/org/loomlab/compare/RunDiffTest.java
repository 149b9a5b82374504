package org.loomlab.compare;

import org.loomlab.report.SampleRuns;

import org.loomlab.compare.FingerprintDiff;

import org.junit.jupiter.api.Test;
import org.loomlab.catalogue.Catalogue;
import org.loomlab.record.Cell;
import org.loomlab.record.CellMatching;
import org.loomlab.record.CellStatus;
import org.loomlab.record.Host;
import org.loomlab.record.Precision;
import org.loomlab.record.RunRecord;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.loomlab.report.SampleRuns.forked;
import static org.loomlab.report.SampleRuns.run;

class RunDiffTest {

    private static final VerdictRules HOLM_95 = new VerdictRules(0.95, 0.02, Adjustment.HOLM);

    private static Map<String, String> params(String workload) {
        Map<String, String> params = new LinkedHashMap<>();
        params.put("lock", "synchronized");
        params.put("workload", workload);
        return params;
    }

    /** A cell of an older record: its samples as one fork. */
    private static Cell cell(String workload, String unit, CellStatus status, Double... samples) {
        return Cell.builder("philosophers", params(workload), "avgt", unit).score(samples.length == 0 ? null : samples[0])
                .samples(List.of(samples)).status(status).wallSeconds(1).build();
    }

    /** A cell measured in one fork per mean, each fork three samples 1 % apart. */
    private static Cell forks(String workload, String unit, double... means) {
        return forked("philosophers", params(workload), "avgt", unit, threeEach(means));
    }

    private static RunDiff.Row row(RunDiff d, String workload) {
        return d.rows().stream().filter(r -> r.params().get("workload").equals(workload)).findFirst().orElseThrow();
    }

    /** A dinner's time and its time per table meal, each over forks whose means are the given ones. */
    private static List<Cell> dinner(double[] times, double[] meals) {
        Map<String, String> params = params("active-wait");
        params.put("meals", "10000");
        return List.of(forked("philosophers", params, "avgt", "ms/op", threeEach(times)),
                forked("philosophers", params, Cell.TABLE_MEAL_TIME, "us/meal", threeEach(meals)));
    }

    /** One fork per mean, each three samples 1 % apart. */
    private static List<List<Double>> threeEach(double[] means) {
        return Arrays.stream(means).mapToObj(m -> List.of(m * 0.99, m, m * 1.01)).toList();
    }

    @Test
    void aSlowerDinnerWhoseTableEatsAsFastSaysItsTableSharesDifferently() {
        // B's dinner takes 14 times as long while each table meal takes as long: the table shared its meals more evenly.
        var a = run("openjdk-25", "25", dinner(new double[] {190, 195, 200, 193}, new double[] {9.30, 9.32, 9.31, 9.29}));
        var b = run("openjdk-26", "26", dinner(new double[] {2700, 2650, 2750, 2690}, new double[] {9.31, 9.30, 9.29, 9.32}));
        List<RunDiff.Row> rows = RunDiff.of("a", a, "b", b, HOLM_95, false).rows();
        RunDiff.Row time = rows.stream().filter(r -> r.metric().equals("avgt")).findFirst().orElseThrow();
        RunDiff.Row meal = rows.stream().filter(r -> r.metric().equals(Cell.TABLE_MEAL_TIME)).findFirst().orElseThrow();
        assertThat(time.verdict()).isEqualTo(Verdict.SLOWER);
        assertThat(meal.verdict()).isEqualTo(Verdict.SAME);
        assertThat(time.note()).contains(VerdictRules.SHARING).contains("per table meal 1.000 [").contains(", same; ");
        // Its meal spread grew as much as its time: 2,697.5 / 194.5 ms at the same speed.
        Matcher spread = Pattern.compile("meal spread ([0-9.]+) \\[([0-9.]+), ([0-9.]+)]").matcher(time.note());
        assertThat(spread.find()).as(time.note()).isTrue();
        assertThat(Double.parseDouble(spread.group(1))).isCloseTo(2697.5 / 194.5, within(0.05));
        assertThat(Double.parseDouble(spread.group(2))).isLessThan(2697.5 / 194.5).isGreaterThan(12);
        assertThat(Double.parseDouble(spread.group(3))).isGreaterThan(2697.5 / 194.5).isLessThan(16);
        assertThat(meal.note()).doesNotContain(VerdictRules.SHARING);

        // A table that eats slower, sharing as before: both rows agree, and nothing is added.
        var slower = run("openjdk-26", "26", dinner(new double[] {380, 390, 400, 386}, new double[] {18.8, 18.4, 19.0, 18.6}));
        RunDiff.Row both = RunDiff.of("a", a, "b", slower, HOLM_95, false).rows().get(0);
        assertThat(both.verdict()).isEqualTo(Verdict.SLOWER);
        assertThat(both.note()).doesNotContain(VerdictRules.SHARING);
    }

    @Test
    void aRowWhoseCellsWarmedUpForDifferentTimesSaysSo() {
        Cell three = warmedUp(forks("noop", "ms/op", 100, 101, 99), 3.0);
        Cell nine = warmedUp(forks("noop", "ms/op", 95, 96, 94), 9.0);
        RunDiff.Row row = RunDiff.of("a", run("temurin-25", "25", List.of(three)), "b",
                run("temurin-25", "25", List.of(nine)), HOLM_95, false).rows().get(0);
        assertThat(row.note()).contains("warmed up 3 s a fork in A, 9 s in B");
        RunDiff.Row alike = RunDiff.of("a", run("temurin-25", "25", List.of(three)), "b",
                run("temurin-25", "25", List.of(warmedUp(forks("noop", "ms/op", 95, 96, 94), 3.0))), HOLM_95, false)
                .rows().get(0);
        assertThat(alike.note()).doesNotContain("warmed up");
    }

    private static Cell warmedUp(Cell c, double seconds) {
        return c.toBuilder().precision(new Precision(0.95, 0.05, 0.02, 3, 3, 1, 40, false, 0.01, "t", null, seconds,
                null, null)).build();
    }

    /**
     * A record older than the gc axis has no gc param and ran G1: with the catalogue's matching its cell is the newer
     * record's gc=g1 cell, and never its gc=z cell. Matched as recorded, it would be compared with neither.
     */
    @Test
    void anOlderRecordsCellWithoutGcIsTheNewerRecordsG1CellAndNotItsZCell() {
        Map<String, String> g1 = params("sleep");
        g1.put("gc", "g1");
        Map<String, String> z = params("sleep");
        z.put("gc", "z");
        var older = run("openjdk-25", "25.0.2", List.of(forks("sleep", "ms/op", 100.0, 104.0, 98.0, 101.0, 103.0)));
        var newer = run("openjdk-25", "25.0.3", List.of(
                forked("philosophers", g1, "avgt", "ms/op", List.of(List.of(50.0, 50.5), List.of(52.0, 51.0), List.of(49.0, 49.5))),
                forked("philosophers", z, "avgt", "ms/op", List.of(List.of(80.0, 80.5), List.of(82.0, 81.0), List.of(79.0, 79.5)))));
        CellMatching catalogue = CellMatching.of(Catalogue.onClassPath());

        List<RunDiff.Row> rows = RunDiff.of("a", older, "b", newer, HOLM_95, false, catalogue).rows();
        assertThat(rows).hasSize(2);
        RunDiff.Row matched = rows.stream().filter(r -> r.aMedian() != null).findFirst().orElseThrow();
        assertThat(matched.params()).containsEntry("gc", "g1");
        assertThat(matched.bMedian()).isBetween(49.0, 52.0);
        assertThat(matched.verdict()).isEqualTo(Verdict.FASTER);
        RunDiff.Row alone = rows.stream().filter(r -> r.aMedian() == null).findFirst().orElseThrow();
        assertThat(alone.params()).containsEntry("gc", "z");
        assertThat(alone.note()).contains("only in B");
        // as recorded, the older cell is a third row, compared with nothing
        assertThat(RunDiff.of("a", older, "b", newer, HOLM_95, false).rows()).hasSize(3)
                .allSatisfy(r -> assertThat(r.aMedian() == null || r.bMedian() == null).isTrue());
        // two records that both lack the axis are compared, and shown, as recorded
        assertThat(RunDiff.of("a", older, "b", older, HOLM_95, false, catalogue).rows())
                .singleElement().satisfies(r -> assertThat(r.params()).doesNotContainKey("gc"));
    }

    @Test
    void judgesEachMatchedCellAndSaysWhyOthersWereNotCompared() {
        var a = run("openjdk-21", "21.0.12", List.of(
                forks("sleep", "ms/op", 100.0, 104.0, 98.0, 101.0, 103.0),
                cell("noop", "ms/op", CellStatus.OK, 3.0, 3.1, 2.9),
                forks("file-read", "ms/op", 50.0, 51.0, 49.0, 50.5, 49.5),
                forks("active-wait", "ms/op", 10.0, 10.1, 9.9, 10.0, 10.05),
                forks("http-jdk", "ms/op", 26.0, 27.0, 25.0),
                cell("errors", "count", CellStatus.OK, 0.0, 0.0, 0.0)));
        var b = run("openjdk-25", "25.0.3", List.of(
                forks("sleep", "ms/op", 50.0, 52.0, 49.0, 51.0, 50.5),
                cell("noop", "ms/op", CellStatus.OK, 1.5, 1.6, 1.4),
                forks("file-read", "ms/op", 50.2, 50.9, 49.1, 50.4, 49.8),
                forks("active-wait", "ms/op", 10.0, 10.1, 9.9, 10.0, 10.05),
                cell("http-jdk", "ms/op", CellStatus.TIMEOUT),
                cell("errors", "count", CellStatus.OK, 0.0, 0.0, 0.0),
                cell("http-okhttp", "ms/op", CellStatus.OK, 5.0, 5.0, 5.0)));
        RunDiff d = RunDiff.of("a/run.json", a, "b/run.json", b, HOLM_95, false);

        RunDiff.Row sleep = row(d, "sleep");
        assertThat(sleep.verdict()).isEqualTo(Verdict.FASTER);
        assertThat(sleep.method()).isEqualTo(Ratio.Method.FORKS);
        assertThat(sleep.ratio()).isBetween(0.48, 0.52);
        assertThat(sleep.ciHigh()).isLessThan(0.98);
        assertThat(sleep.pAdjusted()).isGreaterThanOrEqualTo(sleep.pValue()).isLessThan(0.05);
        assertThat(sleep.aMedian()).isEqualTo(101.0);
        assertThat(sleep.bSamples()).isEqualTo(15);
        assertThat(sleep.bForks()).isEqualTo(5);
        assertThat(sleep.detectable()).isGreaterThan(0.02).isLessThan(0.1);

        // One fork a side: the samples are compared, and 3 against 3 cannot reach 95 % anyway.
        RunDiff.Row noop = row(d, "noop");
        assertThat(noop.verdict()).isEqualTo(Verdict.INCONCLUSIVE);
        assertThat(noop.method()).isEqualTo(Ratio.Method.SAMPLES);
        assertThat(noop.note()).isEqualTo("too few samples (3 and 3) for 95 % confidence; " + VerdictRules.ONE_FORK);
        assertThat(noop.detectable()).isNull();

        assertThat(row(d, "file-read").verdict()).isIn(Verdict.SAME, Verdict.INCONCLUSIVE);
        assertThat(row(d, "active-wait").verdict()).isEqualTo(Verdict.SAME);
        assertThat(row(d, "active-wait").note()).isEmpty();
        assertThat(row(d, "errors").verdict()).isEqualTo(Verdict.SAME);
        assertThat(row(d, "errors").note()).isEqualTo("identical samples");
        assertThat(row(d, "http-jdk").verdict()).isNull();
        assertThat(row(d, "http-jdk").note()).isEqualTo("B timeout");
        assertThat(row(d, "http-jdk").pAdjusted()).isNull();
        assertThat(row(d, "http-okhttp").note()).isEqualTo("only in B");
        assertThat(d.worse()).isEmpty();
        assertThat(d.summary()).startsWith("7 cells: 1 faster, ").contains("2 not compared").contains("1 with too few samples")
                .contains("1 with one fork on a side");

        String md = d.markdown(false);
        assertThat(md).contains("A (baseline): openjdk-21 21.0.12 on lab-1").contains("B:            openjdk-25 25.0.3")
                .contains("Fingerprints: 3 fields differ (A | B):").contains("- jdk.runtime_version: 21.0.12 | 25.0.3")
                .contains("p adjusted: holm across 3 callable cells (2 compared cells with one fork on a side or identical samples").doesNotContain("Different hardware");
        assertThat(md.lines().filter(l -> l.startsWith("| sleep "))).singleElement().asString()
                .contains("avgt (ms/op)").contains("| 101 ").contains("| 5/5 ").contains("| faster ");
        assertThat(md.lines().filter(l -> l.startsWith("| noop "))).singleElement().asString().contains("| none ");
        // --changed keeps only the cells beyond the noise band.
        assertThat(d.markdown(true).lines().filter(l -> l.startsWith("| ") && !l.startsWith("| workload"))
                .filter(l -> !l.startsWith("| -"))).singleElement().asString().startsWith("| sleep ");
    }

    @Test
    void theOtherWayRoundTheSameCellIsSlowerAndWorse() {
        var fast = run("openjdk-25", "25.0.3", List.of(forks("sleep", "ms/op", 50.0, 52.0, 49.0, 51.0, 50.5)));
        var slow = run("openjdk-21", "21.0.12", List.of(forks("sleep", "ms/op", 100.0, 104.0, 98.0, 101.0, 103.0)));
        RunDiff d = RunDiff.of("a", fast, "b", slow, HOLM_95, false);
        assertThat(d.worse()).singleElement().extracting(RunDiff.Row::verdict).isEqualTo(Verdict.SLOWER);
    }

    @Test
    void oneForkASideIsNeverDirectionalHoweverFarApart() {
        // 5 samples of one JVM each, twice as slow: the samples would say so, the JVM-to-JVM variance is unknown.
        var a = run("openjdk-21", "21.0.12", List.of(cell("sleep", "ms/op", CellStatus.OK, 100.0, 104.0, 98.0, 101.0, 103.0)));
        var b = run("openjdk-25", "25.0.3", List.of(cell("sleep", "ms/op", CellStatus.OK, 200.0, 208.0, 196.0, 202.0, 206.0)));
        RunDiff.Row r = RunDiff.of("a", a, "b", b, HOLM_95, false).rows().get(0);
        assertThat(r.ciLow()).isGreaterThan(1.02);
        assertThat(r.verdict()).isEqualTo(Verdict.INCONCLUSIVE);
        assertThat(r.note()).isEqualTo(VerdictRules.ONE_FORK);
        assertThat(r.detectable()).isNull();
    }

    @Test
    void tiedThreadCountsOfOneForkAreNeverMore() {
        // footprint's threads went 22 -> 23 in every sample; the old normal approximation said "more" at 95 %.
        Map<String, String> params = Map.of("executor", "virtual");
        var a = run("openjdk-21", "21.0.12", List.of(Cell.builder("footprint", params, "peak-os-threads", "threads")
                .score(22.0).samples(List.of(22.0, 22.0, 22.0)).wallSeconds(1).build()));
        var b = run("openjdk-25", "25.0.3", List.of(Cell.builder("footprint", params, "peak-os-threads", "threads")
                .score(23.0).samples(List.of(23.0, 23.0, 23.0)).wallSeconds(1).build()));
        for (double level : new double[] {0.95, 0.9}) {
            RunDiff.Row r = RunDiff.of("a", a, "b", b, new VerdictRules(level, 0.02, Adjustment.HOLM), false).rows().get(0);
            assertThat(r.pValue()).as("p at %s", level).isGreaterThanOrEqualTo(0.1);
            assertThat(r.verdict().directional()).as("verdict at %s", level).isFalse();
        }
    }

    @Test
    void holmHoldsBackAChangeThatOneCellInTwentyOneWouldShowByChance() {
        double[] base = {100, 104, 96, 102, 98};
        List<Cell> left = new ArrayList<>(List.of(forks("sleep", "ms/op", base)));
        List<Cell> right = new ArrayList<>(List.of(forks("sleep", "ms/op", Arrays.stream(base).map(v -> v * 1.08).toArray())));
        for (int i = 0; i < 20; i++) {
            left.add(forks("w" + i, "ms/op", base));
            right.add(forks("w" + i, "ms/op", base));
        }
        var a = run("openjdk-25", "25.0.3", left);
        var b = run("openjdk-25", "25.0.3", right);
        RunDiff.Row alone = RunDiff.of("a", a, "b", b, new VerdictRules(0.95, 0.02, Adjustment.NONE), false).rows().get(0);
        assertThat(alone.verdict()).isEqualTo(Verdict.SLOWER);
        assertThat(alone.pValue()).isBetween(0.05 / 21, 0.05); // significant alone, not once multiplied by 21
        RunDiff.Row holm = RunDiff.of("a", a, "b", b, HOLM_95, false).rows().get(0);
        assertThat(holm.pAdjusted()).isCloseTo(21 * holm.pValue(), within(1e-12));
        assertThat(holm.verdict()).isEqualTo(Verdict.INCONCLUSIVE);
        assertThat(holm.note()).startsWith("holm p ").endsWith(" > 0.05");
        RunDiff.Row bh = RunDiff.of("a", a, "b", b, new VerdictRules(0.95, 0.02, Adjustment.BH), false).rows().get(0);
        assertThat(bh.pAdjusted()).isCloseTo(holm.pAdjusted(), within(1e-12));
    }

    @Test
    void differentHardwareHoldsDirectionalVerdictsBackUnlessAskedAcross() {
        var a = run("openjdk-25", "25.0.3", List.of(forks("sleep", "ms/op", 100.0, 104.0, 98.0, 101.0, 103.0)));
        RunRecord same = run("openjdk-25", "25.0.3", List.of(forks("sleep", "ms/op", 200.0, 208.0, 196.0, 202.0, 206.0)));
        Host h = same.host();
        RunRecord b = new RunRecord(same.schema(), same.runId(), same.started(), same.finished(), same.profile(), same.status(),
                new Host(h.name(), h.arch(), "Other CPU", 8, h.memoryBytes(), h.kernel(), h.os(), h.container(), h.cpuGovernor(),
                        h.turbo()), same.jdk(), same.suite(), same.fixture(), same.results());

        RunDiff held = RunDiff.of("a", a, "b", b, HOLM_95, false);
        assertThat(held.result().fingerprints().hardware()).isTrue();
        assertThat(held.result().fingerprints().differences()).extracting(FingerprintDiff.Difference::field)
                .containsExactly("host.cpu_model", "host.cpus");
        assertThat(held.rows().get(0).verdict()).isEqualTo(Verdict.INCONCLUSIVE);
        assertThat(held.rows().get(0).note()).isEqualTo(RunDiff.DIFFERENT_HARDWARE);
        assertThat(held.markdown(false)).contains("- host.cpu_model: CPU | Other CPU").contains("- host.cpus: 2 | 8")
                .contains("Different hardware: no cell is called faster");
        assertThat(held.summary()).contains("1 held back for different hardware");

        RunDiff across = RunDiff.of("a", a, "b", b, HOLM_95, true);
        assertThat(across.rows().get(0).verdict()).isEqualTo(Verdict.SLOWER);
        assertThat(across.rows().get(0).note()).isEmpty();
    }

    @Test
    void eachExperimentSaysWhatItsTimeRowsCouldHaveFound() {
        // Two tight time cells (4 forks, 1 % apart) and one that has a single fork a side: that one can call nothing.
        var a = run("openjdk-21", "21", List.of(forks("noop", "ms/op", 100, 101, 99, 100), forks("sleep", "ms/op", 50, 50.5, 49.5, 50),
                forks("active-wait", "ms/op", 70)));
        var b = run("openjdk-25", "25", List.of(forks("noop", "ms/op", 100, 100, 101, 99), forks("sleep", "ms/op", 50, 49.5, 50.5, 50),
                forks("active-wait", "ms/op", 71)));
        RunDiff d = RunDiff.of("a", a, "b", b, HOLM_95, false);
        RunDiff.Sensitivity s = d.result().sensitivity().getFirst();
        assertThat(s.experiment()).isEqualTo("philosophers");
        assertThat(s.rows()).isEqualTo(3);
        assertThat(s.within10()).isEqualTo(2);
        // The median is the middle row's, a bounded one: the one-fork row sorts last as unable.
        double tight = row(d, "noop").detectable();
        double other = row(d, "sleep").detectable();
        assertThat(s.median()).isEqualTo(Math.max(tight, other));
        assertThat(row(d, "active-wait").detectable()).isNull();
        assertThat(d.markdown(false)).contains("Could detect, over 3 time and rate rows: median " + RunDiff.detectable(s.median())
                + "; 2 of 3 could call a change of 10 %.");
    }

    /** A lane's cell: one fork per mean (three samples 1 % apart each), its forks 8 s each. */
    private static Cell lane(String workload, double[] means) {
        Cell c = forks(workload, "ms/op", means);
        return c.toBuilder().wallSeconds(8.0 * means.length).build();
    }

    /** Four rounds of A, and B's forks of the same rounds off by the given swing, alternately up and down. */
    private static double[][] rounds(double swing) {
        double[] a = {100, 103, 97, 101};
        double[] b = new double[a.length];
        for (int i = 0; i < a.length; i++) {
            b[i] = a[i] * (i % 2 == 0 ? 1 + swing : 1 - swing);
        }
        return new double[][] {a, b};
    }

    @Test
    void anExperimentShortOfHalfItsRowsCallingTenPercentSaysWhatHalfWouldTake() {
        VerdictRules paired = new VerdictRules(0.95, 0.02, Adjustment.HOLM, RunToRun.NONE, true);
        // Lanes that took turns: four rounds a cell, B/A swinging 0.5 %, 6 % and 40 % from round to round.
        double[][] tight = rounds(0.005);
        double[][] loose = rounds(0.06);
        double[][] wild = rounds(0.40);
        var a = run("openjdk-21", "21", List.of(lane("noop", tight[0]), lane("sleep", loose[0]), lane("active-wait", wild[0])));
        var b = run("openjdk-25", "25", List.of(lane("noop", tight[1]), lane("sleep", loose[1]), lane("active-wait", wild[1])));
        RunDiff d = RunDiff.of("a", a, "b", b, paired, false);

        RunDiff.Row there = row(d, "noop");
        RunDiff.Row short6 = row(d, "sleep");
        assertThat(there.detectable()).isLessThan(RunDiff.TEN_PERCENT);
        assertThat(there.forksToTen()).isBetween(2, 4);
        assertThat(short6.detectable()).isGreaterThan(RunDiff.TEN_PERCENT);
        assertThat(short6.forksToTen()).isGreaterThan(4);
        assertThat(short6.secondsToTen()).isCloseTo(short6.forksToTen() * 16.0, within(1e-9));
        assertThat(row(d, "active-wait").forksToTen()).isGreaterThan(short6.forksToTen());

        // The rounds priced are enough: the same swing over that many rounds calls 10 % at the same level.
        int n = short6.forksToTen();
        double[] aMore = new double[n];
        double[] bMore = new double[n];
        for (int i = 0; i < n; i++) {
            aMore[i] = 100;
            bMore[i] = 100 * (i % 2 == 0 ? 1.06 : 0.94);
        }
        double[] aFew = Arrays.copyOf(aMore, n - 1);
        double[] bFew = Arrays.copyOf(bMore, n - 1);
        RunDiff more = RunDiff.of("a", run("openjdk-21", "21", List.of(lane("noop", tight[0]), lane("sleep", aMore),
                lane("active-wait", wild[0]))), "b", run("openjdk-25", "25", List.of(lane("noop", tight[1]),
                lane("sleep", bMore), lane("active-wait", wild[1]))), paired, false);
        RunDiff fewer = RunDiff.of("a", run("openjdk-21", "21", List.of(lane("noop", tight[0]), lane("sleep", aFew),
                lane("active-wait", wild[0]))), "b", run("openjdk-25", "25", List.of(lane("noop", tight[1]),
                lane("sleep", bFew), lane("active-wait", wild[1]))), paired, false);
        assertThat(row(more, "sleep").detectable()).isLessThanOrEqualTo(RunDiff.TEN_PERCENT + 0.005);
        assertThat(row(fewer, "sleep").detectable()).isGreaterThan(RunDiff.TEN_PERCENT - 0.005);

        // One of three rows within 10 %: the cheapest half is two rows, the tight cell and the 6 % one, each run to its rounds.
        RunDiff.Sensitivity s = d.result().sensitivity().getFirst();
        assertThat(s.within10()).isEqualTo(1);
        assertThat(s.counted()).isEqualTo("rounds");
        assertThat(s.halfForks()).isEqualTo(n);
        assertThat(s.halfSeconds()).isCloseTo(there.secondsToTen() + short6.secondsToTen(), within(1e-9));
        assertThat(d.markdown(false)).contains("At their spreads half of them could after about "
                + org.loomlab.text.Figures.clock(java.time.Duration.ofSeconds(Math.round(s.halfSeconds())))
                + " of forks in all, the cheapest half's cells taking up to " + n + " rounds.");
    }

    @Test
    void aDiffOfTwoExperimentsEndsWithWhatItCouldDetectInAll() {
        VerdictRules paired = new VerdictRules(0.95, 0.02, Adjustment.HOLM, RunToRun.NONE, true);
        double[][] tight = rounds(0.005);
        double[][] loose = rounds(0.06);
        Cell probeA = forked("pinning-probe", Map.of("lock", "synchronized"), "throughput", "ops/s", threeEach(loose[0]));
        Cell probeB = forked("pinning-probe", Map.of("lock", "synchronized"), "throughput", "ops/s", threeEach(loose[1]));
        RunDiff one = RunDiff.of("a", run("openjdk-21", "21", List.of(lane("noop", tight[0]))), "b",
                run("openjdk-25", "25", List.of(lane("noop", tight[1]))), paired, false);
        RunDiff two = RunDiff.of("a", run("openjdk-21", "21", List.of(lane("noop", tight[0]), probeA)), "b",
                run("openjdk-25", "25", List.of(lane("noop", tight[1]), probeB)), paired, false);
        assertThat(one.overallLine()).isEmpty();
        assertThat(two.overallLine()).startsWith("In all: Could detect, over 2 time and rate rows:")
                .contains("1 of 2 could call a change of 10 %.");
        assertThat(two.markdown(false)).contains(two.overallLine());
    }

    @Test
    void aNoiseBandAsWideAsTenPercentPricesNoRowAtAnyNumberOfRounds() {
        // A claim may judge within a band of 12 %: no interval can then call 10 %, however many rounds.
        VerdictRules wide = new VerdictRules(0.95, 0.12, Adjustment.HOLM, RunToRun.NONE, true);
        double[][] loose = rounds(0.06);
        RunDiff d = RunDiff.of("a", run("openjdk-21", "21", List.of(lane("sleep", loose[0]))), "b",
                run("openjdk-25", "25", List.of(lane("sleep", loose[1]))), wide, false);
        assertThat(row(d, "sleep").detectable()).isGreaterThan(RunDiff.TEN_PERCENT);
        assertThat(row(d, "sleep").forksToTen()).isNull();
        assertThat(d.result().sensitivity().getFirst().halfSeconds()).isNull();
    }

    @Test
    void aDetectableChangePastElevenTimesReadsAsOverAThousandPercent() {
        assertThat(RunDiff.detectable(0.0523)).isEqualTo("±5.2 %");
        assertThat(RunDiff.detectable(10.0)).isEqualTo("±1000.0 %");
        assertThat(RunDiff.detectable(5.49e87)).isEqualTo("over ±1000 %");
        assertThat(RunDiff.detectable(null)).isEqualTo("none");
    }

    @Test
    void anExperimentWhoseRowsMostlyCanCallNothingHasNoMedian() {
        var a = run("openjdk-21", "21", List.of(forks("noop", "ms/op", 100), forks("sleep", "ms/op", 50, 51)));
        var b = run("openjdk-25", "25", List.of(forks("noop", "ms/op", 101), forks("sleep", "ms/op", 50)));
        RunDiff.Sensitivity s = RunDiff.of("a", a, "b", b, HOLM_95, false).result().sensitivity().getFirst();
        assertThat(s.rows()).isEqualTo(2);
        assertThat(s.within10()).isZero();
        assertThat(s.median()).isNull();
    }

    /** Three runs a side: each run's cells, their forks' means as given. */
    private static List<RunRecord> repeats(String jdk, double[][] sleep, double[][] spin) {
        List<RunRecord> out = new ArrayList<>();
        for (int i = 0; i < sleep.length; i++) {
            List<Cell> cells = new ArrayList<>(List.of(forks("sleep", "ms/op", sleep[i]), forks("noop", "ms/op", 50, 50.5)));
            if (spin[i] != null) {
                cells.add(forks("spin", "ms/op", spin[i]));
            }
            out.add(run(jdk, "25", cells));
        }
        return out;
    }

    private static List<RunDiff.Side> sides(String prefix, List<RunRecord> runs) {
        List<RunDiff.Side> out = new ArrayList<>();
        for (int i = 0; i < runs.size(); i++) {
            out.add(RunDiff.Side.of(prefix + "-r" + (i + 1), runs.get(i)));
        }
        return out;
    }

    @Test
    void repeatedRunsASideAreTheUnitAndARowWithOneRunOnASideFallsBackToItsForks() {
        List<RunRecord> a = repeats("openjdk-25", new double[][] {{100, 101}, {104, 105}, {97, 98}},
                new double[][] {{30, 31}, {32, 33}, null});
        List<RunRecord> b = repeats("openjdk-25", new double[][] {{120, 121}, {124, 125}, {117, 118}},
                new double[][] {{30, 30.5}, null, null});
        VerdictRules rules = HOLM_95.withRunToRun(RunToRun.given(2.5));
        RunDiff d = RunDiff.overRuns(sides("a", a), a, sides("b", b), b, rules, false, CellMatching.EXACT);

        RunDiff.Row sleep = row(d, "sleep");
        assertThat(sleep.method()).isEqualTo(Ratio.Method.RUNS);
        assertThat(sleep.aRuns()).isEqualTo(3);
        assertThat(sleep.bRuns()).isEqualTo(3);
        assertThat(sleep.aForks()).isEqualTo(6);
        // The row's ratio is Ratio.overRuns of the runs' forks, unwidened by the factor given for the fallback.
        Ratio expected = Ratio.overRuns(a.stream().map(r -> VerdictRules.forks(r.results().get(0))).toList(),
                b.stream().map(r -> VerdictRules.forks(r.results().get(0))).toList(), 0.95, 1, 0);
        assertThat(sleep.ratio()).isEqualTo(expected.estimate());
        assertThat(sleep.ciLow()).isEqualTo(expected.low());
        assertThat(sleep.pValue()).isEqualTo(expected.pValue());
        // Holm across the callable rows: sleep and noop over runs, spin over its pooled forks.
        assertThat(d.rows().stream().filter(RunDiff.Row::callable)).hasSize(3);
        assertThat(sleep.pAdjusted()).isCloseTo(Math.min(1, 3 * sleep.pValue()), within(1e-12));
        assertThat(sleep.verdict()).isEqualTo(Verdict.SLOWER);

        RunDiff.Row spin = row(d, "spin");
        assertThat(spin.method()).isEqualTo(Ratio.Method.FORKS);
        assertThat(spin.aRuns()).isEqualTo(2);
        assertThat(spin.bRuns()).isEqualTo(1);
        assertThat(spin.note()).contains(VerdictRules.FORKS_POOLED);
        Ratio pooled = Ratio.of(List.of(VerdictRules.forks(a.get(0).results().get(2)).get(0),
                        VerdictRules.forks(a.get(0).results().get(2)).get(1), VerdictRules.forks(a.get(1).results().get(2)).get(0),
                        VerdictRules.forks(a.get(1).results().get(2)).get(1)),
                VerdictRules.forks(b.get(0).results().get(2)), 0.95, 2.5, 0);
        assertThat(spin.ratio()).isEqualTo(pooled.estimate());
        assertThat(spin.ciHigh()).isEqualTo(pooled.high());

        assertThat(d.result().overRuns()).isTrue();
        assertThat(d.result().aRuns()).extracting(RunDiff.Side::runJson).containsExactly("a-r1", "a-r2", "a-r3");
        assertThat(d.markdown(false)).contains("A (baseline), 3 runs:\n- openjdk-25").contains("B, 3 runs:")
                .contains("Runs are the unit: 3 runs of A, 3 of B.")
                .contains("rows that fall back: intervals widened x2.50 for run-to-run variance (given)")
                .containsPattern("\\| runs +\\| forks +\\|").containsPattern("\\| 3/3 +\\| 6/6 +\\|")
                .containsPattern("\\| 2/1 +\\| 4/2 +\\|");
    }

    @Test
    void aDiffOfOneRunASideHasNoRunsInItsRowsOrResult() {
        var a = run("openjdk-25", "25", List.of(forks("sleep", "ms/op", 100, 101)));
        var b = run("openjdk-25", "25", List.of(forks("sleep", "ms/op", 100, 102)));
        RunDiff d = RunDiff.of("a", a, "b", b, HOLM_95, false);
        assertThat(d.rows().get(0).aRuns()).isNull();
        assertThat(d.result().overRuns()).isFalse();
        assertThat(d.markdown(false)).contains("A (baseline): openjdk-25").doesNotContain("| runs |")
                .doesNotContain("Runs are the unit");
    }
}
