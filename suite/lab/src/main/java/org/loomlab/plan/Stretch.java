package org.loomlab.plan;

import java.time.Duration;

/**
 * How a cell of a run that shares its time ({@link RunBudget}) spends it: forks, not seconds. It first runs a pilot of
 * {@code pilotForks} forks, within the {@code ceiling} even past its share, so that it has a spread to judge by (two
 * forks give a t of 12.7 at 95 %, three 4.3). Then it stops as soon as its interval is within the target, or as soon
 * as its forks' spread puts the target out of reach of the ceiling (flagged with the forks that would reach it), and
 * goes on past its share only while the target is within that reach. The time a cell does not need goes to the cells
 * after it.
 *
 * <p>Only the pilot's length is fixed in advance; stopping on a narrow interval after three forks costs a little
 * coverage on forks that spread normally and none more than stopping on time does on bimodal ones
 * ({@code StretchCalibrationTest}).
 *
 * @param pilotForks forks a cell runs before its spread may stop it
 * @param ceiling    the most a cell may spend: twice its share, at most the per-cell budget
 */
public record Stretch(int pilotForks, Duration ceiling) {

    /** Three forks: the fewest whose spread says anything (t 4.3 against 12.7 at two). */
    public static final int PILOT_FORKS = 3;

    public Stretch {
        if (pilotForks < 1) {
            throw new IllegalArgumentException("a pilot of " + pilotForks + " forks; valid: 1 or more");
        }
    }
}
