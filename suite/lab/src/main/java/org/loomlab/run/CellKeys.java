package org.loomlab.run;

import org.loomlab.plan.CellPlan;
import org.loomlab.record.Cell;
import org.loomlab.record.CellStatus;
import org.loomlab.record.RunRecord;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * Which planned cell a recorded one is, and which cells of a record ended: how a resume finds the cells it keeps and
 * a top-up the cells it carries on.
 */
final class CellKeys {

    private CellKeys() {
    }

    /** Cells of {@code previous} that ended (interrupted ones run again). */
    static List<Cell> finished(RunRecord previous) {
        return previous.results().stream().filter(c -> c.status() != CellStatus.INTERRUPTED).toList();
    }

    /** The plans {@code previous} holds no finished cell for. */
    static List<CellPlan> missing(List<CellPlan> plans, RunRecord previous) {
        Set<String> done = finished(previous).stream().map(CellKeys::of).collect(Collectors.toSet());
        return plans.stream().filter(p -> !done.contains(of(p))).toList();
    }

    /** Which planned cell a recorded one is, by experiment and values (a cell's secondary metrics share it). */
    static String of(Cell cell) {
        return of(cell.experiment(), cell.params());
    }

    static String of(CellPlan plan) {
        return of(plan.experiment().label(), plan.params());
    }

    // sorted: a plan and its record may list a cell's params in different orders (pinning-probe and service do)
    private static String of(String experiment, Map<String, String> params) {
        return experiment + " " + new TreeMap<>(params);
    }
}
