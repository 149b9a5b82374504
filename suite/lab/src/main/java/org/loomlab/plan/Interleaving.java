package org.loomlab.plan;

import org.loomlab.record.Cell;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * Which cells of a run take turns fork by fork ({@code run --interleave AXIS}): those of one experiment that differ in
 * {@code axis} only. Forks of such a group run A1 B1 A2 B2 ..., so whatever drifts while the run goes on (heat, a
 * neighbour, the page cache) reaches every member alike, and A against B needs no run-to-run allowance. That is what
 * a positive control needs: a known small change, told apart within one run.
 *
 * <p>The lanes of one cell ({@link CellPlan#lane()}) always take turns; a lane may set an axis to a value of its own
 * (a positive control: {@code --lane-params b=mealtime=16.8}), so they are grouped on the other axes.
 *
 * @param axis     the axis whose values alternate, or null when every cell runs alone
 * @param laneAxes the axes some lane sets to a value of its own
 */
public record Interleaving(String axis, java.util.Set<String> laneAxes) {

    public static final Interleaving NONE = new Interleaving(null, java.util.Set.of());

    public Interleaving {
        laneAxes = java.util.Set.copyOf(laneAxes);
    }

    /** The interleaving asked for: none when {@code axis} is null or blank. */
    public static Interleaving of(String axis) {
        return axis == null || axis.isBlank() ? NONE : new Interleaving(axis.strip(), java.util.Set.of());
    }

    /** The turns of lanes, some of which set {@code axes} to values of their own. */
    public static Interleaving ofLanes(java.util.Set<String> axes) {
        return new Interleaving(null, axes);
    }

    /** A one-line error unless {@code axis} takes two or more values among {@code plans}; naming the axes that do. */
    public void check(List<CellPlan> plans) {
        if (axis == null) {
            return;
        }
        Map<String, TreeSet<String>> values = new LinkedHashMap<>();
        plans.forEach(p -> p.params().forEach((k, v) -> values.computeIfAbsent(k, x -> new TreeSet<>()).add(v)));
        List<String> varying = values.entrySet().stream().filter(e -> e.getValue().size() > 1).map(Map.Entry::getKey).toList();
        if (!varying.contains(axis)) {
            throw new IllegalArgumentException("--interleave '" + axis + "' does not take two or more values among the "
                    + "planned cells; axes that do: " + (varying.isEmpty() ? "none (plan more values with -p AXIS=V1,V2)"
                    : String.join(", ", varying)));
        }
    }

    /**
     * The plans as they run: groups of cells of one experiment that differ in {@code axis} only, each where its first
     * member was planned; every other cell alone.
     */
    public List<List<CellPlan>> groups(List<CellPlan> plans) {
        Map<Object, List<CellPlan>> groups = new LinkedHashMap<>();
        for (CellPlan p : plans) {
            // The lanes of one cell always take turns; cells of an axis only when asked.
            Object key = p.lane() != null ? List.of("lanes", p.experiment().label(), without(p.params(), laneAxes))
                    : axis != null && p.params().containsKey(axis) ? List.of(p.experiment().label(), without(p.params()))
                    : new Object();
            groups.computeIfAbsent(key, k -> new ArrayList<>()).add(p);
        }
        return List.copyOf(groups.values());
    }

    /** The plans in the order they run: each group's members one after the other. */
    public List<CellPlan> order(List<CellPlan> plans) {
        return groups(plans).stream().flatMap(List::stream).toList();
    }

    /** {@code cell} as measured in a group of {@code members}: its precision says along which axis its forks alternated. */
    public Cell mark(Cell cell, int members) {
        return members < 2 || cell.precision() == null ? cell
                : cell.toBuilder().precision(cell.precision().interleaved(axis)).build();
    }

    private Map<String, String> without(Map<String, String> params) {
        return without(params, java.util.Set.of(axis));
    }

    private static Map<String, String> without(Map<String, String> params, java.util.Set<String> axes) {
        Map<String, String> rest = new LinkedHashMap<>(params);
        rest.keySet().removeAll(axes);
        return rest;
    }
}
