package org.loomlab.scenario;

import org.loomlab.axis.Axis;
import org.loomlab.catalogue.AxisSpec;
import org.loomlab.catalogue.ExperimentSpec;

import java.util.Map;

/**
 * A scenario cell's params (axis -> value) read as the types the scenario needs, checked against the
 * scenario's catalogue entry, the same limits the lab checked before the run. Guards against a scenario
 * silently falling back to a default the run record never shows (every axis must be given), and against one
 * reading an axis the catalogue does not declare (the lab would never plan, record or narrow it).
 */
public record CellParams(ExperimentSpec experiment, Map<String, String> values) {

    public CellParams {
        values = Map.copyOf(values);
    }

    /** The raw value of {@code axis}; a one-line error naming the scenario's axis when it is missing. */
    public String text(String axis) {
        declared(axis);
        String value = values.get(axis);
        if (value == null) {
            throw new IllegalArgumentException(experiment.label() + " needs param '" + axis + "'; given: "
                    + String.join(", ", values.keySet()));
        }
        return value;
    }

    /** A whole-number axis, at least the catalogue's minimum. */
    public int count(String axis) {
        return declared(axis).count(text(axis));
    }

    /** An axis whose values are the labels of {@code type}. */
    public <E extends Enum<E> & Axis> E choice(String axis, Class<E> type) {
        declared(axis);
        return Axis.parse(type, axis, text(axis));
    }

    private AxisSpec declared(String axis) {
        return experiment.axis(axis).orElseThrow(() -> new IllegalStateException(experiment.label()
                + " reads param '" + axis + "', which its catalogue entry does not declare; declared: "
                + String.join(", ", experiment.axisNames())));
    }
}
