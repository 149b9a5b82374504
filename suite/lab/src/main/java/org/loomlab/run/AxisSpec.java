package org.loomlab.run;

import org.loomlab.philosophers.Axis;

import java.util.Arrays;
import java.util.List;
import java.util.function.Consumer;

/**
 * One axis of an experiment: its name (the {@code @Param} field, the CLI key and the run.json key),
 * its default values, and the check a user's value must pass.
 */
public record AxisSpec(String name, List<String> defaults, Consumer<String> check) {

    /** An axis whose values are the labels of {@code type}; by default every label. */
    public static <E extends Enum<E> & Axis> AxisSpec of(String name, Class<E> type) {
        List<String> labels = Arrays.stream(type.getEnumConstants()).map(Axis::label).toList();
        return new AxisSpec(name, labels, value -> Axis.parse(type, name, value));
    }

    /** A numeric axis: a whole number of at least {@code min}. */
    public static AxisSpec count(String name, String defaultValue, int min) {
        return new AxisSpec(name, List.of(defaultValue), value -> {
            long n;
            try {
                n = Long.parseLong(value.replace("_", ""));
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(name + " must be a whole number >= " + min + ", got '" + value + "'");
            }
            if (n < min || n > Integer.MAX_VALUE) {
                throw new IllegalArgumentException(name + " must be a whole number >= " + min + ", got '" + value + "'");
            }
        });
    }

    /** The value, checked; throws IllegalArgumentException with a one-line reason otherwise. */
    String validated(String value) {
        check.accept(value);
        return value.replace("_", "");
    }
}
