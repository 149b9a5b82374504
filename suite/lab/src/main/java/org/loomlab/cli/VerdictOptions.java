package org.loomlab.cli;

import org.loomlab.compare.Adjustment;
import org.loomlab.compare.VerdictRules;
import picocli.CommandLine.Option;

/**
 * How sure a verdict must be, what counts as no change and how p-values are adjusted across the cells
 * compared together: shared by {@code diff} and {@code claims}.
 */
final class VerdictOptions {

    @Option(names = "--confidence", paramLabel = "LEVEL", defaultValue = "0.95",
            description = "confidence of the intervals, between 0 and 1 (default: ${DEFAULT-VALUE}); verdicts compare JVM "
                    + "forks, and a cell with one fork on a side is inconclusive unless its samples are identical")
    String confidence;

    @Option(names = "--noise", paramLabel = "BAND", defaultValue = "2%",
            description = "a ratio within 1 ± BAND counts as the same, e.g. 2%% or 0.02 (default: ${DEFAULT-VALUE})")
    String noise;

    @Option(names = "--adjust", paramLabel = "METHOD", defaultValue = "holm",
            description = "how the p-values of the cells compared together (a diff's cells, a claim's pairs) are adjusted: "
                    + "holm (the chance of any false verdict stays below 1 - LEVEL), bh (Benjamini-Hochberg: the share of "
                    + "false ones among the directional verdicts does) or none (default: ${DEFAULT-VALUE})")
    String adjust;

    /** The rules the options ask for; bad values are one-line errors naming the valid ones. */
    VerdictRules rules() {
        return new VerdictRules(level(), band(), Choice.of(Adjustment.class, "--adjust", adjust, "method"));
    }

    private double level() {
        double level = number("--confidence", confidence, "a number between 0 and 1, e.g. 0.95");
        if (!(level > 0 && level < 1)) {
            throw new IllegalArgumentException("--confidence '" + confidence + "' is out of range; valid: a number between 0 and 1, e.g. 0.95");
        }
        return level;
    }

    private double band() {
        String valid = "a percentage or fraction, e.g. 2% or 0.02";
        double band = noise.endsWith("%") ? number("--noise", noise.substring(0, noise.length() - 1), valid) / 100
                : number("--noise", noise, valid);
        if (!(band >= 0 && band < 1)) {
            throw new IllegalArgumentException("--noise '" + noise + "' is out of range; valid: 0% to below 100%, e.g. 2% or 0.02");
        }
        return band;
    }

    private static double number(String option, String value, String valid) {
        try {
            return Double.parseDouble(value.strip());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(option + " '" + value + "' is not a number; valid: " + valid);
        }
    }
}
