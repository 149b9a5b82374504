package org.loomlab.catalogue;

import com.fasterxml.jackson.annotation.JsonInclude;
import org.loomlab.axis.Axis;
import org.loomlab.axis.Microseconds;

import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * One axis of an experiment: its name (the {@code @Param} field, the CLI key and the run.json key), the values
 * it takes, its limits, and its default values per profile (by the profile's label). The lab checks a user's
 * value with it before a run and a scenario checks the value it reads with it: one definition of each limit.
 *
 * @param choices  the values of a {@link Type#CHOICE} axis, from its enum's constants; empty otherwise
 * @param min      the least value of a {@link Type#COUNT} axis; null otherwise
 * @param defaults the values taken when the user narrows nothing and the profile has none of its own;
 *                 {@value #HOST_CPUS} stands for this host's processor count
 * @param profiles other default values under a profile, e.g. tiny tables for {@code smoke}
 * @param whenAbsent the value a cell recorded without this axis ran at (a record older than the axis), which such a
 *                   cell matches in diffs and claims; null when the axis declares none (then left out of the JSON)
 */
public record AxisSpec(String name, Type type, List<Choice> choices, Integer min, List<String> defaults,
                       Map<String, List<String>> profiles, @JsonInclude(JsonInclude.Include.NON_NULL) String whenAbsent) {

    /** How a value of the axis is written and checked. */
    public enum Type {
        /** A label of the axis's enum. */
        CHOICE,
        /** A whole number of at least {@code min}; underscores allowed ({@code 10_000}). */
        COUNT,
        /** A decimal number of microseconds above 0, to the nanosecond ({@link Microseconds}). */
        MICROSECONDS
    }

    /** The default value of a count that is this host's processor count, resolved where the cells are planned. */
    public static final String HOST_CPUS = "host-cpus";

    public AxisSpec {
        choices = choices == null ? List.of() : List.copyOf(choices);
        defaults = List.copyOf(defaults);
        // insertion order kept, so the written catalogue (and the jar's bytes) are the same on every build
        profiles = profiles == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(profiles));
    }

    /** An axis whose values are the labels of {@code type}; by default every label but the opt-in ones. */
    public static <E extends Enum<E> & Axis> AxisSpec choice(String name, Class<E> type) {
        List<Choice> choices = Arrays.stream(type.getEnumConstants()).map(Choice::of).toList();
        return new AxisSpec(name, Type.CHOICE, choices, null,
                choices.stream().filter(c -> !c.optIn()).map(Choice::label).toList(), Map.of(), null);
    }

    /** A whole-number axis of at least {@code min}, by default {@code defaultValue}. */
    public static AxisSpec count(String name, String defaultValue, int min) {
        return new AxisSpec(name, Type.COUNT, List.of(), min, List.of(defaultValue), Map.of(), null);
    }

    /** A decimal axis of microseconds above 0, by default {@code defaultValue}. */
    public static AxisSpec microseconds(String name, String defaultValue) {
        Microseconds.parse(name, defaultValue);
        return new AxisSpec(name, Type.MICROSECONDS, List.of(), null, List.of(defaultValue), Map.of(), null);
    }

    /** The same axis with other default values under the profile labelled {@code profile}. */
    public AxisSpec in(String profile, String... values) {
        Map<String, List<String>> more = new LinkedHashMap<>(profiles);
        more.put(profile, List.of(values));
        return new AxisSpec(name, type, choices, min, defaults, more, whenAbsent);
    }

    /** The same axis taking only {@code values} when the user narrows nothing; any valid value may still be asked for. */
    public AxisSpec byDefault(String... values) {
        return new AxisSpec(name, type, choices, min, List.of(values), profiles, whenAbsent);
    }

    /**
     * The same axis, saying that a cell recorded without it ran at {@code value}: records older than the axis then
     * match the newer cells at that value, and no others.
     */
    public AxisSpec whenAbsent(String value) {
        return new AxisSpec(name, type, choices, min, defaults, profiles, validated(value));
    }

    /** The values this axis takes under the profile labelled {@code profile} when the user narrows nothing. */
    public List<String> defaults(String profile) {
        return profiles.getOrDefault(profile, defaults).stream()
                .map(v -> v.equals(HOST_CPUS) ? String.valueOf(Runtime.getRuntime().availableProcessors()) : v)
                .toList();
    }

    /** The value, checked and without underscores; a one-line reason naming the value and the valid ones otherwise. */
    public String validated(String value) {
        switch (type) {
            case CHOICE -> choice(value);
            case COUNT -> count(value);
            case MICROSECONDS -> Microseconds.parse(name, value);
        }
        return value.replace("_", "");
    }

    /** A value of a count axis as a number, checked against the axis's minimum. */
    public int count(String value) {
        if (type != Type.COUNT) {
            throw new IllegalStateException(name + " is a " + type + " axis, not a count");
        }
        String problem = name + " must be a whole number >= " + min + ", got '" + value + "'";
        long n;
        try {
            n = Long.parseLong(value.replace("_", ""));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(problem);
        }
        if (n < min || n > Integer.MAX_VALUE) {
            throw new IllegalArgumentException(problem);
        }
        return (int) n;
    }

    /** The value of a choice axis labelled {@code label}, or a one-line error naming the valid labels. */
    public Choice choice(String label) {
        return choices.stream().filter(c -> c.label().equals(label)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("unknown " + name + " '" + label + "'; valid: "
                        + choices.stream().map(Choice::label).collect(Collectors.joining(", "))));
    }
}
