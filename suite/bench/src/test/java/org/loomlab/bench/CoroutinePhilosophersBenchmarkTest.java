package org.loomlab.bench;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.loomlab.catalogue.Catalogue;
import org.loomlab.catalogue.ExperimentSpec;

import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class CoroutinePhilosophersBenchmarkTest {

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"default", "io", "virtual"})
    void oneDinnerThroughTheBenchmarkStateEndsWithAWinnerAndCountsItsMeals(String dispatcher) {
        CoroutinePhilosophersBenchmark b = new CoroutinePhilosophersBenchmark();
        b.dispatcher = dispatcher;
        b.workload = "active-wait";
        b.mealtime = "16";
        b.philosophers = 4;
        b.meals = 20;
        b.setTable();
        MealCounters counters = new MealCounters();
        try {
            assertThat(b.dine(counters).eaten()).contains(20);
        } finally {
            b.clearTable();
        }
        assertThat(counters.winnerMeals).isEqualTo(20);
        assertThat(counters.tableMeals).isGreaterThanOrEqualTo(20);
    }

    @Test
    void anUnknownDispatcherFailsTheSetUpNamingTheValidOnes() {
        CoroutinePhilosophersBenchmark b = new CoroutinePhilosophersBenchmark();
        b.dispatcher = "unconfined";
        b.workload = "noop";
        b.mealtime = "16";
        b.philosophers = 4;
        assertThatThrownBy(b::setTable).hasMessage("unknown dispatcher 'unconfined'; valid: default, io, virtual");
    }

    @Test
    void theCatalogueKnowsWhichCellsRunVirtualThreadsAndNotesTheDelaysMilliseconds() {
        ExperimentSpec experiment = Catalogue.onClassPath().experiment("coroutine-philosophers");
        assertThat(experiment.runsVirtualThreads(Map.of("dispatcher", "virtual", "workload", "noop"))).isTrue();
        assertThat(experiment.runsVirtualThreads(Map.of("dispatcher", "default", "workload", "noop"))).isFalse();
        assertThat(experiment.axis("workload").orElseThrow().defaults("quick")).containsExactly("noop", "active-wait", "sleep");
        assertThat(experiment.note(Map.of("dispatcher", "io", "workload", "delay", "mealtime", "16")))
                .isEqualTo("kotlinx delay counts whole milliseconds: a 16 us meal takes at least 1 ms");
    }
}
