package org.loomlab.report;

import org.loomlab.compare.Reach;
import org.loomlab.text.Figures;

import org.loomlab.plan.Stretch;
import org.loomlab.record.Cell;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What a run's goals would take on its host at the spreads its cells showed: the target on {@link #MAIN_SHARE} of the
 * {@link #MAIN} cells (the talk's table) and {@link Stretch#FALLBACK} times it on {@link #ALL_SHARE} of all cells, the
 * goals a quick run is judged by. Each goal takes its cheapest cells ({@link Reach}), the rest cost what they cost in
 * this run; picking the cheapest per goal rather than the best pair of picks makes it an estimate ("about"), and cells
 * under two forks count at their floor, so where they are picked it is a floor too.
 *
 * @param target   the run's precision target
 * @param seconds  the cells' time the goals take
 * @param spent    the cells' time this run spent
 * @param floors   picked cells counted at a floor (under two forks)
 * @param unpriced cells a goal needs that no cell left can stand for (they failed: nothing to price them by), the more
 *                 of the two goals' counts
 * @param main     whether the run has {@link #MAIN} cells (else only the second goal is priced)
 */
public record RunGoals(double target, double seconds, double spent, int floors, int unpriced, boolean main) {

    /** The experiment whose cells the first goal counts. */
    static final String MAIN = "philosophers";
    static final double MAIN_SHARE = 0.80;
    static final double ALL_SHARE = 0.95;

    /** The goals of a run whose primary cells are {@code primary}, measured to {@code target}. */
    public static RunGoals of(List<Cell> primary, double target) {
        Map<Cell, Double> need = new IdentityHashMap<>();
        primary.forEach(c -> need.put(c, c.wallSeconds()));
        Set<Cell> floors = java.util.Collections.newSetFromMap(new IdentityHashMap<>());
        List<Cell> main = primary.stream().filter(c -> c.experiment().equals(MAIN)).toList();
        // A failed cell short in both goals is one cell short.
        int unpriced = Math.max(pick(main, MAIN_SHARE, target, need, floors),
                pick(primary, ALL_SHARE, Stretch.FALLBACK * target, need, floors));
        double spent = primary.stream().mapToDouble(Cell::wallSeconds).sum();
        return new RunGoals(target, need.values().stream().mapToDouble(Double::doubleValue).sum(), spent, floors.size(),
                unpriced, !main.isEmpty());
    }

    /** Takes the cheapest {@code share} of {@code cells} to {@code relative}; how many it needed but could not price. */
    private static int pick(List<Cell> cells, double share, double relative, Map<Cell, Double> need, Set<Cell> floors) {
        int wanted = (int) Math.ceil(share * cells.size());
        List<Map.Entry<Cell, Reach>> priced = new ArrayList<>();
        cells.forEach(c -> Reach.of(c, relative).ifPresent(r -> priced.add(Map.entry(c, r))));
        priced.sort(Comparator.comparingDouble(e -> e.getValue().seconds()));
        List<Map.Entry<Cell, Reach>> picked = priced.subList(0, Math.min(wanted, priced.size()));
        picked.forEach(e -> {
            need.merge(e.getKey(), e.getValue().seconds(), Math::max);
            if (e.getValue().floor()) {
                floors.add(e.getKey());
            }
        });
        return wanted - picked.size();
    }

    /** E.g. "The run's goals at these spreads (±5 % on 80 % of the philosophers cells, ...) take about 3h10m ...". */
    public String line() {
        String goals = (main ? "±" + Figures.percent(target) + " on " + Figures.percent(MAIN_SHARE) + " of the " + MAIN
                + " cells, " : "") + "±" + Figures.percent(Stretch.FALLBACK * target) + " on " + Figures.percent(ALL_SHARE)
                + " of all cells";
        return "The run's goals at these spreads (" + goals + ") take about " + clock(seconds) + " of cells on this host; "
                + "this run spent " + clock(spent) + (floors == 0 ? "" : ". " + floors + " of the cells counted had under "
                + "two forks and count at their floors, so it may take more") + (unpriced == 0 ? "" : ". " + unpriced
                + (unpriced == 1 ? " cell the goals need failed, and nothing prices it" : " cells the goals need failed, "
                + "and nothing prices them")) + '.';
    }

    private static String clock(double seconds) {
        return Figures.clock(Duration.ofSeconds(Math.round(seconds)));
    }
}
