package org.loomlab.scenario;

import org.loomlab.philosophers.Axis;

import java.util.Map;

/**
 * A scenario cell's params (axis -> value) read as the types the scenario needs. Guards against a
 * scenario silently falling back to a default the run record never shows: every axis must be given.
 */
public record CellParams(String scenario, Map<String, String> values) {

    public CellParams {
        values = Map.copyOf(values);
    }

    /** The raw value of {@code axis}; a one-line error naming the scenario's axis when it is missing. */
    public String text(String axis) {
        String value = values.get(axis);
        if (value == null) {
            throw new IllegalArgumentException(scenario + " needs param '" + axis + "'; given: "
                    + String.join(", ", values.keySet()));
        }
        return value;
    }

    /** A whole-number axis of at least {@code min}. */
    public int count(String axis, int min) {
        String value = text(axis);
        int n;
        try {
            n = Integer.parseInt(value.replace("_", ""));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(axis + " must be a whole number >= " + min + ", got '" + value + "'");
        }
        if (n < min) {
            throw new IllegalArgumentException(axis + " must be a whole number >= " + min + ", got '" + value + "'");
        }
        return n;
    }

    /** An axis whose values are the labels of {@code type}. */
    public <E extends Enum<E> & Axis> E choice(String axis, Class<E> type) {
        return Axis.parse(type, axis, text(axis));
    }
}
