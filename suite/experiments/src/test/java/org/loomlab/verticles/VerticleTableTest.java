package org.loomlab.verticles;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.loomlab.philosophers.Dinner;
import org.loomlab.philosophers.Kitchen;
import org.loomlab.philosophers.Meal;
import org.loomlab.philosophers.Workload;

import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class VerticleTableTest {

    /** The workloads the talk ran on vert.x; the HTTP ones need the fixture and are covered by the lab's runs. */
    private static final List<Workload> LOCAL_WORKLOADS =
            List.of(Workload.NOOP, Workload.ACTIVE_WAIT, Workload.SLEEP, Workload.FILE_READ);

    static Stream<Arguments> everyVariantThreadingAndWorkload() {
        return Arrays.stream(Variant.values()).flatMap(v -> Arrays.stream(VerticleThreads.values())
                .flatMap(t -> LOCAL_WORKLOADS.stream()
                        .flatMap(w -> Stream.of(5, 100).map(n -> Arguments.of(v, t, w, n)))));
    }

    @ParameterizedTest(name = "{0} {1} {2} x{3}")
    @MethodSource("everyVariantThreadingAndWorkload")
    @Timeout(120)
    void stopsEveryPhilosopherOnceOneReachesMealsAndClosesVertx(Variant variant, VerticleThreads threads,
                                                                 Workload workload, int philosophers) throws Exception {
        int meals = 30;
        Dinner dinner;
        try (Meal meal = workload.prepare(Kitchen.local())) {
            dinner = new VerticleTable(philosophers, VerticleLock.VERTX_LOCAL, threads, variant, meal).dine(meals);
        }
        assertThat(dinner.eaten()[dinner.winner()]).isEqualTo(meals);
        assertThat(dinner.eaten()).hasSize(philosophers);
        assertThat(Arrays.stream(dinner.eaten()).max().orElseThrow()).isEqualTo(meals);
        assertThat(dinner.stillRunning()).isZero();
        assertThat(vertxThreadsLeft()).isEmpty();
    }

    @Test
    @Timeout(60)
    void talkPaysAMessageAndTwoLockTimersPerMealWhereScalablePaysNone() throws Exception {
        Tally talk = new Tally();
        Tally scalable = new Tally();
        try (Meal meal = Workload.NOOP.prepare(Kitchen.local())) {
            new VerticleTable(100, VerticleLock.VERTX_LOCAL, VerticleThreads.EVENT_LOOP, Variant.TALK, meal).dine(50, talk);
            new VerticleTable(100, VerticleLock.VERTX_LOCAL, VerticleThreads.EVENT_LOOP, Variant.SCALABLE, meal)
                    .dine(50, scalable);
        }
        assertThat(talk.messages()).isGreaterThanOrEqualTo(talk.meals());
        assertThat(talk.consumers()).isEqualTo(200);
        assertThat(talk.timedLocks()).isGreaterThanOrEqualTo(2 * talk.meals());
        assertThat(scalable.meals()).isGreaterThanOrEqualTo(50);
        assertThat(scalable.messages()).isZero();
        assertThat(scalable.consumers()).isZero();
        assertThat(scalable.timedLocks()).isZero();
        assertThat(scalable.summary(50)).contains("messages=0").contains("close=");
    }

    @Test
    @Timeout(60)
    void aFailingMealEndsTheDinnerWithItsErrorAndStillClosesVertx() throws Exception {
        Meal failing = () -> {
            throw new IllegalStateException("the soup is cold");
        };
        for (Variant variant : Variant.values()) {
            VerticleTable table = new VerticleTable(5, VerticleLock.VERTX_LOCAL, VerticleThreads.EVENT_LOOP, variant, failing);
            assertThatThrownBy(() -> table.dine(10)).hasRootCauseMessage("the soup is cold");
        }
        assertThat(vertxThreadsLeft()).isEmpty();
    }

    @Test
    void rejectsBadAxisValuesNamingTheValidOnes() {
        assertThatThrownBy(() -> Variant.of("fast")).hasMessage("unknown variant 'fast'; valid: talk, scalable");
        assertThatThrownBy(() -> VerticleThreads.of("worker"))
                .hasMessage("unknown threads 'worker'; valid: event-loop, virtual-verticle");
        assertThatThrownBy(() -> VerticleLock.of("reentrant")).hasMessage("unknown lock 'reentrant'; valid: vertx-local");
        assertThatThrownBy(() -> new VerticleTable(1, VerticleLock.VERTX_LOCAL, VerticleThreads.EVENT_LOOP,
                Variant.TALK, () -> { })).hasMessage("a table needs at least 2 philosophers, got 1");
    }

    /** vert.x threads still alive, after giving a closed vert.x a moment to let them end. */
    private static List<String> vertxThreadsLeft() throws InterruptedException {
        Instant end = Instant.now().plus(Duration.ofSeconds(10));
        List<String> left;
        do {
            left = Thread.getAllStackTraces().keySet().stream().filter(Thread::isAlive).map(Thread::getName)
                    .filter(n -> n.startsWith("vert.x-")).toList();
            if (left.isEmpty()) {
                return left;
            }
            Thread.sleep(50);
        } while (Instant.now().isBefore(end));
        return left;
    }
}
