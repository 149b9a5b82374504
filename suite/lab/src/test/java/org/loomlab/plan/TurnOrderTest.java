package org.loomlab.plan;

import org.junit.jupiter.api.Test;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

class TurnOrderTest {

    @Test
    void eachRoundIsAPermutationTheSameSeedGivesAgain() {
        TurnOrder order = new TurnOrder(42);
        for (int round = 1; round <= 20; round++) {
            assertThat(order.round("cell-01", round, 3)).containsExactlyInAnyOrder(0, 1, 2)
                    .isEqualTo(new TurnOrder(42).round("cell-01", round, 3));
        }
        assertThat(order.round("cell-01", 1, 1)).containsExactly(0);
    }

    @Test
    void theFirstTurnFallsOnEachLaneAlikeOverManyRounds() {
        TurnOrder order = new TurnOrder(7);
        int[] first = new int[2];
        Set<List<Integer>> seen = new HashSet<>();
        for (int round = 1; round <= 400; round++) {
            List<Integer> r = order.round("cell-03", round, 2);
            first[r.get(0)]++;
            seen.add(r);
        }
        // A fixed order would give lane 0 all 400; a fair coin gives 200 ± 3 sd (30) almost always.
        assertThat(first[0]).isBetween(140, 260);
        assertThat(seen).hasSize(2);
        assertThat(new TurnOrder(8).round("cell-03", 1, 5)).isNotEqualTo(new TurnOrder(8).round("cell-04", 1, 5))
                .as("groups are shuffled independently (these two seeds' streams differ)");
    }
}
