package org.loomlab.claims;

import org.loomlab.record.Cell;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Which cells of a run a claim looks at: an experiment, a metric, and for some axes the values allowed.
 * Axes not named may take any value.
 */
public record CellSelector(String experiment, String metric, Map<String, List<String>> params) {

    public CellSelector {
        // In the order claims.json gives them: Map.copyOf's order changes from one JVM to the next.
        params = params == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(params));
    }

    public boolean matches(Cell c) {
        return c.experiment().equals(experiment) && c.metric().equals(metric)
                && params.entrySet().stream().allMatch(p -> p.getValue().contains(c.params().get(p.getKey())));
    }
}
