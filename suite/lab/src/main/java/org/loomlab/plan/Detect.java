package org.loomlab.plan;

import org.loomlab.text.Figures;

/**
 * A stopping target for lanes put as the verdict it must make possible ({@code --detect}): a cell of lanes forks on until
 * each later lane's ratio to the first, paired round by round, could call a change of {@code change}, as the run's
 * {@code diff} would judge it: beyond its noise band ({@link #BAND}) at Holm's strictest level over the rows it
 * adjusts. A half-width target at 95 % ({@code --precision}) asks for too little after a few rounds: a 3-round ratio
 * within ±3 % at t(2) = 4.3 could detect only about ±30 % at the level of a family of a hundred rows (t(2) = 45).
 *
 * @param change the change to be callable, e.g. 0.10
 * @param cells  the cells a lane runs: with the metrics each reports, the rows its diff adjusts over
 */
public record Detect(double change, int cells) {

    /** The noise band {@code diff} judges by unless told otherwise (its {@code --noise}): a change within it is "same". */
    public static final double BAND = 0.02;

    public Detect {
        if (!(change > BAND && change < 1)) {
            throw new IllegalArgumentException("--detect " + Figures.percent(change) + " is out of range; valid: above the "
                    + "diff's noise band of " + Figures.percent(BAND) + " and below 100 %, e.g. 10%");
        }
        cells = Math.max(1, cells);
    }

    /** The paired interval's relative half-width at which {@link #change} is callable: past the band, within the change. */
    public double halfWidth() {
        return (1 + change) / (1 + BAND) - 1;
    }

    /**
     * The level of that interval for a cell reporting {@code metrics} metrics: Holm's first step, 1 - confidence over
     * the rows (cells x metrics). The diff adjusts over the callable rows only, so this errs on the strict side.
     */
    public double confidence(double confidence, int metrics) {
        return 1 - (1 - confidence) / ((double) cells * Math.max(1, metrics));
    }
}
