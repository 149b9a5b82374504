package org.loomlab.run;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.loomlab.plan.Catalogued;
import org.loomlab.plan.CellPlan;
import org.loomlab.record.Cell;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

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
        return new ToppedUp(dir, forks, 3.0 * forks);
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

    @Test
    void aCellNotToppedUpHasNoEarlierForks() throws Exception {
        List<ForkLoop.Earlier> earlier = LaneRouting.NONE.earlier(List.of(PLAN), plan -> (file, wall, raw) -> {
            throw new AssertionError("nothing to read");
        });
        assertThat(earlier).containsExactly(ForkLoop.Earlier.NONE);
    }
}
