package org.loomlab.report;

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
            // The killed fork ran its whole limit, and a fork of this cell takes longer still.
            int forks = p == null ? 0 : p.forks();
            return Optional.of(new Reach(2, 2 * cell.wallSeconds() / (forks + 1), true));
        }
        if (cell.status() != CellStatus.OK || p == null || p.forks() < 1) {
            return Optional.empty();
        }
        return of(p, cell.wallSeconds(), relative);
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
            if (p.forkSpread() == null) {
                return across != null && across <= relative ? Optional.of(new Reach(p.forks(), wallSeconds, false))
                        : Optional.empty();
            }
            int n = PrecisionTable.forksToReach(Math.max(p.forkSpread(), usual), relative, p.confidence());
            // There already: within it, on as many forks as its usual spread needs (where it has one).
            if (across != null && across <= relative && (p.usualSpread() == null || n <= p.forks())) {
                return Optional.of(new Reach(p.forks(), wallSeconds, false));
            }
            int more = Math.max(n, p.forks() + 1);
            return Optional.of(new Reach(more, more * perFork, false));
        }
        // Two forks at the least, more as far as one fork's own samples say their means would spread.
        double spread = p.sampleSpread() == null ? 0 : p.sampleSpread() / Math.sqrt(Math.max(1, p.samplesPerFork()));
        int n = Math.max(2, PrecisionTable.forksToReach(Math.max(spread, usual), relative, p.confidence()));
        return Optional.of(new Reach(n, n * perFork, true));
    }

    /** Whether more forks than the cell has are needed. */
    public boolean beyond(int forksHad) {
        return forks > forksHad;
    }
}
