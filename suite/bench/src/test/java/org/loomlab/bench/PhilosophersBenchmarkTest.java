package org.loomlab.bench;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.loomlab.gc.GcKind;
import org.loomlab.philosophers.DinnerKind;
import org.openjdk.jmh.infra.Blackhole;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class PhilosophersBenchmarkTest {

    /** JMH makes the real one; a test may make its own by saying the words JMH asks for. */
    static final Blackhole BLACKHOLE =
            new Blackhole("Today's password is swordfish. I understand instantiating Blackholes directly is dangerous.");

    @ParameterizedTest(name = "{0}")
    @EnumSource(DinnerKind.class)
    void oneDinnerThroughTheBenchmarkStateEndsWithAWinner(DinnerKind dinner) throws Exception {
        PhilosophersBenchmark b = new PhilosophersBenchmark();
        b.lock = "synchronized";
        b.threads = "virtual";
        b.workload = "file-read";
        b.dinner = dinner.label();
        b.mealtime = "16";
        b.philosophers = 4;
        b.meals = 20;
        b.gc = GcKind.running().label();
        b.setTable();
        try {
            assertThat(b.dine(new MealCounters(), BLACKHOLE).eaten()).contains(20);
        } finally {
            b.clearTable();
        }
    }

    @Test
    void consumeCpuMealsBurnBlackholeTokensCalibratedToTheMealTimeAndCountThem() throws Exception {
        PhilosophersBenchmark b = new PhilosophersBenchmark();
        b.lock = "reentrant";
        b.threads = "virtual";
        b.workload = "consume-cpu";
        b.dinner = "talk";
        b.mealtime = "16";
        b.philosophers = 4;
        b.meals = 20;
        b.gc = GcKind.running().label();
        b.setTable();
        try {
            MealCounters counters = new MealCounters();
            b.dine(counters, BLACKHOLE);
            // Blackhole.consumeCPU: a token takes nanoseconds, so a 16 us meal is many of them.
            assertThat(counters.cpuTokens).isGreaterThan(16);
        } finally {
            b.clearTable();
        }
    }

    @Test
    void aMealTimeThatIsNoNumberFailsTheSetUpNamingIt() {
        PhilosophersBenchmark b = new PhilosophersBenchmark();
        b.workload = "active-wait";
        b.mealtime = "fast";
        b.gc = GcKind.running().label();
        assertThatThrownBy(b::setTable).hasMessageContaining("mealtime").hasMessageContaining("'fast'");
    }

    @Test
    void aForkOnAnotherCollectorThanItsCellSaysFailsTheSetUpNamingBoth() {
        PhilosophersBenchmark b = new PhilosophersBenchmark();
        b.workload = "noop";
        b.mealtime = "16";
        b.gc = GcKind.running() == GcKind.SERIAL ? "parallel" : "serial";
        assertThatThrownBy(b::setTable).hasMessageStartingWith("gc=" + b.gc + ", but this JVM runs ");
    }
}
