package org.loomlab.compare;


import org.apache.commons.statistics.distribution.NormalDistribution;
import org.loomlab.stats.StudentT;
import org.loomlab.record.Cell;
import org.loomlab.record.CellStatus;
import org.loomlab.record.Precision;

import java.util.Optional;

/**
 * What a cell would take to reach a relative half-width over forks, at the forks' spread its record shows: how many
 * forks and how long, at the time its forks took. Under two forks no fork-to-fork spread was measured, so the figure
 * is a floor: one fork's samples spread no more than its forks would ({@link Precision#sampleSpread()}; two samples
 * estimate that loosely, so the floor is an estimate too), and a fork that was killed took at least as long as it ran.
 *
 * @param forks   forks the interval takes (the forks it has, when it is already there)
 * @param seconds the time those forks take
 * @param floor   whether this is a floor (under two forks) rather than an estimate from the forks' spread
 */
public record Reach(int forks, double seconds, boolean floor) {

    /** Where {@code cell} stands against {@code relative}: empty without a precision record or a fork that ended well or was killed. */
    public static Optional<Reach> of(Cell cell, double relative) {
        Precision p = cell.precision();
        if (cell.status() == CellStatus.TIMEOUT && (p == null || p.forks() < 2)) {
            return Optional.of(killed(cell.wallSeconds(), p == null ? 0 : p.forks()));
        }
        if (cell.status() != CellStatus.OK || p == null || p.forks() < 1) {
            return Optional.empty();
        }
        return of(p, cell.wallSeconds(), relative);
    }

    /**
     * A cell whose fork was killed at its limit after {@code forks} good ones, {@code wallSeconds} in all: the killed fork
     * ran its whole limit and a fork of this cell takes longer still, so two such are the least an interval takes.
     */
    public static Reach killed(double wallSeconds, int forks) {
        return new Reach(2, 2 * wallSeconds / (forks + 1), true);
    }

    /**
     * The least one fork's samples say its fork means spread: their spread over the square root of their count (a
     * fork's mean carries its samples' noise, and JVM-to-JVM variance on top); 0 without a sample spread.
     */
    public static double sampleFloor(Precision p) {
        return p.sampleSpread() == null ? 0 : p.sampleSpread() / Math.sqrt(Math.max(1, p.samplesPerFork()));
    }

    /**
     * Where a cell of precision {@code p}, measured in {@code wallSeconds}, stands against {@code relative}; empty for two
     * or more forks without a spread (means of zero).
     */
    public static Optional<Reach> of(Precision p, double wallSeconds, double relative) {
        double perFork = wallSeconds / p.forks();
        // The cell's usual spread here, where it is wider, prices it: a few forks' spread runs low.
        double usual = p.usualSpread() == null ? 0 : p.usualSpread();
        if (p.forks() >= 2) {
            Double across = p.acrossForks();
            boolean within = across != null && across <= relative;
            Reach there = new Reach(p.forks(), wallSeconds, false);
            if (p.forkSpread() == null) {
                return within ? Optional.of(there) : Optional.empty();
            }
            int n = Reach.forksFor(Math.max(p.forkSpread(), usual), relative, p.confidence());
            // There already: within it, on as many forks as its usual spread needs (where it has one).
            if (within && (p.usualSpread() == null || n <= p.forks())) {
                return Optional.of(there);
            }
            int more = Math.max(n, p.forks() + 1);
            return Optional.of(new Reach(more, more * perFork, false));
        }
        // Two forks at the least, more as far as one fork's own samples say their means would spread.
        int n = Math.max(2, Reach.forksFor(Math.max(sampleFloor(p), usual), relative, p.confidence()));
        return Optional.of(new Reach(n, n * perFork, true));
    }

    /** Whether more forks than the cell has are needed. */
    public boolean beyond(int forksHad) {
        return forks > forksHad;
    }

    /**
     * About how many forks reach a relative half-width of {@code target} at {@code confidence} when fork means spread
     * by {@code spread} (sd / mean): the fewest n whose t(n - 1) * spread / sqrt(n) is within it, t at that n. (At the
     * forks seen so far t overstates the need: 4.3 at three forks, 2.1 at twenty, and squared that is four times.)
     */
    public static int forksFor(double spread, double target, double confidence) {
        if (!(target > 0) || !(spread >= 0)) {
            return Integer.MAX_VALUE; // no half-width can be within a target of zero or less
        }
        double p = 1 - (1 - confidence) / 2;
        // The normal quantile is a lower bound (t > z); t's own n is found upwards from it.
        double z = NormalDistribution.of(0, 1).inverseCumulativeProbability(p);
        double normal = Math.ceil(Math.pow(z * spread / target, 2));
        if (normal > 1_000_000) {
            return Integer.MAX_VALUE; // t is z there; more than a lab will ever run
        }
        int n = Math.max(2, (int) normal);
        while (StudentT.quantile(n - 1, p) * spread / Math.sqrt(n) > target) {
            n++;
        }
        return n;
    }
}
