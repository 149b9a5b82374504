package org.loomlab.plan;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

class RunBudgetTest {

    private final AtomicLong now = new AtomicLong();
    private final RunBudget budget = new RunBudget(Duration.ofMinutes(30), now::get);
    private static final Duration PER_CELL = Duration.ofSeconds(40);

    @Test
    void eachCellGetsAnEqualShareOfWhatIsLeftAtMostThePerCellBudget() {
        budget.cellStarting(90);
        assertEquals(Duration.ofSeconds(20), budget.share(PER_CELL));
        // The first 30 cells took 5 minutes: the 60 left share 25 minutes, 25 s each.
        now.addAndGet(Duration.ofMinutes(5).toNanos());
        budget.cellStarting(60);
        assertEquals(Duration.ofSeconds(25), budget.share(PER_CELL));
        // Few cells left and time to spare: the per-cell budget is the limit.
        budget.cellStarting(2);
        assertEquals(PER_CELL, budget.share(PER_CELL));
    }

    @Test
    void aResumedRunGetsTheShareOfItsCellsLeftSoResumingTwiceDoesNotStretchIt() {
        RunBudget resumed = budget.forCellsLeft(30, 90);
        assertEquals(Duration.ofMinutes(10), resumed.total());
        // The plan keeps the whole budget: a second resume with 9 cells left scales that, not the first resume's share.
        assertEquals(Duration.ofMinutes(3), budget.forCellsLeft(9, 90).total());
        resumed.cellStarting(30);
        assertEquals(Duration.ofSeconds(20), resumed.share(PER_CELL));
        assertNull(RunBudget.none().forCellsLeft(1, 2).total());
    }

    @Test
    void aRunPastItsBudgetGivesEachCellNothingSoItRunsOneFork() {
        budget.cellStarting(10);
        now.addAndGet(Duration.ofMinutes(31).toNanos());
        budget.cellStarting(3);
        assertEquals(Duration.ZERO, budget.share(PER_CELL));
        assertEquals(Duration.ZERO, budget.policyOf(Policy.of(Profile.QUICK)).budget());
    }

    @Test
    void anEtaFromLongerEarlierRunsIsHeldToTheTimeLeftThenToAForkPerCell() {
        // Earlier runs under other budgets planned 41 min; this run has 30.
        assertEquals(Duration.ofMinutes(30), budget.eta(Duration.ofMinutes(41), 74));
        budget.cellStarting(74);
        now.addAndGet(Duration.ofMinutes(10).toNanos());
        budget.forkTook(6);
        assertEquals(Duration.ofMinutes(20), budget.eta(Duration.ofMinutes(31), 50));
        // A plan shorter than the time left stands.
        assertEquals(Duration.ofMinutes(12), budget.eta(Duration.ofMinutes(12), 50));
        // Past the budget each cell left still runs a fork: 3 cells of 6 s forks.
        now.addAndGet(Duration.ofMinutes(21).toNanos());
        assertEquals(Duration.ofSeconds(18), budget.eta(Duration.ofMinutes(5), 3));
        assertEquals(Duration.ofMinutes(5), RunBudget.none().eta(Duration.ofMinutes(5), 3));
    }

    @Test
    void noRunBudgetLeavesThePolicyAlone() {
        RunBudget none = RunBudget.none();
        none.cellStarting(1000);
        assertEquals(Policy.of(Profile.QUICK), none.policyOf(Policy.of(Profile.QUICK)));
    }

    @Test
    void theClockStartsWithTheFirstCellNotBeforeIt() {
        now.addAndGet(Duration.ofMinutes(10).toNanos()); // fingerprints and the fixture's start-up
        budget.cellStarting(45);
        assertEquals(Duration.ofSeconds(40), budget.share(PER_CELL));
    }

    @Test
    void cellsStartingTogetherGetAShareEach() {
        budget.cellsStarting(90, 2);
        assertEquals(Duration.ofSeconds(40), budget.share(PER_CELL));
        budget.cellsStarting(2, 2);
        assertEquals(PER_CELL.multipliedBy(2), budget.share(PER_CELL));
        RunBudget none = RunBudget.none();
        none.cellsStarting(5, 3);
        assertEquals(PER_CELL.multipliedBy(3), none.share(PER_CELL));
    }

