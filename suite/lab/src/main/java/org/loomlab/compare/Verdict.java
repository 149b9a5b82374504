package org.loomlab.compare;

import com.fasterxml.jackson.annotation.JsonValue;

import java.util.Locale;

/**
 * What a ratio's interval says about B against A. Time and rate metrics get {@code faster} /
 * {@code slower}; amounts (MB, threads, errors) get {@code less} / {@code more}, where more is worse.
 * An interval inside the noise band is {@code same}; one that straddles its edge is {@code inconclusive}.
 * {@link VerdictRules} decides whether a directional verdict of the interval stands (p, forks, hardware).
 */
public enum Verdict {
    FASTER, SLOWER, LESS, MORE, SAME, INCONCLUSIVE;

    @JsonValue
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** A verdict that says which way B moved: faster, slower, less or more. */
    public boolean directional() {
        return this != SAME && this != INCONCLUSIVE;
    }

    /** B got worse than A: slower, or more of an amount. */
    public boolean worse() {
        return this == SLOWER || this == MORE;
    }

    /**
     * @param noise half-width of the band around 1 that counts as no change, e.g. 0.02
     * @param unit  the cells' unit: a rate ({@code ops/s}) is better higher, everything else lower; times (also per
     *              operation) are faster or slower, amounts ({@code B/op}, MB, threads) less or more
     */
    public static Verdict of(Ratio r, double noise, String unit) {
        boolean higher;
        if (r.low() > 1 + noise) {
            higher = true;
        } else if (r.high() < 1 - noise) {
            higher = false;
        } else {
            return r.low() >= 1 - noise && r.high() <= 1 + noise ? SAME : INCONCLUSIVE;
        }
        if (unit.endsWith("/s")) {
            return higher ? FASTER : SLOWER;
        }
        if (isTime(unit)) {
            return higher ? SLOWER : FASTER;
        }
        return higher ? MORE : LESS;
    }

    /** A row in this unit says faster or slower: a time, or a rate. */
    public static boolean decidesSpeed(String unit) {
        return unit.endsWith("/s") || isTime(unit);
    }

    /**
     * A time, or a time per something ({@code ms/op}, {@code us/meal}); any other per-something unit is an amount,
     * e.g. the bytes a dinner allocates ({@code B/op}).
     */
    static boolean isTime(String unit) {
        String base = unit.contains("/") ? unit.substring(0, unit.indexOf('/')) : unit;
        return base.equals("s") || base.equals("ms") || base.equals("us") || base.equals("ns");
    }
}
