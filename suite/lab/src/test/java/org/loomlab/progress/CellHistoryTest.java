package org.loomlab.progress;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.loomlab.plan.Catalogued;
import org.loomlab.plan.CellPlan;
import org.loomlab.record.Cell;
import org.loomlab.record.CellStatus;
import org.loomlab.record.Host;
import org.loomlab.record.Jdk;
import org.loomlab.record.RecordJson;
import org.loomlab.record.RunRecord;
import org.loomlab.record.RunStatus;
import org.loomlab.record.Suite;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class CellHistoryTest {

    @TempDir
    Path hostDir;

    private static Map<String, String> params(String workload) {
        Map<String, String> p = new LinkedHashMap<>();
        p.put("lock", "reentrant");
        p.put("workload", workload);
        return p;
    }

    private void record(String jdk, String run, String profile, double noopWall, double spinWall) throws Exception {
        Host host = new Host("vm", "amd64", "CPU", 2, 1L << 34, "6.1", "Debian", null, null, null);
        Jdk j = new Jdk(jdk, "x", 25, "25", "vm", "25", List.of(), "/jdk", 2, 2, 1L << 30, null, null);
        List<Cell> cells = List.of(
                Cell.unmeasured("philosophers", params("noop"), "avgt", "ms/op", CellStatus.OK, null, noopWall, null),
                Cell.unmeasured("philosophers", params("active-wait"), "avgt", "ms/op", CellStatus.TIMEOUT, "slow", spinWall, null));
        RecordJson.writeAtomically(hostDir.resolve(jdk).resolve(run).resolve("run.json"),
                new RunRecord(RunRecord.SCHEMA_VERSION, run, Instant.now(), Instant.now(), profile, RunStatus.COMPLETE, host, j,
                        new Suite("0.1.0", null, null), null, cells));
    }

    private static CellPlan plan(String workload) {
        return new CellPlan(Catalogued.EXPERIMENTS.of("philosophers"), params(workload));
    }

    @Test
    void plansEachCellAtItsMedianWallInEarlierRunsOfTheSameProfile() throws Exception {
        record("openjdk-21", "a", "quick", 4, 200);
        record("openjdk-25", "b", "quick", 6, 210);
        record("temurin-25", "c", "quick", 5, 1000);
        record("temurin-25", "d", "smoke", 1, 1);
        Files.writeString(hostDir.resolve("temurin-25").resolve("broken.json"), "{");
        CellHistory h = CellHistory.of(hostDir, "quick");
        assertThat(h.wall(plan("noop"))).hasValue(Duration.ofSeconds(5));
        assertThat(h.wall(plan("active-wait"))).hasValue(Duration.ofSeconds(210));
        assertThat(h.wall(plan("sleep"))).isEmpty();
        Map<String, String> reordered = new LinkedHashMap<>();
        reordered.put("workload", "noop");
        reordered.put("lock", "reentrant");
        assertThat(h.wall(new CellPlan(Catalogued.EXPERIMENTS.of("philosophers"), reordered)))
                .as("a plan listing the params in another order than the record").hasValue(Duration.ofSeconds(5));
        assertThat(h.plan(List.of(plan("noop"), plan("sleep")), p -> Duration.ofSeconds(6)))
                .containsExactly(Duration.ofSeconds(5), Duration.ofSeconds(6));
        assertThat(h.basis(List.of(plan("noop"), plan("sleep")))).isEqualTo("1 of 2 cells timed in 3 earlier runs");
        assertThat(CellHistory.of(hostDir.resolve("nowhere"), "quick").basis(List.of(plan("noop"))))
                .startsWith("no earlier run");
    }

    private void spreadRecord(String run, int forks, double spread, Double warmupSeconds) throws Exception {
        Host host = new Host("vm", "amd64", "CPU", 2, 1L << 34, "6.1", "Debian", null, null, null);
        Jdk j = new Jdk("temurin-25", "x", 25, "25", "vm", "25", List.of(), "/jdk", 2, 2, 1L << 30, null, null);
        Cell noop = Cell.builder("philosophers", params("noop"), "avgt", "ms/op").score(200.0).wallSeconds(20)
                .precision(new org.loomlab.record.Precision(0.95, 0.05, 0.1, forks, 2, 1, 40, true, spread, "t", null,
                        warmupSeconds, null, null)).build();
        RecordJson.writeAtomically(hostDir.resolve("temurin-25").resolve(run).resolve("run.json"),
                new RunRecord(RunRecord.SCHEMA_VERSION, run, Instant.now(), Instant.now(), "quick", RunStatus.COMPLETE, host, j,
                        new Suite("0.1.0", null, null), null, List.of(noop)));
    }

    @Test
    void keepsEachCellsMedianForkSpreadOverRunsOfThreeOrMoreForksUnderTheWarmUpItWillGet() throws Exception {
        spreadRecord("a", 3, 0.144, 3.0);
        spreadRecord("b", 16, 0.102, 3.0);
        spreadRecord("c", 5, 0.069, 3.0);
        spreadRecord("d", 2, 0.011, 3.0);   // two forks: their spread is a guess
        spreadRecord("e", 8, 0.500, null);  // quick's old 1 s warm-up, before the warm-up was kept
        spreadRecord("f", 8, 0.031, 9.0);   // a longer warm-up: the JIT no longer at work in the measured seconds
        CellHistory h = CellHistory.of(hostDir, "quick");
        double three = 3.0;
        assertThat(h.spread(plan("noop"), three)).hasValue(0.102);
        assertThat(h.spreadRuns(plan("noop"), three)).isEqualTo(3);
        assertThat(h.spread(plan("noop"), 9.0)).hasValue(0.031);
        assertThat(h.spread(plan("noop"), 6.0)).isEmpty();
        assertThat(h.spread(plan("sleep"), three)).isEmpty();
        assertThat(CellHistory.none().spread(plan("noop"), three)).isEmpty();
    }

    @Test
    void theEtaFollowsThePlanScaledByHowTheFinishedCellsCompared() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        Progress p = new Progress(new PrintStream(bytes, true, StandardCharsets.UTF_8),
                List.of(Duration.ofSeconds(10), Duration.ofSeconds(200), Duration.ofSeconds(100)), "from history");
        p.starting(0, plan("noop"));
        // the first cell took twice its plan: the remaining 300 s of plan become 600 s
        p.finished(0, List.of(Cell.unmeasured("philosophers", params("noop"), "avgt", "ms/op", CellStatus.TIMEOUT, "x", 20, null)));
        String out = bytes.toString(StandardCharsets.UTF_8);
        assertThat(out).contains("[ 1/3] lock=reentrant workload=noop ... (planned ETA 5m10s; from history)");
        assertThat(out).contains("ETA 10m00s");
    }
}