    /** A cell's lanes share one budget, the policy's already across them: two lanes get a share each, one cap between them. */
    @Test
    void theLanesOfACellShareOneBudgetNotOneEach() {
        Duration acrossLanes = PER_CELL.multipliedBy(2);
        budget.cellsStarting(90, 2, true, Duration.ZERO);
        assertEquals(Duration.ofSeconds(40), budget.share(acrossLanes));
        budget.cellsStarting(2, 2, true, Duration.ZERO);
        assertEquals(acrossLanes, budget.share(acrossLanes));
        assertEquals(acrossLanes, budget.stretchOf(Policy.of(Profile.QUICK).withBudget(acrossLanes)).ceiling());
        RunBudget none = RunBudget.none();
        none.cellsStarting(5, 2, true, Duration.ZERO);
        assertEquals(acrossLanes, none.share(acrossLanes));
    }

    @Test
    void laterCellsThatWarmUpLongerKeepLongerPilots() {
        Policy quick = Policy.of(Profile.QUICK);
        budget.cellStarting(90);
        budget.forkTook(6);
        // 89 pilots of 3 x 6 s keep 26.7 of the 30 minutes: 3.3 minutes to spare, so the per-cell budget.
        assertEquals(Duration.ofSeconds(40), budget.stretchOf(quick).ceiling());
        // 17 of them warming up 6 s longer keep 3 x 17 x 6 s more, 5.1 minutes: nothing to spare, the share (20 s).
        budget.cellsStarting(90, 1, false, Duration.ofSeconds(6 * 17));
        assertEquals(new Stretch(3, Duration.ofSeconds(20)), budget.stretchOf(quick));
    }

    @Test
    void aShareIsEqualInSecondsHoweverLongTheLaterCellsForksAre() {
        budget.cellStarting(90);
        budget.forkTook(6);
        // 15 minutes left for 45 cells, 30 of them warming up 6 s longer: 20 s each all the same (weighed by fork
        // length, this cell of 6 s forks would get 12 s).
        now.addAndGet(Duration.ofMinutes(15).toNanos());
        budget.cellsStarting(45, 1, false, Duration.ofSeconds(6 * 30));
        assertEquals(Duration.ofSeconds(20), budget.share(PER_CELL));
    }

    @Test
    void aCellMayGoPastItsShareOnlyWithTimeTheCellsAfterItNeedNotForTheirPilots() {
        Policy quick = Policy.of(Profile.QUICK);
        budget.cellStarting(90);
        // Before any fork the run has no price for a pilot: the per-cell budget is the limit.
        assertEquals(new Stretch(3, Duration.ofSeconds(40)), budget.stretchOf(quick));
        budget.forkTook(6);
        budget.forkTook(5);
        budget.forkTook(100); // a long dinner does not move the median
        // 89 pilots of 3 x 6 s keep 26.7 of the 30 minutes: 3.3 minutes to spare, so still 40 s.
        assertEquals(new Stretch(3, Duration.ofSeconds(40)), budget.stretchOf(quick));
        // 5 minutes later with 80 cells left: 25 minutes, 79 pilots keep 23.7: 78 s to spare, still the per-cell budget.
        now.addAndGet(Duration.ofMinutes(5).toNanos());
        budget.cellStarting(80);
        assertEquals(Duration.ofSeconds(40), budget.stretchOf(quick).ceiling());
        // 10 minutes later with 60 left: 15 minutes, 59 pilots keep 17.7: nothing to spare, the share (15 s) it is.
        now.addAndGet(Duration.ofMinutes(10).toNanos());
        budget.cellStarting(60);
        assertEquals(new Stretch(3, Duration.ofSeconds(15)), budget.stretchOf(quick));
        // Past the run's time: no stretch beyond the first fork.
        now.addAndGet(Duration.ofMinutes(16).toNanos());
        assertEquals(Duration.ZERO, budget.stretchOf(quick).ceiling());
        // Alone, or without a target, a cell keeps to its policy.
        assertNull(RunBudget.none().stretchOf(quick));
        assertNull(budget.stretchOf(quick.withTarget(null)));
    }
}
