package org.loomlab.cli;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/** An option's value read as one of an enum's constants by its lower-case, hyphenated name: the one place such choices are parsed. */
final class Choice {

    private Choice() {
    }

    /**
     * @param what the kind of value, for the error: {@code --adjust 'x' is not a method; valid: holm, bh, none}
     */
    static <E extends Enum<E>> E of(Class<E> type, String option, String value, String what) {
        return Arrays.stream(type.getEnumConstants()).filter(e -> label(e).equals(value.strip().toLowerCase(Locale.ROOT)))
                .findFirst().orElseThrow(() -> new IllegalArgumentException(option + " '" + value + "' is not a " + what
                        + "; valid: " + Arrays.stream(type.getEnumConstants()).map(Choice::label).collect(Collectors.joining(", "))));
    }

    /** {@code GITHUB_ACTION_BENCHMARK} as {@code github-action-benchmark}: options spell words with hyphens. */
    private static String label(Enum<?> e) {
        return e.name().toLowerCase(Locale.ROOT).replace('_', '-');
    }
}
