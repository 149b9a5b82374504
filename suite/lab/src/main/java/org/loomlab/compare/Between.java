package org.loomlab.compare;

import org.loomlab.record.Cell;
import org.loomlab.record.RunRecord;

import java.util.List;
import java.util.Objects;
import java.util.TreeSet;

/**
 * Two slices compared along one axis ({@code diff --between mealtime=16:16.8}): A's cells at one value against B's at
 * the other, matched on every other axis. Within one run whose forks took turns along that axis
 * ({@code run --interleave}), the slices saw the same drift, so they need no run-to-run allowance; cells that ran
 * one after another did not, and are runs apart for this purpose.
 */
public record Between(String axis, String a, String b) {

    /** {@code AXIS=A:B}, e.g. {@code mealtime=16:16.8}; a one-line error otherwise. */
    public static Between parse(String text) {
        int eq = text.indexOf('=');
        int colon = text.indexOf(':', eq + 1);
        if (eq <= 0 || colon < 0 || colon == eq + 1 || colon == text.length() - 1) {
            throw new IllegalArgumentException("--between '" + text + "' is not AXIS=A:B, e.g. mealtime=16:16.8");
        }
        return new Between(text.substring(0, eq).strip(), text.substring(eq + 1, colon).strip(),
                text.substring(colon + 1).strip());
    }

    /** A's slice of {@code r}; a one-line error naming the axis's values there when it has no such cell. */
    public RunRecord sliceA(RunRecord r) {
        return slice(r, a, "A");
    }

    /** B's slice of {@code r}. */
    public RunRecord sliceB(RunRecord r) {
        return slice(r, b, "B");
    }

    private RunRecord slice(RunRecord r, String value, String side) {
        RunRecord sliced = r.where(axis, value);
        if (sliced.results().isEmpty()) {
            TreeSet<String> values = new TreeSet<>();
            r.results().stream().map(c -> c.params().get(axis)).filter(Objects::nonNull).forEach(values::add);
            throw new IllegalArgumentException("--between " + axis + "=" + a + ":" + b + ": run " + side + " has no cell with "
                    + axis + "=" + value + "; its values: " + (values.isEmpty() ? "none (no cell has that axis)"
                    : String.join(", ", values)));
        }
        return sliced;
    }

    /**
     * Whether every measured cell of both slices took turns along this axis (so within one run they saw the same
     * drift); cells without a precision (failed, skipped, older records) are not compared and do not count.
     */
    public boolean interleaved(RunRecord sliceA, RunRecord sliceB) {
        List<Cell> measured = List.of(sliceA, sliceB).stream().flatMap(r -> r.results().stream())
                .filter(c -> c.precision() != null).toList();
        return !measured.isEmpty() && measured.stream().allMatch(c -> axis.equals(c.precision().interleavedOn()));
    }

    /** How a side's slice is named in the diff, e.g. {@code mealtime=16}. */
    public String slice(String value) {
        return axis + "=" + value;
    }
}
