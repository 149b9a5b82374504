package org.loomlab.run;

import org.junit.jupiter.api.Test;
import org.loomlab.plan.ForkShape;
import org.loomlab.plan.Policy;
import org.loomlab.plan.TurnOrder;
import org.loomlab.record.Cell;
import org.loomlab.record.MealShares;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** A topped-up cell in the loop: its forks go on from its rounds, and its cell pools every fork as if run in one go. */
class ForkLoopTopUpTest {

    private static final ForkShape TWO_SAMPLES = new ForkShape(2, 0, Duration.ZERO);

    /** Fork k's cell: two samples about 100 + k, and meal shares of its own. */
    private static List<Cell> fork(int k) {
        double m = 100 + k * 0.7 + (k % 2 == 0 ? 1.5 : -1.5);
        return List.of(Cell.builder("philosophers", Map.of("lock", "reentrant"), "avgt", "ms/op").score(m)
                .samples(List.of(m - 0.2, m + 0.2)).wallSeconds(2).rawFile("jmh/cell-07").build()
                .withMealShares(new MealShares(0.01 * k, 0.9)));
    }

    /** The first {@code n} forks, as a top-up reads them back; 10 s each. */
    private static ForkLoop.Earlier earlier(int n) {
        List<List<Cell>> forks = new ArrayList<>();
        for (int k = 1; k <= n; k++) {
            forks.add(fork(k));
        }
        return new ForkLoop.Earlier(forks, 10.0 * n);
    }

    /** A loop of exactly {@code forks} forks (no target), each fork 2 s on a simulated clock. */
    private static ForkLoop loop(int forks, long[] clock) {
        return new ForkLoop(new Policy(0.95, null, forks, forks, Duration.ofHours(1)), null, TWO_SAMPLES, null,
                () -> clock[0]);
    }

    @Test
    void forkIndicesGoOnFromTheRoundsTheCellHas() throws Exception {
        long[] clock = {0};
        List<Integer> ran = new ArrayList<>();
        List<Cell> cells = loop(5, clock).runInterleaved(List.of(k -> {
            ran.add(k);
            clock[0] += 2_000_000_000L;
            return fork(k);
        }), List.of(""), java.util.Collections.singletonList(null), ForkLoop.Turns.IN_ORDER, List.of(earlier(3))).get(0);
        assertThat(ran).containsExactly(4, 5);
        Cell c = cells.get(0);
        assertThat(c.forkSamples()).hasSize(5);
        assertThat(c.forkSamples().get(0)).isEqualTo(fork(1).get(0).samples());
        assertThat(c.precision().forks()).isEqualTo(5);
        // The earlier forks' 30 s as recorded, and this session's two of 2 s.
        assertThat(c.wallSeconds()).isEqualTo(34.0);
    }

    @Test
    void aToppedUpCellIsPooledAsIfItsForksHadRunInOneGo() throws Exception {
        long[] clock = {0};
        Cell once = loop(5, clock).run(ForkLoopTopUpTest::fork).get(0);
        Cell topped = loop(5, clock).runInterleaved(List.of(ForkLoopTopUpTest::fork), List.of(""),
                java.util.Collections.singletonList(null), ForkLoop.Turns.IN_ORDER, List.of(earlier(3))).get(0).get(0);
        assertThat(topped.score()).isEqualTo(once.score());
        assertThat(topped.ciLow()).isEqualTo(once.ciLow());
        assertThat(topped.ciHigh()).isEqualTo(once.ciHigh());
        assertThat(topped.forkSamples()).isEqualTo(once.forkSamples());
        assertThat(topped.precision().forkSpread()).isEqualTo(once.precision().forkSpread());
        assertThat(topped.mealShares()).isEqualTo(once.mealShares());
    }

    @Test
    void eachNewRoundOfLanesIsShuffledFromTheSeedAndItsIndex() throws Exception {
        long[] clock = {0};
        List<String> ran = new ArrayList<>();
        TurnOrder order = new TurnOrder(42);
        loop(8, clock).runInterleaved(List.of(k -> {
            ran.add("a" + k);
            return fork(k);
        }, k -> {
            ran.add("b" + k);
            return fork(k);
        }), List.of("a", "b"), java.util.Collections.nCopies(2, null), new ForkLoop.Turns(order, "cell-07", true),
                List.of(earlier(3), earlier(3)));
        List<String> expected = new ArrayList<>();
        for (int k = 4; k <= 8; k++) {
            for (int member : order.round("cell-07", k, 2)) {
                expected.add((member == 0 ? "a" : "b") + k);
            }
        }
        assertThat(ran).containsExactlyElementsOf(expected);
    }

    @Test
    void lanesWithDifferentRoundsCannotBeToppedUpTogether() {
        long[] clock = {0};
        assertThatThrownBy(() -> loop(5, clock).runInterleaved(List.of(ForkLoopTopUpTest::fork, ForkLoopTopUpTest::fork),
                List.of("a", "b"), java.util.Collections.nCopies(2, null), new ForkLoop.Turns(null, "", true),
                List.of(earlier(3), earlier(2))))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("[3, 2]");
    }
}
