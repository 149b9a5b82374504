package org.loomlab.run;

import org.loomlab.compare.Reach;

import org.junit.jupiter.api.Test;
import org.loomlab.plan.ForkShape;
import org.loomlab.plan.Policy;
import org.loomlab.plan.Stretch;
import org.loomlab.record.Cell;
import org.loomlab.record.CellStatus;
import org.loomlab.record.ForkMemory;
import org.loomlab.record.MealShares;
import org.loomlab.record.Precision;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class ForkLoopTest {

    /** A fork that keeps one sample and warms up for no time. */
    private static final ForkShape ONE_SAMPLE = new ForkShape(1, 0, Duration.ZERO);

    private static Cell fork(double... samples) {
        List<Double> s = new ArrayList<>();
        for (double v : samples) {
            s.add(v);
        }
        return Cell.builder("philosophers", Map.of("lock", "reentrant"), "avgt", "ms/op").score(s.get(0)).samples(s)
                .wallSeconds(0.1).rawFile("jmh/cell-01").build();
    }

    private static Policy policy(Double target, int min, int max, Duration budget) {
        return new Policy(0.95, target, min, max, budget);
    }

    @Test
    void stopsAtTheMinimumForksWhenTheTargetIsReached() throws Exception {
        List<Integer> ran = new ArrayList<>();
        List<Cell> cells = new ForkLoop(policy(0.05, 3, 10, Duration.ofMinutes(1)), new ForkShape(2, 1, Duration.ofSeconds(3)), null).run(k -> {
            ran.add(k);
            return List.of(fork(100 + k * 0.1, 100));
        });
        assertThat(ran).containsExactly(1, 2, 3);
        Cell c = cells.get(0);
        assertThat(c.forkSamples()).hasSize(3);
        assertThat(c.samples()).hasSize(6);
        assertThat(c.precision().reached()).isTrue();
        assertThat(c.precision().budgetExhausted()).isFalse();
        assertThat(c.precision().forks()).isEqualTo(3);
        assertThat(c.precision().warmupDiscarded()).isEqualTo(1);
        assertThat(c.precision().warmupSeconds()).isEqualTo(3.0);
        assertThat(c.score()).isCloseTo(100, within(0.5));
        assertThat(c.ciLow()).isPositive().isLessThan(c.score());
    }

    @Test
    void aCellKeepsTheForksMeanSharesAndTokensAndEveryForksMemoryInOrder() throws Exception {
        List<Cell> cells = new ForkLoop(policy(0.05, 3, 3, Duration.ofMinutes(1)), new ForkShape(2, 0, Duration.ZERO), null).run(k -> List.of(
                fork(100 + k * 0.1, 100).withMealShares(new MealShares(0.1 * k, 0.2 * k)).withCpuTokens(1000L + k)
                        .withForkMemory(List.of(new ForkMemory(k << 20, k << 21)))));
        Cell c = cells.get(0);
        assertThat(c.mealShares().gini()).isCloseTo(0.2, within(1e-12));
        assertThat(c.mealShares().minMaxRatio()).isCloseTo(0.4, within(1e-12));
        assertThat(c.cpuTokens()).isEqualTo(1002L);
        assertThat(c.forkMemory()).containsExactly(new ForkMemory(1L << 20, 1L << 21), new ForkMemory(2L << 20, 2L << 21),
                new ForkMemory(3L << 20, 3L << 21));
    }

    @Test
    void forksOnUntilTheIntervalIsNarrowEnough() throws Exception {
        Random random = new Random(7);
        List<Cell> cells = new ForkLoop(policy(0.05, 3, 30, Duration.ofMinutes(1)), ONE_SAMPLE, null)
                .run(k -> List.of(fork(100 * Math.exp(0.06 * random.nextGaussian()))));
        Cell c = cells.get(0);
        assertThat(c.precision().forks()).isGreaterThan(3);
        assertThat(c.precision().relativeHalfWidth()).isLessThanOrEqualTo(0.05);
        assertThat(c.precision().forkSpread()).isBetween(0.02, 0.12);
    }

    @Test
    void flagsACellWhoseForksCannotReachTheTargetWithinTheFork_limit() throws Exception {
        Random random = new Random(11);
        List<Cell> cells = new ForkLoop(policy(0.01, 3, 4, Duration.ofMinutes(1)), ONE_SAMPLE, null)
                .run(k -> List.of(fork(100 * Math.exp(0.3 * random.nextGaussian()))));
        Cell c = cells.get(0);
        assertThat(c.precision().forks()).isEqualTo(4);
        assertThat(c.precision().budgetExhausted()).isTrue();
        assertThat(c.precision().reached()).isFalse();
        assertThat(c.message()).contains("target ±1 %").contains("forks (").contains("would reach it");
    }

    @Test
    void aSlowForkEndsTheCellWhenTheNextWouldOverrunTheBudget() throws Exception {
        List<Integer> ran = new ArrayList<>();
        List<Cell> cells = new ForkLoop(policy(0.05, 3, 10, Duration.ofMillis(150)), ONE_SAMPLE, null).run(k -> {
            ran.add(k);
            Thread.sleep(100);
            return List.of(fork(100 + k));
        });
        assertThat(ran).containsExactly(1);
        assertThat(cells.get(0).precision().budgetExhausted()).isTrue();
        assertThat(cells.get(0).message()).contains("one fork in").contains("filled the budget");
    }

    @Test
    void oneForkWhoseSamplesAgreeHasNotReachedTheTarget() throws Exception {
        // A 36 s dinner fills the budget with one fork; its two iterations agree to 0.3 %, which says nothing of JVMs.
        List<Cell> cells = new ForkLoop(policy(0.05, 3, 10, Duration.ofMillis(150)), new ForkShape(2, 1, Duration.ofSeconds(3)),
                null).run(k -> {
                    Thread.sleep(100);
                    return List.of(fork(20_871, 20_900));
                });
        Precision p = cells.get(0).precision();
        assertThat(p.forks()).isEqualTo(1);
        assertThat(p.reached()).isFalse();
        assertThat(p.acrossForks()).isNull();
        assertThat(p.budgetExhausted()).isTrue();
        // The score keeps its one-fork interval, its method saying so.
        assertThat(p.relativeHalfWidth()).isNotNull().isLessThan(0.05);
        assertThat(p.method()).contains("one fork");
        // A record made before did not flag such a cell: it is not read as reached either.
        assertThat(new Precision(0.95, 0.05, 0.003, 1, 2, 1, 25, false, null, "t").reached()).isFalse();
    }

    @Test
    void aTimedOutForkKeepsTheForksBeforeIt() throws Exception {
        List<Cell> cells = new ForkLoop(policy(0.001, 3, 10, Duration.ofMinutes(1)), ONE_SAMPLE, null).run(k -> k < 3
                ? List.of(fork(100 + k))
                : List.of(Cell.unmeasured("philosophers", Map.of("lock", "reentrant"), "avgt", "ms/op", CellStatus.TIMEOUT,
                "exceeded the fork timeout of 6m; killed", 360, null)));
        Cell c = cells.get(0);
        assertThat(c.status()).isEqualTo(CellStatus.TIMEOUT);
        assertThat(c.forkSamples()).hasSize(2);
        assertThat(c.message()).startsWith("fork 3: exceeded the fork timeout").contains("kept the 2 forks");
    }

    @Test
    void anIntervalOfTimesIsNeverNegative() {
        ForkInterval iv = ForkInterval.of(List.of(List.of(4.7), List.of(0.5), List.of(30.0)), 0.999);
        assertThat(iv.low()).isPositive();
        assertThat(iv.high()).isGreaterThan(30);
        assertThat(iv.method()).contains("logs of 3 fork means");
        // Many times wider than its score: said as such, not as the exponent's 19-digit figure.
        assertThat(iv.text()).isEqualTo("±>1000 %");
        assertThat(ForkInterval.of(List.of(List.of(10.0, 11.0, 10.5)), 0.95).text()).isEqualTo("±11.9 %");
    }

    @Test
    void oneForkSaysItsIntervalLeavesJvmVarianceOut() {
        ForkInterval iv = ForkInterval.of(List.of(List.of(10.0, 11.0, 10.5)), 0.95);
        assertThat(iv.forks()).isEqualTo(1);
        assertThat(iv.bounded()).isTrue();
        assertThat(iv.method()).contains("one fork (JVM-to-JVM variance not included)");
        assertThat(Double.isNaN(iv.forkSpread())).isTrue();
    }

    @Test
    void countsThatCanBeZeroKeepAPlainIntervalCutAtZero() {
        ForkInterval iv = ForkInterval.of(List.of(List.of(0.0), List.of(2.0), List.of(0.0)), 0.95);
        assertThat(iv.low()).isZero();
        assertThat(iv.score()).isCloseTo(2.0 / 3, within(1e-9));
    }

    @Test
    void aKilledForkKeepsTheIterationsItsLogShowsAsFinished() {
        assertThat(JmhCell.finishedIterations(List.of("# Warmup Iteration   1: 180000.1 ms/op",
                "Iteration   1: 156012.345 ms/op", "                 failedMeals: 0.000 #", "Iteration   2: 180001.5 ms/op")))
                .containsExactly(156012.345, 180001.5);
    }

    @Test
    void interleavedCellsTakeTurnsFortByForkAndStopTogether() throws Exception {
        List<String> ran = new ArrayList<>();
        // A is precise from its first forks, B spreads: A keeps forking beside B until B is precise too.
        Random random = new Random(7);
        List<List<Cell>> cells = new ForkLoop(policy(0.05, 3, 20, Duration.ofMinutes(1)), ONE_SAMPLE, null).runInterleaved(List.of(
                k -> {
                    ran.add("A" + k);
                    return List.of(fork(100 + k * 0.01));
                },
                k -> {
                    ran.add("B" + k);
                    return List.of(fork(200 * Math.exp(0.05 * random.nextGaussian())));
                }), List.of("mealtime=16", "mealtime=16.8"));
        int forks = ran.size() / 2;
        assertThat(forks).isGreaterThan(3);
        for (int k = 1; k <= forks; k++) {
            assertThat(ran.subList(2 * k - 2, 2 * k)).containsExactly("A" + k, "B" + k);
        }
        assertThat(cells.get(0).get(0).precision().forks()).isEqualTo(forks);
        assertThat(cells.get(1).get(0).precision().forks()).isEqualTo(forks);
        assertThat(cells.get(1).get(0).precision().reached()).isTrue();
    }

    @Test
    void anInterleavedCellWhoseForkDiesDropsOutAndTheOtherGoesOn() throws Exception {
        List<String> ran = new ArrayList<>();
        List<List<Cell>> cells = new ForkLoop(policy(null, 4, 4, Duration.ofMinutes(1)), ONE_SAMPLE, null).runInterleaved(List.of(
                k -> {
                    ran.add("A" + k);
                    return List.of(k == 2 ? Cell.unmeasured("philosophers", Map.of("lock", "reentrant"), "avgt", "ms/op",
                            CellStatus.TIMEOUT, "killed after 10s", 10, null) : fork(100));
                },
                k -> {
                    ran.add("B" + k);
                    return List.of(fork(200 + k));
                }), List.of("a", "b"));
        assertThat(ran).containsExactly("A1", "B1", "A2", "B2", "B3", "B4");
        assertThat(cells.get(0).get(0).status()).isEqualTo(CellStatus.TIMEOUT);
        assertThat(cells.get(0).get(0).message()).contains("fork 2: killed after 10s", "kept the 1 fork");
        assertThat(cells.get(1).get(0).status()).isEqualTo(CellStatus.OK);
        assertThat(cells.get(1).get(0).forkSamples()).hasSize(4);
    }

    /** A fork's allocation cell, as JmhCell reads it from -prof gc. */
    private static Cell allocation(double... samples) {
        List<Double> s = new ArrayList<>();
        for (double v : samples) {
            s.add(v);
        }
        return Cell.builder("philosophers", Map.of("lock", "reentrant"), "gc.alloc.rate.norm", "B/op").score(s.get(0))
                .samples(s).wallSeconds(0.1).rawFile("jmh/cell-01").build();
    }

    @Test
    void theAllocationOfEachForkPoolsIntoACellOfItsOwnWhileTheTimeDecidesTheStop() throws Exception {
        List<Integer> ran = new ArrayList<>();
        // Time is precise from the start; allocation spreads wildly: the cell still stops at the minimum forks.
        List<Cell> cells = new ForkLoop(policy(0.05, 3, 10, Duration.ofMinutes(1)), new ForkShape(2, 1, Duration.ofSeconds(3)), null).run(k -> {
            ran.add(k);
            return List.of(fork(100 + k * 0.1, 100), allocation(1e6 * k, 1e6 * k));
        });
        assertThat(ran).containsExactly(1, 2, 3);
        assertThat(cells).extracting(Cell::metric).containsExactly("avgt", "gc.alloc.rate.norm");
        Cell alloc = cells.get(1);
        assertThat(alloc.unit()).isEqualTo("B/op");
        assertThat(alloc.forkSamples()).hasSize(3);
        assertThat(alloc.score()).isCloseTo(2e6, within(2e5));
        assertThat(alloc.ciLow()).isPositive().isLessThan(alloc.score());
        assertThat(alloc.precision().forks()).isEqualTo(3);
        assertThat(alloc.precision().budgetExhausted()).isFalse();
        assertThat(alloc.status()).isEqualTo(CellStatus.OK);
    }

    @Test
    void aForkWithoutAnAllocationCountLeavesTheOthersToPoolIt() throws Exception {
        List<List<Cell>> cells = new ForkLoop(policy(null, 3, 3, Duration.ofMinutes(1)), ONE_SAMPLE, null).runInterleaved(List.of(
                k -> k == 2 ? List.of(fork(100)) : List.of(fork(100 + k), allocation(5e5)),
                k -> List.of(fork(200 + k), allocation(7e5 + k))), List.of("a", "b"));
        assertThat(cells.get(0)).extracting(Cell::metric).containsExactly("avgt", "gc.alloc.rate.norm");
        assertThat(cells.get(0).get(0).forkSamples()).hasSize(3);
        assertThat(cells.get(0).get(1).forkSamples()).hasSize(2);
        assertThat(cells.get(1).get(1).forkSamples()).hasSize(3);
    }

    @Test
    void aTimedOutForkEndsBothMetricsWithTheForksBeforeIt() throws Exception {
        List<Cell> cells = new ForkLoop(policy(0.001, 3, 10, Duration.ofMinutes(1)), ONE_SAMPLE, null).run(k -> k < 3
                ? List.of(fork(100 + k), allocation(4e5 + k))
                : List.of(Cell.unmeasured("philosophers", Map.of("lock", "reentrant"), "avgt", "ms/op", CellStatus.TIMEOUT,
                "exceeded the fork timeout of 6m; killed", 360, null)));
        assertThat(cells).extracting(Cell::status).containsOnly(CellStatus.TIMEOUT);
        assertThat(cells.get(1).forkSamples()).hasSize(2);
    }

    /** A run's clock that forks advance by the seconds they are said to take. */
    private static final class SimulatedClock {
        long nanos;

        void spend(double seconds) {
            nanos += (long) (seconds * 1e9);
        }
    }

    /**
     * One cell of a run that shares its time (this share, a pilot of three, a ceiling of 40 s) whose k-th fork takes
     * {@code seconds} and measures {@code means[k - 1]}; the forks it ran go into {@code ran}.
     */
    private static Cell stretched(Duration share, double seconds, double[] means, List<Integer> ran) throws Exception {
        return stretched(policy(0.05, 8, 100, share), seconds, means, ran);
    }

    private static Cell stretched(Policy policy, double seconds, double[] means, List<Integer> ran) throws Exception {
        SimulatedClock clock = new SimulatedClock();
        return new ForkLoop(policy, new Stretch(Stretch.PILOT_FORKS, Duration.ofSeconds(40)),
                ONE_SAMPLE, null, () -> clock.nanos).run(k -> {
                    ran.add(k);
                    clock.spend(seconds);
                    return List.of(fork(means[k - 1]));
                }).get(0);
    }

    @Test
    void aSharedRunsCellStopsAfterItsPilotWhenItsIntervalIsWithinTheTarget() throws Exception {
        List<Integer> ran = new ArrayList<>();
        Cell c = stretched(Duration.ofSeconds(40), 6.3, new double[] {100.3, 100.6, 100.9, 101.2}, ran);
        // Alone the policy would fork on to its minimum of 8; the run's other cells get the time instead.
        assertThat(ran).containsExactly(1, 2, 3);
        assertThat(c.precision().reached()).isTrue();
        assertThat(c.precision().budgetExhausted()).isFalse();
    }

    @Test
    void aSharedRunsCellWhoseSpreadPutsTheTargetWithinReachGoesPastItsShare() throws Exception {
        double[] means = {100, 104, 97, 102, 99, 101, 100, 98, 103, 100};
        List<Integer> ran = new ArrayList<>();
        Cell c = stretched(Duration.ofSeconds(20), 6.3, means, ran);
        // Three forks spread 3.5 % (±8.7 %); about five reach ±5 %, and five fit in 40 s where the share held three.
        assertThat(ran.size()).isGreaterThan(3);
        assertThat(c.wallSeconds()).isGreaterThan(20).isLessThanOrEqualTo(40);
        assertThat(c.precision().reached()).isTrue();
        assertThat(c.precision().budgetSeconds()).isEqualTo(40.0);
    }

    @Test
    void aSharedRunsCellOutOfReachStopsAfterItsPilotAndSaysWhatWouldReachIt() throws Exception {
        double[] means = {100, 130, 80, 120, 90};
        List<Integer> ran = new ArrayList<>();
        Cell c = stretched(Duration.ofSeconds(40), 6.3, means, ran);
        // A 24 % spread needs about 95 forks: the cell gives its time back after the pilot, flagged.
        assertThat(ran).containsExactly(1, 2, 3);
        assertThat(c.precision().budgetExhausted()).isTrue();
        assertThat(c.message()).contains("after 3 forks").contains("forks spread").contains("would reach it")
                .contains(", ±10 % about " + Reach.forksFor(c.precision().forkSpread(), 0.10, 0.95) + " (");
    }

    @Test
    void aPilotForkLongerThanHalfTheCeilingIsTheOnlyOneAndTheCellSaysWhatAnIntervalWouldTake() throws Exception {
        List<Integer> ran = new ArrayList<>();
        Cell c = stretched(Duration.ofSeconds(20), 25, new double[] {25_000, 25_000}, ran);
        assertThat(ran).containsExactly(1);
        assertThat(c.precision().budgetExhausted()).isTrue();
        // One sample a fork says nothing of spread: two forks are the floor of any interval over forks.
        assertThat(c.precision().sampleSpread()).isNull();
        assertThat(c.message()).contains("one fork in 25s").contains("±5 % takes about 2 forks (50s) or more")
                .contains("±10 % about 2 (50s) or more");
    }

    @Test
    void aLongDinnersOneForkPricesTheTargetByItsOwnSamplesSpread() throws Exception {
        // Platform http-client here: one 22 s fork whose two dinners read 6,942 and 5,314 ms (18.8 %). Fork means of two
        // such dinners spread at least 18.8 % / sqrt(2) = 13.3 %, so ±5 % takes about 30 forks or more, not 3.
        SimulatedClock clock = new SimulatedClock();
        Cell c = new ForkLoop(policy(0.05, 8, 100, Duration.ofSeconds(24)), new Stretch(Stretch.PILOT_FORKS,
                Duration.ofSeconds(24)), new ForkShape(2, 1, Duration.ofSeconds(3)), null, () -> clock.nanos).run(k -> {
                    clock.spend(22);
                    return List.of(fork(6_942, 5_314));
                }).get(0);
        assertThat(c.precision().forks()).isEqualTo(1);
        assertThat(c.precision().sampleSpread()).isCloseTo(0.188, within(0.001));
        int floor = Reach.forksFor(0.188 / Math.sqrt(2), 0.05, 0.95);
        int floor10 = Reach.forksFor(0.188 / Math.sqrt(2), 0.10, 0.95);
        assertThat(floor).isBetween(28, 32);
        assertThat(c.message()).contains("its 2 samples spread 18.8 %, so forks likely spread 13.3 % or more")
                .contains("±5 % takes about " + floor + " forks").contains("±10 % about " + floor10 + " (");
    }

    @Test
    void aCellWhoseOnlyForkWasKilledSaysWhatAnIntervalWouldTakeAtTheLeast() throws Exception {
        List<Cell> cells = new ForkLoop(policy(0.05, 3, 10, Duration.ofMinutes(1)), ONE_SAMPLE, null).run(k -> List.of(
                Cell.unmeasured("philosophers", Map.of("lock", "reentrant"), "avgt", "ms/op", CellStatus.TIMEOUT,
                        "exceeded the fork timeout of 2m; killed", 0.1, null)));
        // The loop's own clock times the fork (a few ms here): two such forks at the least, and a longer --timeout.
        assertThat(cells.get(0).message()).startsWith("exceeded the fork timeout of 2m; killed; a fork of this cell takes "
                + "longer than that here: an interval over forks takes 2 forks or more (over ").endsWith("and a --timeout past one fork");
    }

    private static Cell stretchedWithHistory(double[] means, ForkLoop.Usual usual, List<Integer> ran) throws Exception {
        SimulatedClock clock = new SimulatedClock();
        return new ForkLoop(policy(0.05, 8, 100, Duration.ofSeconds(20)), new Stretch(Stretch.PILOT_FORKS,
                Duration.ofSeconds(40)), ONE_SAMPLE, null, () -> clock.nanos).runInterleaved(List.of(k -> {
                    ran.add(k);
                    clock.spend(6.3);
                    return List.of(fork(means[k - 1]));
                }), List.of(""), java.util.Collections.singletonList(usual)).get(0).get(0);
    }

    @Test
    void threeForksThatHappenToAgreeDoNotStopACellWhoseForksUsuallySpreadWide() throws Exception {
        // Synchronized platform noop here: three forks within 1 % of each other (±2.5 %), where its forks spread 14.4 %
        // in the earlier runs. ±5 % would take about 35 forks and ±10 % ten (63 s): neither fits in 40 s.
        List<Integer> ran = new ArrayList<>();
        Cell c = stretchedWithHistory(new double[] {100, 101, 100.5, 130, 80}, new ForkLoop.Usual(0.144, 3), ran);
        assertThat(ran).containsExactly(1, 2, 3);
        assertThat(c.precision().relativeHalfWidth()).isLessThan(0.05);
        assertThat(c.precision().reached()).isFalse();
        assertThat(c.precision().budgetExhausted()).isTrue();
        assertThat(c.precision().usualSpread()).isEqualTo(0.144);
        int needed = Reach.forksFor(0.144, 0.05, 0.95);
        assertThat(c.message()).contains("14.4 % in 3 earlier runs here").contains("about " + needed + " forks");
    }

    @Test
    void aCellWhoseForksUsuallyAgreeStopsAfterItsPilotAsBefore() throws Exception {
        List<Integer> ran = new ArrayList<>();
        Cell c = stretchedWithHistory(new double[] {100, 101, 100.5, 130, 80}, new ForkLoop.Usual(0.006, 4), ran);
        assertThat(ran).containsExactly(1, 2, 3);
        assertThat(c.precision().reached()).isTrue();
        assertThat(c.precision().budgetExhausted()).isFalse();
    }

    @Test
    void aCellThatUsuallySpreadsMoreForksOnTowardTheTargetWhereThatSpreadReachesIt() throws Exception {
        // Three forks agree, but 4 % is its usual spread: about six forks reach ±5 %, and they fit in 40 s.
        List<Integer> ran = new ArrayList<>();
        Cell c = stretchedWithHistory(new double[] {100, 101, 100.5, 104, 97, 102, 99, 101}, new ForkLoop.Usual(0.04, 2), ran);
        assertThat(ran).hasSize(Reach.forksFor(0.04, 0.05, 0.95));
        assertThat(c.precision().reached()).isTrue();
    }

    @Test
    void withoutATargetAStretchChangesNothing() throws Exception {
        List<Integer> ran = new ArrayList<>();
        stretched(policy(null, 2, 2, Duration.ofSeconds(5)), 1, new double[] {101, 102}, ran);
        assertThat(ran).containsExactly(1, 2);
    }

    @Test
    void aCellOutOfReachOfItsTargetForksOnTowardTwiceItWhileThatIsWithinReach() throws Exception {
        double[] means = {100, 110, 92, 105, 95, 102, 98};
        List<Integer> ran = new ArrayList<>();
        Cell c = stretched(Duration.ofSeconds(20), 6.3, means, ran);
        // Three forks spread 9 % (±22 %): ±5 % takes about 15 forks, ±10 % six, which fit in 40 s; at five it is ±9.0 %.
        assertThat(ran).containsExactly(1, 2, 3, 4, 5);
        assertThat(c.precision().relativeHalfWidth()).isBetween(0.05, 0.10);
        assertThat(c.precision().budgetExhausted()).isTrue();
        assertThat(c.message()).contains("after 5 forks").contains("would reach it");
    }

    /**
     * Two lanes forked by {@code loop}, each fork 2 s: round k swings both by {@code swing[k]}, and lane B measures 5 %
     * more times {@code own[k]}, its own noise. {@code lanes} says whether they are compared as lanes. Returns the forks
     * in the order they ran.
     */
    private static List<String> twoLanes(ForkLoop loop, SimulatedClock clock, double[] swing, double[] own, boolean lanes)
            throws Exception {
        List<String> ran = new ArrayList<>();
        loop.runInterleaved(List.of(
                k -> {
                    ran.add("A" + k);
                    clock.spend(2);
                    return List.of(fork(swing[k - 1]));
                },
                k -> {
                    ran.add("B" + k);
                    clock.spend(2);
                    return List.of(fork(swing[k - 1] * 1.05 * own[k - 1]));
                }), List.of("a", "b"), java.util.Collections.nCopies(2, null), new ForkLoop.Turns(null, "", lanes));
        return ran;
    }

    /** {@link #twoLanes} in a run that shares its time, B with 1 % of its own noise, asked for ±1 %. */
    private static List<String> twoLanesInASharedRun(boolean lanes) throws Exception {
        double[] swing = {100, 130, 80, 120, 90, 110, 85, 125, 95, 105, 100, 115};
        double[] own = {1.00, 1.01, 0.99, 1.005, 0.995, 1.01, 0.99, 1.0, 1.005, 0.995, 1.0, 1.01};
        SimulatedClock clock = new SimulatedClock();
        return twoLanes(new ForkLoop(policy(0.01, 8, 12, Duration.ofSeconds(40)), new Stretch(Stretch.PILOT_FORKS,
                Duration.ofSeconds(60)), ONE_SAMPLE, null, () -> clock.nanos), clock, swing, own, lanes);
    }

    @Test
    void lanesOutOfReachAloneForkOnWhileTheirPairedRatioCanStillNarrow() throws Exception {
        // Alone each lane spreads 20 %: ±1 % (or ±2 %) is out of reach after the pilot, and interleaved cells stop there.
        assertThat(twoLanesInASharedRun(false)).containsExactly("A1", "B1", "A2", "B2", "A3", "B3");
        // As lanes, B/A spreads by about 0.7 % a round: ±1 % is a few rounds away, so they go on past the pilot.
        List<String> ran = twoLanesInASharedRun(true);
        assertThat(ran.size()).isGreaterThan(6).isLessThanOrEqualTo(24);
        assertThat(ran.size() % 2).isZero();
    }

    /**
     * {@link #twoLanes}, every round swinging both by up to 30 %, in a run that asks that a change of 10 % be callable
     * over 50 cells' rows (level 0.001). Adds the forks to {@code ran}; returns what the loop printed.
     */
    private static String twoLanesToCallTenPercent(double[] own, List<String> ran) throws Exception {
        double[] swing = {100, 130, 80, 120, 90, 110, 85, 125, 95, 105, 100, 115, 90, 120, 85, 110, 95, 105, 100, 125};
        SimulatedClock clock = new SimulatedClock();
        java.io.ByteArrayOutputStream printed = new java.io.ByteArrayOutputStream();
        Policy tenPercent = policy(null, 3, 20, Duration.ofMinutes(5)).withDetect(0.10, 50);
        ran.addAll(twoLanes(new ForkLoop(tenPercent, new Stretch(Stretch.PILOT_FORKS, Duration.ofMinutes(5)), ONE_SAMPLE,
                new java.io.PrintStream(printed, true, java.nio.charset.StandardCharsets.UTF_8), () -> clock.nanos),
                clock, swing, own, true));
        return printed.toString(java.nio.charset.StandardCharsets.UTF_8);
    }

    @Test
    void lanesToCallAChangeForkOnUntilTheDiffsVerdictCouldCallItAfterHolm() throws Exception {
        // B/A spreads about 2.5 % a round: at 95 % three rounds are within ±7.8 % (t(2) = 4.3), but a verdict over 50
        // rows needs t at 0.001: about six rounds.
        double[] own = {1.03, 0.97, 1.0, 1.04, 0.96, 1.02, 0.98, 1.01, 0.99, 1.03, 0.97, 1.0, 1.02, 0.98, 1.01, 0.99,
                1.0, 1.02, 0.98, 1.0};
        List<String> ran = new ArrayList<>();
        String printed = twoLanesToCallTenPercent(own, ran);
        assertThat(ran.size() / 2).isBetween(5, 9);
        List<String> rounds = printed.lines().filter(l -> l.contains("round ")).toList();
        assertThat(rounds).hasSize(ran.size() / 2);
        assertThat(rounds.get(0)).contains("round 1: b/a").contains("nothing yet");
        String last = rounds.get(rounds.size() - 1);
        double could = Double.parseDouble(last.replaceAll(".*could call ±([0-9.]+) %.*", "$1"));
        assertThat(could).isLessThanOrEqualTo(10.0).isGreaterThan(5.0);
        // The round before was still short of it: the loop stopped on the first round that could call 10 %.
        String before = rounds.get(rounds.size() - 2);
        assertThat(Double.parseDouble(before.replaceAll(".*could call ±([0-9.]+) %.*", "$1"))).isGreaterThan(10.0);
    }

    @Test
    void lanesWhoseRatioSpreadsTooFarToEverCallTheChangeStopAfterThePilot() throws Exception {
        // B/A spreads about 40 % a round: 10 % (or 20 %) takes hundreds of rounds at 0.001, past the 20 allowed.
        double[] own = {1.5, 0.6, 1.3, 0.7, 1.4, 0.65, 1.35, 0.7, 1.5, 0.6, 1.3, 0.7, 1.4, 0.65, 1.35, 0.7, 1.5, 0.6,
                1.3, 0.7};
        List<String> ran = new ArrayList<>();
        twoLanesToCallTenPercent(own, ran);
        assertThat(ran).containsExactly("A1", "B1", "A2", "B2", "A3", "B3");
    }

    /** Issue 55 and 54: a pooled cell says the round each fork ran in, going on after earlier rounds, and splits its variance. */
    @Test
    void aPooledCellKeepsEachForksRoundAfterTheEarlierOnesAndItsVarianceComponents() throws Exception {
        List<Cell> earlierFork1 = List.of(fork(100, 101).inRound(1));
        List<Cell> earlierFork2 = List.of(fork(103, 102).inRound(2));
        ForkLoop loop = new ForkLoop(policy(null, 4, 4, Duration.ofMinutes(1)), new ForkShape(2, 0, Duration.ZERO), null);
        List<List<Cell>> out = loop.runInterleaved(List.of(k -> List.of(fork(100 + k, 99 + k))), List.of(""),
                java.util.Collections.singletonList(null), ForkLoop.Turns.IN_ORDER,
                List.of(new ForkLoop.Earlier(List.of(earlierFork1, earlierFork2), 2.0)));
        Cell c = out.get(0).get(0);
        assertThat(c.forkSamples()).hasSize(4);
        assertThat(c.forkRounds()).containsExactly(1, 2, 3, 4);
        assertThat(c.components()).isNotNull();
        assertThat(c.components().forks()).isEqualTo(4);
        assertThat(c.components().iterationsPerFork()).isEqualTo(2.0);
        assertThat(c.components().jvmShare() + c.components().iterationShare()).isCloseTo(1, within(1e-12));
    }
}
