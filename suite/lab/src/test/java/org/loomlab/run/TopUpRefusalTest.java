package org.loomlab.run;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.loomlab.plan.RunPlan;
import org.loomlab.record.Cell;
import org.loomlab.record.Pinning;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class TopUpRefusalTest {

    @TempDir
    Path run;

    private static RunPlan plan(List<String> lanes, Double target, Double detect) {
        return new RunPlan("quick", 0.95, target, 3, 20, 40_000, 3_600_000L, 600_000, List.of(), null, 7L, lanes, "abc",
                detect);
    }

    @Test
    void aRunThatDidNotTakeTurnsIsRefused() {
        assertThatThrownBy(() -> TopUpRefusal.refuseUnlessTopUppable("r1", plan(null, 0.05, null)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("--top-up: run r1 did not take turns (one JDK, no lanes in its plan); a top-up adds rounds, and "
                        + "only a round of lanes pairs: top up a run of --lane or --jvm A,B");
    }

    @Test
    void aPlanWithoutAChangeToCallIsRefusedNamingTheTargetItHad() {
        assertThatThrownBy(() -> TopUpRefusal.refuseUnlessTopUppable("r1", plan(List.of("a", "b"), 0.03, null)))
                .hasMessageStartingWith("--top-up: run r1 was planned without --detect (a target of ±3 %)")
                .hasMessageEndingWith("plan the run with --detect");
    }

    @Test
    void aPlanOfLanesWithAChangeToCallIsTopUppable() {
        TopUpRefusal.refuseUnlessTopUppable("r1", plan(List.of("a", "b"), 0.0784, 0.10));
    }

    @Test
    void unfinishedCellsAreRefusedUntilAResumeFinishesThem() {
        TopUpRefusal.refuseUnfinished("r1", 0);
        assertThatThrownBy(() -> TopUpRefusal.refuseUnfinished("r1", 2))
                .hasMessage("--top-up: run r1 has 2 cells some lane did not finish; finish them with --resume first, then "
                        + "top the run up");
    }

    @Test
    void lanesNotGivenAgainAreNamed() {
        assertThatThrownBy(() -> TopUpRefusal.refuseWithoutLanes("r1", List.of("openjdk-21", "openjdk-25")))
                .hasMessage("--top-up: run r1 took turns in lanes [openjdk-21, openjdk-25]; give them with --lane, in that order");
    }

    @Test
    void aMissingForkFileMeansTheRecordStandsInForTheEarlierForks() throws Exception {
        Path forks = Files.createDirectories(run.resolve("jmh").resolve("cell-07"));
        Files.writeString(forks.resolve("fork-1.json"), "[]");
        Files.writeString(forks.resolve("fork-3.json"), "[]");
        ToppedUp t = ToppedUp.of(forks, 3, List.of(RECORDED), run, false);
        assertThat(t.name()).isEqualTo("cell-07");
        assertThat(t.rawHere()).isFalse();
        Files.writeString(forks.resolve("fork-2.json"), "[]");
        assertThat(t.rawHere()).isTrue();
    }

    @Test
    void theNewestPerJvmFilesPastTheRoundsAreWhatAnInterruptedTopUpLeft() throws Exception {
        ToppedUp t = ToppedUp.of(Files.createDirectories(run.resolve("jmh").resolve("cell-07")), 2, List.of(RECORDED), run, false);
        Path latency = Files.createDirectories(run.resolve("latency"));
        List<Path> files = List.of(latency.resolve("cell-07-300.hlog"), latency.resolve("cell-07-100.hlog"),
                latency.resolve("cell-07-200.hlog"));
        long at = 1_700_000_000_000L;
        for (Path f : files) {
            Files.writeString(f, "x");
            f.toFile().setLastModified(at += 60_000);
        }
        // Another cell's file, and cell-07's own two first: none is a stray.
        Files.writeString(latency.resolve("cell-08-400.hlog"), "x");
        assertThat(t.strays(run)).containsExactly(latency.resolve("cell-07-200.hlog"));
    }

    @Test
    void perJvmFilesOfEveryRoundArePooledOfNoneAreTakenFromTheRecordAndOfSomeAreRefused() throws Exception {
        Path forks = Files.createDirectories(run.resolve("jmh").resolve("cell-07"));
        Cell recorded = RECORDED.withPercentiles(Map.of("p50", 1.0)).withPinning(new Pinning(0, Map.of(), Map.of(), Map.of(), null));
        assertThat(ToppedUp.of(forks, 2, List.of(recorded), run, true).fromRecord())
                .containsExactlyInAnyOrder(ToppedUp.PerJvm.LATENCY, ToppedUp.PerJvm.PINNING);
        // Platform threads: no pinning was read from JFR, so none is looked for.
        assertThat(ToppedUp.of(forks, 2, List.of(recorded), run, false).fromRecord()).containsExactly(ToppedUp.PerJvm.LATENCY);
        Files.createDirectories(run.resolve("latency"));
        Files.writeString(run.resolve("latency").resolve("cell-07-100.hlog"), "x");
        assertThatThrownBy(() -> ToppedUp.of(forks, 2, List.of(recorded), run, false))
                .hasMessage("--top-up: 1 of 2 rounds' files " + run.resolve("latency").resolve("cell-07-*.hlog") + " are "
                        + "here; a top-up pools all of them or, where none is here, keeps what the record says of them: "
                        + "restore or remove them");
        Files.writeString(run.resolve("latency").resolve("cell-07-101.hlog"), "x");
        assertThat(ToppedUp.of(forks, 2, List.of(recorded), run, false).fromRecord()).isEmpty();
    }

    private static final Cell RECORDED = Cell.builder("philosophers", Map.of(), "avgt", "ms/op").score(1.0).build();
}
