package org.loomlab.run;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.loomlab.plan.Catalogued;
import org.loomlab.plan.CellPlan;
import org.loomlab.record.Cell;
import org.loomlab.record.ForkMemory;
import org.loomlab.record.Pinning;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** A topped-up cell's earlier forks, found by its lane and read back from their files in fork order. */
class ToppedUpTest {

    @TempDir
    Path runs;

    private static final CellPlan PLAN = new CellPlan(Catalogued.EXPERIMENTS.of("philosophers"),
            Map.of("lock", "reentrant", "workload", "noop"));

    /** A lane's run directory whose cell {@code name} kept {@code forks} forks' files. */
    private ToppedUp kept(String lane, String name, int forks) throws Exception {
        Path dir = Files.createDirectories(runs.resolve(lane).resolve("jmh").resolve(name));
        for (int k = 1; k <= forks; k++) {
            Files.writeString(dir.resolve("fork-" + k + ".json"), lane + " " + k);
        }
        return new ToppedUp(dir, forks, List.of(Cell.builder("philosophers", PLAN.params(), "avgt", "ms/op")
                .score(1.0).wallSeconds(3.0 * forks).build()), Set.of());
    }

    @Test
    void eachLanesEarlierForksAreReadInOrderWithTheirShareOfTheTimeAndTheirRawDirectory() throws Exception {
        CellPlan a = PLAN.inLane("a");
        CellPlan b = PLAN.inLane("b");
        LaneRouting routing = new LaneRouting(Map.of(), Map.of(), Map.of(LaneRouting.key(a), kept("a", "cell-07", 3),
                LaneRouting.key(b), kept("b", "cell-08", 3)));
        assertThat(routing.toppingUp(List.of(a, b))).isTrue();
        assertThat(routing.toppingUp(List.of(PLAN.inLane("c")))).isFalse();
        List<String> read = new ArrayList<>();
        List<ForkLoop.Earlier> earlier = routing.earlier(List.of(a, b), plan -> (file, wall, raw) -> {
            read.add(Files.readString(file) + " " + wall + " " + raw);
            return List.of(Cell.builder("philosophers", plan.params(), "avgt", "ms/op").score(1.0).build());
        });
        assertThat(read).containsExactly("a 1 3.0 jmh/cell-07", "a 2 3.0 jmh/cell-07", "a 3 3.0 jmh/cell-07",
                "b 1 3.0 jmh/cell-08", "b 2 3.0 jmh/cell-08", "b 3 3.0 jmh/cell-08");
        assertThat(earlier).allSatisfy(e -> {
            assertThat(e.forks()).hasSize(3);
            assertThat(e.seconds()).isEqualTo(9.0);
        });
    }

    /** A lane's record of a dinner over three forks: its time and its meal time, each fork's samples and memory. */
    private static List<Cell> recordedOverThreeForks() {
        Pinning pinned = new Pinning(12, Map.of("monitor", 12L), Map.of(), Map.of(), null);
        Cell time = Cell.builder("philosophers", PLAN.params(), "avgt", "ms/op").score(2.0)
                .forkSamples(List.of(List.of(1.0, 1.1), List.of(2.0, 2.1), List.of(3.0, 3.1)))
                .samples(List.of(1.0, 1.1, 2.0, 2.1, 3.0, 3.1)).errors(4L).pinning(pinned).pinnedEvents(12L)
                .mealSpread(1.5).forkMemory(List.of(new ForkMemory(10, 11), new ForkMemory(20, 21), new ForkMemory(30, 31)))
                .percentiles(Map.of("p50", 7.0)).wallSeconds(30).rawFile("jmh/cell-07").build();
        Cell meal = Cell.builder("philosophers", PLAN.params(), "table.meal.time", "us/meal").score(5.0)
                .forkSamples(List.of(List.of(5.0), List.of(6.0), List.of(7.0))).samples(List.of(5.0, 6.0, 7.0))
                .wallSeconds(30).rawFile("jmh/cell-07").build();
        return List.of(time, meal);
    }

