package org.loomlab.axis;

import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;

/**
 * A value of a matrix axis chosen by its label, the same word in {@code @Param}, the CLI and run.json. What a
 * value means for the lab (it runs virtual threads, it calls the HTTP fixture, it runs only when asked for, its JVM
 * needs a flag)
 * is said here, by the enum constant, and reaches the lab through the catalogue, never by its spelling.
 */
public interface Axis {

    /** The label users type, e.g. {@code active-wait}. */
    String label();

    /** Whether a cell at this value runs its work on virtual threads, so its carriers can be pinned. */
    default boolean runsVirtualThreads() {
        return false;
    }

    /** Whether a cell at this value calls the HTTP fixture, which the lab then starts for the run. */
    default boolean needsFixture() {
        return false;
    }

    /** Whether this value runs only when asked for by name ({@code -p axis=value}), never by default. */
    default boolean optIn() {
        return false;
    }

    /** Flags the JVM of a cell at this value must start with (e.g. its garbage collector); none by default. */
    default List<String> jvmArgs() {
        return List.of();
    }

    /** The constant of {@code type} whose label is {@code label}, or a one-line error naming the valid ones. */
    static <E extends Enum<E> & Axis> E parse(Class<E> type, String axis, String label) {
        for (E value : type.getEnumConstants()) {
            if (value.label().equals(label)) {
                return value;
            }
        }
        throw new IllegalArgumentException("unknown " + axis + " '" + label + "'; valid: " + labels(type));
    }

    static <E extends Enum<E> & Axis> String labels(Class<E> type) {
        return Arrays.stream(type.getEnumConstants()).map(Axis::label).collect(Collectors.joining(", "));
    }
}
