package org.loomlab.history;

import org.loomlab.record.Cell;
import org.loomlab.record.CellKey;

import java.util.List;

/**
 * One cell and metric over a host's runs: the ok measurements in time order, and where its level changed.
 *
 * @param points  a point per run that measured the cell ok, in the order of the history's runs
 * @param changes the change points found on it, in time order; none when it cannot be analysed
 */
public record Series(CellKey key, List<Point> points, List<ChangePoint> changes) {

    /** A run's measurement: the run's index in the history and its cell. */
    public record Point(int run, Cell cell) {
    }

    public Series {
        points = List.copyOf(points);
        changes = List.copyOf(changes);
    }

    /** Whether the series has a log to analyse: every score positive (an error count of 0 has none). */
    public boolean positive() {
        return points.stream().allMatch(p -> p.cell().score() > 0);
    }
}
