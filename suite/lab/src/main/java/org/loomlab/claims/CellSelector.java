package org.loomlab.claims;

import org.loomlab.record.Cell;
import org.loomlab.record.CellMatching;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Which cells of a run a claim looks at: an experiment, a metric, and for some axes the values allowed.
 * Axes not named may take any value; every combination of the named values is a cell the claim needs.
 */
public record CellSelector(String experiment, String metric, Map<String, List<String>> params) {

    public CellSelector {
        // In the order claims.json gives them: Map.copyOf's order changes from one JVM to the next.
        params = params == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(params));
    }

    public boolean matches(Cell c) {
        return matches(c, CellMatching.EXACT);
    }

    /** Whether {@code c} is one of these cells, a param it lacks taken as {@code matching} says it ran. */
    public boolean matches(Cell c, CellMatching matching) {
        Map<String, String> ran = matching.params(c);
        return c.experiment().equals(experiment) && c.metric().equals(metric)
                && params.entrySet().stream().allMatch(p -> ran.containsKey(p.getKey()) && p.getValue().contains(ran.get(p.getKey())));
    }

    /** Every combination of the named axes' values: each must be measured before a claim can be answered yes. */
    public List<Map<String, String>> combinations() {
        List<Map<String, String>> out = new ArrayList<>(List.of(Map.of()));
        params.forEach((axis, values) -> {
            List<Map<String, String>> next = new ArrayList<>();
            for (Map<String, String> partial : out) {
                for (String v : values) {
                    Map<String, String> more = new LinkedHashMap<>(partial);
                    more.put(axis, v);
                    next.add(more);
                }
            }
            out.clear();
            out.addAll(next);
        });
        return out;
    }

    /** Whether some cell of {@code cells} is this selector's with the given axis values. */
    public boolean measured(List<Cell> cells, Map<String, String> combination, CellMatching matching) {
        return cells.stream().anyMatch(c -> matches(c, matching) && combination.entrySet().stream()
                .allMatch(e -> e.getValue().equals(matching.params(c).get(e.getKey()))));
    }
}
