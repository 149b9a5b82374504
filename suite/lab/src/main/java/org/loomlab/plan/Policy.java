package org.loomlab.plan;

import java.time.Duration;
import java.util.OptionalDouble;

/**
 * The measurement policy of a run: a profile's target and budget, or the user's ({@code --precision},
 * {@code --budget}). A cell runs at least {@code minForks} and at most {@code maxForks} JVM forks; it stops
 * once its interval at {@code confidence} is within {@code target} of its score, or when the next fork would
 * not fit into {@code budget}.
 *
 * @param target relative half-width aimed for, e.g. 0.05; null: measure {@code minForks} forks and stop
 * @param detect for lanes, the change their paired ratios must be able to call ({@code --detect}); the target is then
 *               its half-width ({@link Detect#halfWidth()}); null when the target was given as a half-width
 */
public record Policy(double confidence, Double target, int minForks, int maxForks, Duration budget, Detect detect) {

    public Policy {
        if (!(confidence > 0 && confidence < 1)) {
            throw new IllegalArgumentException("confidence " + confidence + " is out of range; valid: between 0 and 1");
        }
        if (target != null && !(target > 0 && target < 1)) {
            throw new IllegalArgumentException("--precision " + target + " is out of range; valid: above 0 % and below 100 %, e.g. 5%");
        }
        if (detect != null && !Double.valueOf(detect.halfWidth()).equals(target)) {
            throw new IllegalArgumentException("a target of " + target + " with --detect " + detect.change()
                    + "; valid: the half-width that calls it, " + detect.halfWidth());
        }
        if (minForks < 1 || maxForks < minForks) {
            throw new IllegalArgumentException("forks " + minForks + ".." + maxForks + " are not a range of at least 1");
        }
    }

    /** A policy whose target, if any, is a half-width. */
    public Policy(double confidence, Double target, int minForks, int maxForks, Duration budget) {
        this(confidence, target, minForks, maxForks, budget, null);
    }

    public static Policy of(Profile profile) {
        return new Policy(Profile.CONFIDENCE, profile.target, profile.minForks, profile.maxForks, profile.budget, null);
    }

    /** A half-width target ({@code --precision}), in place of any other. */
    public Policy withTarget(Double relative) {
        return new Policy(confidence, relative, minForks, maxForks, budget, null);
    }

    /**
     * A callable change as the target ({@code --detect}), for lanes that each run {@code cells} cells; a policy without
     * one stays as it is.
     */
    public Policy withDetect(Double change, int cells) {
        if (change == null) {
            return this;
        }
        Detect d = new Detect(change, cells);
        return new Policy(confidence, d.halfWidth(), minForks, maxForks, budget, d);
    }

    /** The same policy for lanes of {@code cells} cells each: what its callable change is judged over. */
    public Policy forCells(int cells) {
        return withDetect(detect == null ? null : detect.change(), cells);
    }

    public Policy withBudget(Duration perCell) {
        return new Policy(confidence, target, minForks, maxForks, perCell, detect);
    }

    /** At most {@code forks} forks a cell, and at least as few if the profile asked for more. */
    public Policy withMaxForks(int forks) {
        if (forks < 1) {
            throw new IllegalArgumentException("--max-forks " + forks + " is out of range; valid: 1 or more");
        }
        return new Policy(confidence, target, Math.min(minForks, forks), forks, budget, detect);
    }

    public Policy withConfidence(double level) {
        return new Policy(level, target, minForks, maxForks, budget, detect);
    }

    /**
     * A number strictly between 0 and 1, written as a fraction or a percentage ({@code 0.95}, {@code 99.9%},
     * {@code 5%}, {@code 0.05}): a level or a precision target; empty when {@code text} is none.
     */
    public static OptionalDouble fraction(String text) {
        String t = text.strip();
        try {
            double v = t.endsWith("%") ? Double.parseDouble(t.substring(0, t.length() - 1).strip()) / 100 : Double.parseDouble(t);
            return v > 0 && v < 1 ? OptionalDouble.of(v) : OptionalDouble.empty();
        } catch (NumberFormatException e) {
            return OptionalDouble.empty();
        }
    }
}
