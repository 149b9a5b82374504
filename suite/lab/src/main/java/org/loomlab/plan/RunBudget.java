package org.loomlab.plan;

import org.apache.commons.statistics.descriptive.Median;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.LongSupplier;

/**
 * A run's measuring time shared among its cells, so that a whole run ends near a time the user can plan on
 * (quick: about 30 min) instead of cells x per-cell budget. Each cell, as it starts, gets an equal share of
 * what is left, at most the per-cell budget: a cell that finishes early (precise, or short) leaves its time to
 * the cells after it, one that overruns (a single fork of a long dinner) takes it from them. Shares are equal in
 * seconds, not in forks: cheap forks buy more precision per minute. Weighing shares by fork length (a coroutine
 * dinner's 12 s forks against the philosophers' 6 s) bought the long cells more forks and no precision, and left the
 * cells it took them from one fork instead of two (the whole run it was measured in: docs/NOTES.md, "History moved
 * out of code comments").
 *
 * <p>How a cell spends its share is {@link Stretch}'s: a pilot of forks, then forks while they can reach the target.
 *
 * <p>A cell stopped by its share stops on time, not on what its forks showed, so it adds no optional-stopping
 * bias; it is flagged with what it would have needed, like any cell whose budget ran out.
 */
public final class RunBudget {

    private final Duration total;
    /** When the first cell started (fingerprints and the fixture's start-up are not the cells' time). */
    private long startNanos;
    private boolean started;
    private int cellsLeft = 1;
    /** Cells starting together, their forks interleaved: they get a share each. */
    private int starting = 1;
    /**
     * How many per-cell budgets those cells have: one each, or one for a cell's lanes, whose policy's budget is already
     * the cell's across them (the session's {@code SessionPlan}). Counting it once a lane gave a cell of two lanes twice the budget its
     * run said (the 2026-11-29 run {@code turns-21-25-g}).
     */
    private int budgets = 1;
    /** What the forks of the cells after those starting take beyond a typical fork, together (longer warm-ups). */
    private Duration laterExtra = Duration.ZERO;

    private final LongSupplier clock;
    /** What each fork of the run took, in seconds. */
    private final List<Double> forkSeconds = new ArrayList<>();

    /** {@code total} null: no run budget, every cell gets the per-cell budget. */
    public RunBudget(Duration total) {
        this(total, System::nanoTime);
    }

    RunBudget(Duration total, LongSupplier nanoClock) {
        this.total = total;
        this.clock = nanoClock;
    }

    public static RunBudget none() {
        return new RunBudget(null);
    }

    /**
     * The budget of a resumed run with {@code left} of its {@code all} cells still to run: their share of the total, what
     * those cells would have had on average had the run gone on, so resuming (once or many times) never stretches the
     * whole run past its plan.
     */
    public RunBudget forCellsLeft(int left, int all) {
        return total == null || all <= 0 ? this : new RunBudget(total.multipliedBy(left).dividedBy(all), clock);
    }

    /** The run's total, or null when there is none. */
    public Duration total() {
        return total;
    }

    /** Called as each cell starts, with the cells left to run counting this one. */
    public void cellStarting(int left) {
        cellsStarting(left, 1);
    }

    /** Called as {@code count} cells start together (forks interleaved), with the cells left counting them. */
    public void cellsStarting(int left, int count) {
        cellsStarting(left, count, false, Duration.ZERO);
    }

    /**
     * The same, for the {@code lanes} of one cell or for cells of their own, with what one fork of each cell after them
     * takes beyond the run's typical fork, summed: a cell that warms up 9 s where the profile warms up 3 s needs a pilot
     * of longer forks, kept for it in time.
     */
    public synchronized void cellsStarting(int left, int count, boolean lanes, Duration extraForksAfter) {
        if (!started) {
            started = true;
            startNanos = clock.getAsLong();
        }
        cellsLeft = Math.max(1, left);
        starting = Math.max(1, count);
        budgets = lanes ? 1 : starting;
        laterExtra = extraForksAfter;
    }

    /**
     * The budget of the cells now starting: a share of what is left per cell, each at most {@code perCell}, never
     * negative.
     */
    synchronized Duration share(Duration perCell) {
        Duration cap = perCell.multipliedBy(budgets);
        if (total == null) {
            return cap;
        }
        Duration left = left();
        Duration share = left.isNegative() ? Duration.ZERO : left.dividedBy(cellsLeft).multipliedBy(starting);
        return share.compareTo(cap) < 0 ? share : cap;
    }

    /** The policy of the cells now starting: {@code policy} with its budget cut to their share. */
    public Policy policyOf(Policy policy) {
        return policy.withBudget(share(policy.budget()));
    }

    /**
     * How far the cells now starting may go past their share ({@link Stretch}): as far as the run can spare while it keeps
     * a pilot for every cell after them (priced at the run's typical fork so far, plus what a later cell's longer warm-up
     * adds to each of its forks), at most {@code policy}'s per-cell
     * budget, never below the share; null without a run budget or a target, where a cell keeps to its policy alone (no
     * other cell could use what it leaves).
     */
    public synchronized Stretch stretchOf(Policy policy) {
        if (total == null || policy.target() == null) {
            return null;
        }
        Duration perCell = policy.budget().multipliedBy(budgets);
        Duration share = share(policy.budget());
        Duration left = left();
        Duration pilots = typicalFork().multipliedBy(Math.max(0, cellsLeft - starting)).plus(laterExtra)
                .multipliedBy(Stretch.PILOT_FORKS);
        Duration spare = left.minus(pilots);
        Duration ceiling = spare.compareTo(perCell) < 0 ? spare : perCell;
        return new Stretch(Stretch.PILOT_FORKS, ceiling.compareTo(share) > 0 ? ceiling : share);
    }

    /**
     * An ETA of {@code byPlan} for the {@code cells} not yet run, held to what the run lets them spend: the time
     * left, or once that is spent a typical fork each (a cell runs its first fork whatever its share).
     */
    public synchronized Duration eta(Duration byPlan, int cells) {
        if (total == null || cells <= 0) {
            return byPlan;
        }
        Duration left = left();
        Duration forks = typicalFork().multipliedBy(cells);
        Duration cap = left.compareTo(forks) > 0 ? left : forks;
        return byPlan.compareTo(cap) < 0 ? byPlan : cap;
    }

    /** Called after each fork of the run with the seconds it took: the run's typical fork prices the pilots to come. */
    public synchronized void forkTook(double seconds) {
        forkSeconds.add(seconds);
    }

    /** The median fork of the run so far, or none before the first. */
    private Duration typicalFork() {
        if (forkSeconds.isEmpty()) {
            return Duration.ZERO;
        }
        double median = Median.withDefaults().evaluate(forkSeconds.stream().mapToDouble(Double::doubleValue).toArray());
        return Duration.ofMillis(Math.round(median * 1000));
    }

    /** The run's time not yet spent (negative once overrun); all of it before the first cell starts. */
    private Duration left() {
        return started ? total.minusNanos(clock.getAsLong() - startNanos) : total;
    }
}
