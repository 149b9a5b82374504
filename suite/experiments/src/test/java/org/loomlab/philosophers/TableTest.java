package org.loomlab.philosophers;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class TableTest {

    static Stream<Arguments> locksAndThreads() {
        return Arrays.stream(LockKind.values())
                .flatMap(lock -> Arrays.stream(ThreadKind.values()).map(threads -> Arguments.of(lock, threads)));
    }

    static Stream<Arguments> dinnersLocksAndThreads() {
        return Arrays.stream(DinnerKind.values()).flatMap(dinner -> locksAndThreads()
                .map(a -> Arguments.of(dinner, a.get()[0], a.get()[1])));
    }

    /** The dinners whose philosopher i runs on thread philosopher-i, which a meal or a thought can read its seat from. */
    static Stream<Arguments> seatedOnThreadsLocksAndThreads() {
        return dinnersLocksAndThreads().filter(a -> ((DinnerKind) a.get()[0]).threadPerPhilosopher());
    }

    @ParameterizedTest(name = "{0} x {1} x {2}")
    @MethodSource("dinnersLocksAndThreads")
    void endsWithExactlyOneWinnerAtTheTargetForTwoThreeAndAThousand(DinnerKind kind, LockKind lock, ThreadKind threads)
            throws Exception {
        for (int n : new int[] {2, 3, 1_000}) {
            Dinner dinner = new Table(n, lock, threads, Workload.NOOP.prepare(Kitchen.local())).servedAs(kind).dine(2_000);
            assertThat(dinner.eaten()).hasSize(n);
            assertThat(dinner.eaten()[dinner.winner()]).as("winner of %d", n).isEqualTo(2_000);
            assertThat(Arrays.stream(dinner.eaten()).max().orElseThrow()).isEqualTo(2_000);
            assertThat(dinner.stillRunning()).as("threads alive after dinner at %d", n).isZero();
        }
    }

    /**
     * The dinners that serve every seat once philosophers think. Not the arbiter's on platform threads: a ForkJoinPool
     * runs the tasks a worker submits newest first (as CompletableFuture's common pool does), so a seat the waiter
     * granted both chopsticks can wait behind its neighbours' newer tasks for the whole dinner, holding them. CI saw
     * [1, 99, 100, 0, 0]: seat 0 ate once and handed chopstick 0 to seat 4, which then never ate, nor did seats 3 and 0
     * beside it, while seats 1 and 2 took turns.
     */
    static Stream<Arguments> dinnersThatServeEveryone() {
        return dinnersLocksAndThreads().filter(a -> a.get()[0] != DinnerKind.ARBITER || a.get()[2] != ThreadKind.PLATFORM);
    }

    @ParameterizedTest(name = "{0} x {1} x {2}")
    @MethodSource("dinnersThatServeEveryone")
    void everyPhilosopherEatsWhenPhilosophersThinkBetweenMeals(DinnerKind kind, LockKind lock, ThreadKind threads)
            throws Exception {
        // Without thinking, unfair locks let a philosopher re-take its chopsticks before a waiting
        // neighbour wakes up: starvation is possible, so "everyone eats" needs a pause between meals. 5 ms makes
        // the winner's 100 meals last half a second, long enough for every thread to be scheduled on a loaded
        // 2-CPU machine (1 ms, a tenth of a second, once was not).
        try (Meal meal = Workload.SLEEP.prepare(Kitchen.local())) {
            Meal think = () -> Thread.sleep(5);
            Dinner dinner = new Table(5, lock, threads, meal).thinkingWith(think).servedAs(kind).dine(100);
            assertThat(dinner.fed()).as("philosophers who ate: %s", Arrays.toString(dinner.eaten())).isEqualTo(5);
        }
    }

    @ParameterizedTest(name = "{0} x {1} x {2}")
    @MethodSource("seatedOnThreadsLocksAndThreads")
    @Timeout(60)
    void stopsAllPhilosophersOnceOneReachesMeals(DinnerKind kind, LockKind lock, ThreadKind threads) throws Exception {
        // Seats far from 0 think for 10 s after every meal and could never finish 20 meals in the test's time:
        // the dinner returns within seconds only if the winner's finish interrupts them. They think without
        // chopsticks, so the near seats are never kept from eating, however the dinner starts.
        int n = 50;
        Meal think = () -> {
            int seat = Integer.parseInt(Thread.currentThread().getName().substring("philosopher-".length()));
            if (seat > 2 && seat < n - 2) {
                Thread.sleep(10_000);
            }
        };
        long start = System.nanoTime();
        Dinner dinner = new Table(n, lock, threads, () -> { }).thinkingWith(think).servedAs(kind).dine(20);
        long took = System.nanoTime() - start;
        assertThat(Duration.ofNanos(took)).isLessThan(Duration.ofSeconds(9));
        assertThat(dinner.stillRunning()).isZero();
        // The stop is part of the dinner: from the winner's last meal to the last thread's end.
        assertThat(dinner.stopNanos()).isPositive().isLessThan(took);
        assertThat(dinner.eaten()[dinner.winner()]).isEqualTo(20);
        assertThat(Arrays.stream(dinner.eaten(), 3, n - 2).max().orElseThrow()).isLessThan(20);
    }

    @ParameterizedTest(name = "{0}")
    // The meal reads its seat from its thread's name: the arbiter's meals run on a pool's (WaiterTest has its own).
    @EnumSource(value = DinnerKind.class, names = "ARBITER", mode = EnumSource.Mode.EXCLUDE)
    void neighboursNeverEatAtTheSameTime(DinnerKind kind) throws Exception {
        for (LockKind lock : LockKind.values()) {
            for (ThreadKind threads : ThreadKind.values()) {
                int n = 7;
                int[] eating = new int[n];
                boolean[] clash = new boolean[1];
                // The meal reads its seat from the thread name: the table starts seat i's thread i-th.
                Meal meal = () -> {
                    int seat = Integer.parseInt(Thread.currentThread().getName().substring("philosopher-".length()));
                    synchronized (eating) {
                        if (eating[(seat + 1) % n] > 0 || eating[(seat + n - 1) % n] > 0) {
                            clash[0] = true;
                        }
                        eating[seat]++;
                    }
                    try {
                        Thread.sleep(0, 20_000);
                    } finally {
                        synchronized (eating) {
                            eating[seat]--;
                        }
                    }
                };
                new Table(n, lock, threads, meal).servedAs(kind).dine(50);
                assertThat(clash[0]).as("%s x %s", lock, threads).isFalse();
            }
        }
    }

    @Test
    void namesTheValidValuesOfAnUnknownLabel() {
        // every label, in the enum's order (an opt-in lock such as reentrant-fair among them)
        assertThatThrownBy(() -> LockKind.of("spin"))
                .hasMessageStartingWith("unknown lock 'spin'; valid: reentrant, synchronized");
        assertThatThrownBy(() -> ThreadKind.of("green"))
                .hasMessage("unknown threads 'green'; valid: platform, virtual");
        assertThatThrownBy(() -> Workload.of("nap"))
                .hasMessageStartingWith("unknown workload 'nap'; valid: noop, active-wait, sleep, file-read");
        assertThatThrownBy(() -> DinnerKind.of("banquet"))
                .hasMessage("unknown dinner 'banquet'; valid: lab, talk, arbiter");
    }

    @Test
    void rejectsTablesTooSmallAndNonPositiveMeals() {
        Meal meal = Workload.NOOP.prepare(Kitchen.local());
        assertThatThrownBy(() -> new Table(1, LockKind.REENTRANT, ThreadKind.VIRTUAL, meal))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new Table(2, LockKind.REENTRANT, ThreadKind.VIRTUAL, meal).dine(0))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void directFileReadMealReadsPastThePageCacheOrSaysTheFilesystemRefuses(@TempDir Path scratch) throws Exception {
        Meal meal;
        try {
            meal = Workload.FILE_READ_DIRECT.prepare(new Kitchen(scratch, null, 0, Workload.MEAL_TIME));
        } catch (IllegalStateException refused) {
            assertThat(refused).hasMessageContaining("refuses O_DIRECT").hasMessageContaining(scratch.toString());
            return; // a tmpfs /tmp: the one-line reason is the behaviour
        }
        Dinner dinner = new Table(3, LockKind.REENTRANT, ThreadKind.VIRTUAL, meal).dine(10);
        meal.close();
        assertThat(dinner.eaten()[dinner.winner()]).isEqualTo(10);
        try (Stream<Path> files = Files.list(scratch)) {
            assertThat(files).isEmpty();
        }
    }

    @Test
    void fileReadMealReadsItsFileAndRemovesItOnClose(@TempDir Path scratch) throws Exception {
        Meal meal = Workload.FILE_READ.prepare(new Kitchen(scratch, null, 0, Workload.MEAL_TIME));
        try (Stream<Path> files = Files.list(scratch)) {
            assertThat(files).singleElement().satisfies(f -> assertThat(Files.size(f)).isEqualTo(16 * 1024));
        }
        Dinner dinner = new Table(3, LockKind.SYNCHRONIZED, ThreadKind.VIRTUAL, meal).dine(10);
        meal.close();
        assertThat(dinner.eaten()[dinner.winner()]).isEqualTo(10);
        try (Stream<Path> files = Files.list(scratch)) {
            assertThat(files).isEmpty();
        }
    }
}