    @Test
    void withoutTheRawFilesTheEarlierForksAreTheRecordsForkByFork() throws Exception {
        Path gone = runs.resolve("a").resolve("jmh").resolve("cell-07");
        ToppedUp t = ToppedUp.of(gone, 3, recordedOverThreeForks(), runs.resolve("a"), true);
        assertThat(t.rawHere()).isFalse();
        ForkLoop.Earlier earlier = t.read((file, wall, raw) -> {
            throw new AssertionError("no raw file to read: " + file);
        });
        assertThat(earlier.seconds()).isEqualTo(30.0);
        assertThat(earlier.forks()).hasSize(3);
        assertThat(earlier.forks().get(1)).extracting(Cell::metric).containsExactly("avgt", "table.meal.time");
        assertThat(earlier.forks()).extracting(f -> f.get(0).samples())
                .containsExactly(List.of(1.0, 1.1), List.of(2.0, 2.1), List.of(3.0, 3.1));
        assertThat(earlier.forks()).extracting(f -> f.get(1).samples()).containsExactly(List.of(5.0), List.of(6.0), List.of(7.0));
        assertThat(earlier.forks()).extracting(f -> f.get(0).forkMemory())
                .containsExactly(List.of(new ForkMemory(10, 11)), List.of(new ForkMemory(20, 21)), List.of(new ForkMemory(30, 31)));
        // What the record sums goes on the first fork once; what it averages on each.
        assertThat(earlier.forks()).extracting(f -> f.get(0).errors()).containsExactly(4L, null, null);
        assertThat(earlier.forks()).extracting(f -> f.get(0).pinning() == null ? 0 : f.get(0).pinning().events())
                .containsExactly(12L, 0L, 0L);
        assertThat(earlier.forks()).extracting(f -> f.get(0).mealSpread()).containsExactly(1.5, 1.5, 1.5);
        assertThat(earlier.forks()).allSatisfy(f -> assertThat(f.get(0).wallSeconds()).isEqualTo(10.0));
        // Each earlier fork keeps its round: a record before schema 3 by position, one of schema 3 as it says.
        assertThat(earlier.forks()).extracting(f -> f.get(0).forkRounds()).containsExactly(List.of(1), List.of(2), List.of(3));
        List<Cell> withRounds = recordedOverThreeForks().stream().map(c -> c.inRounds(List.of(1, 2, 4))).toList();
        assertThat(ToppedUp.of(gone, 3, withRounds, runs.resolve("a"), true).earlierFromRecord())
                .extracting(f -> f.get(1).forkRounds()).containsExactly(List.of(1), List.of(2), List.of(4));

        // Neither latency histograms nor JFR recordings are here: the record's percentiles stand, its pinning adds up.
        Cell pooled = Cell.builder("philosophers", PLAN.params(), "avgt", "ms/op").score(2.0).build();
        Cell withLatency = t.withPercentiles(pooled, Map.of("p50", 9.0));
        assertThat(withLatency.percentiles()).containsEntry("p50", 7.0);
        assertThat(withLatency.message()).isEqualTo("percentiles of its first 3 rounds (their latency histograms were not "
                + "here to pool with the new rounds')");
        Cell withPinning = t.withPinning(pooled, new Pinning(3, Map.of("monitor", 3L), Map.of(), Map.of(), null));
        assertThat(withPinning.pinning().events()).isEqualTo(15);
        assertThat(withPinning.pinning().reasons()).containsEntry("monitor", 15L);
    }

    @Test
    void aRecordWithoutEveryForksSamplesCannotStandInForTheRawFiles() throws Exception {
        Path gone = runs.resolve("a").resolve("jmh").resolve("cell-07");
        ToppedUp t = ToppedUp.of(gone, 4, recordedOverThreeForks(), runs.resolve("a"), false);
        assertThatThrownBy(() -> t.read((file, wall, raw) -> List.of()))
                .hasMessage("--top-up: the raw files of " + gone + " are not here, and its record keeps avgt's samples of "
                        + "3 forks, not of its 4 rounds; top it up on the machine that ran it");
    }

    @Test
    void aCellNotToppedUpHasNoEarlierForks() throws Exception {
        List<ForkLoop.Earlier> earlier = LaneRouting.NONE.earlier(List.of(PLAN), plan -> (file, wall, raw) -> {
            throw new AssertionError("nothing to read");
        });
        assertThat(earlier).containsExactly(ForkLoop.Earlier.NONE);
    }
}
