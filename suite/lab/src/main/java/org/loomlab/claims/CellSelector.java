package org.loomlab.claims;

import org.loomlab.record.Cell;

import java.util.List;
import java.util.Map;

/**
 * Which cells of a run a claim looks at: an experiment, a metric, and for some axes the values allowed.
 * Axes not named may take any value.
 */
public record CellSelector(String experiment, String metric, Map<String, List<String>> params) {

    public CellSelector {
        params = params == null ? Map.of() : Map.copyOf(params);
    }

    public boolean matches(Cell c) {
        return c.experiment().equals(experiment) && c.metric().equals(metric)
                && params.entrySet().stream().allMatch(p -> p.getValue().contains(c.params().get(p.getKey())));
    }
}
