package org.loomlab.bench;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class VertxPhilosophersBenchmarkTest {

    @Test
    void oneDinnerThroughTheBenchmarkStateEndsWithAWinner() throws Exception {
        VertxPhilosophersBenchmark b = new VertxPhilosophersBenchmark();
        b.lock = "vertx-local";
        b.threads = "virtual-verticle";
        b.variant = "talk";
        b.workload = "file-read";
        b.mealtime = "16";
        b.philosophers = 4;
        b.meals = 20;
        b.setTable();
        try {
            assertThat(b.dine(new MealCounters()).eaten()).contains(20);
        } finally {
            b.clearTable();
        }
    }
}
