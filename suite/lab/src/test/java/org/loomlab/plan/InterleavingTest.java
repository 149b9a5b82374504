package org.loomlab.plan;

import org.junit.jupiter.api.Test;
import org.loomlab.record.Cell;
import org.loomlab.record.Precision;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class InterleavingTest {

    private static List<CellPlan> philosophers(Map<String, List<String>> filters) {
        return Catalogued.PHILOSOPHERS.cells(Profile.QUICK, filters);
    }

    @Test
    void groupsCellsThatDifferInTheAxisOnlyAndKeepsTheRestAlone() {
        List<CellPlan> plans = new java.util.ArrayList<>(philosophers(Map.of("lock", List.of("reentrant", "synchronized"),
                "threads", List.of("virtual"), "workload", List.of("noop"))));
        plans.addAll(Catalogued.FOOTPRINT.cells(Profile.QUICK, Map.of()));
        List<List<CellPlan>> groups = Interleaving.of("lock").groups(plans);
        List<List<CellPlan>> philosopherGroups = groups.stream().filter(g -> g.get(0).experiment() == Catalogued.PHILOSOPHERS).toList();
        assertThat(philosopherGroups).isNotEmpty().allSatisfy(g -> {
            assertThat(g).extracting(p -> p.params().get("lock")).containsExactly("reentrant", "synchronized");
            Map<String, String> rest = new java.util.HashMap<>(g.get(0).params());
            rest.remove("lock");
            Map<String, String> other = new java.util.HashMap<>(g.get(1).params());
            other.remove("lock");
            assertThat(other).isEqualTo(rest);
        });
        // The footprint cells have no lock axis: each runs alone.
        assertThat(groups.stream().filter(g -> g.get(0).experiment() == Catalogued.FOOTPRINT)).allSatisfy(g -> assertThat(g).hasSize(1));
        assertThat(Interleaving.of("lock").order(plans)).containsExactlyInAnyOrderElementsOf(plans);
        assertThat(Interleaving.NONE.groups(plans)).hasSize(plans.size());
    }

    @Test
    void anAxisThatDoesNotVaryIsAOneLineErrorNamingThoseThatDo() {
        List<CellPlan> plans = philosophers(Map.of("lock", List.of("reentrant"), "threads", List.of("virtual", "platform"),
                "workload", List.of("noop")));
        assertThatThrownBy(() -> Interleaving.of("lock").check(plans)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("--interleave 'lock' does not take two or more values among the planned cells; "
                        + "axes that do: ").hasMessageContaining("threads").hasMessageNotContaining("\n");
        assertThatThrownBy(() -> Interleaving.of("colour").check(plans)).hasMessageContaining("'colour'");
        Interleaving.of("threads").check(plans);
        Interleaving.of(null).check(plans);
    }

    @Test
    void marksTheCellsOfAGroupOfTwoOrMoreWithItsAxis() {
        Cell cell = Cell.builder("philosophers", Map.of("lock", "reentrant"), "avgt", "ms/op").score(1.0)
                .precision(new Precision(0.95, 0.05, 0.01, 3, 5, 2, 60, false, 0.02, "t")).build();
        Interleaving lock = Interleaving.of("lock");
        assertThat(lock.mark(cell, 2).precision().interleavedOn()).isEqualTo("lock");
        assertThat(lock.mark(cell, 1).precision().interleavedOn()).isNull();
    }
}
