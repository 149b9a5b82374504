package org.loomlab.plan;

import java.time.Duration;

/**
 * How a cell of a run that shares its time ({@link RunBudget}) spends it: forks, not seconds. It first runs a pilot of
 * {@code pilotForks} forks, within the {@code ceiling} even past its share, so that it has a spread to judge by (two
 * forks give a t of 12.7 at 95 %, three 4.3). Then it forks on only while its interval is wider than the target and
 * its forks' spread puts the target within reach of the ceiling, or, the target out of reach, while it is wider than
 * {@link #FALLBACK} times the target and that is within reach. A cell that stops short of its target is flagged with
 * the forks that would reach it; the time a precise or a hopeless cell does not spend goes to the cells after it.
 *
 * <p>Only the pilot's length is fixed in advance; stopping on a narrow interval after three forks costs a little
 * coverage (95 % intervals holding the truth 92.8-94.2 % of the time on forks that spread normally, against 94.6-95.4 %
 * when stopping on time), and on bimodal forks a little more ({@code StretchCalibrationTest}).
 *
 * @param pilotForks forks a cell runs before its spread may stop it
 * @param ceiling    the most a cell may spend: its share, or more while the run keeps a pilot for every cell after it,
 *                   at most the per-cell budget
 */
public record Stretch(int pilotForks, Duration ceiling) {

    /** Three forks: the fewest whose spread says anything (t 4.3 against 12.7 at two). */
    public static final int PILOT_FORKS = 3;

    /**
     * A cell whose target is out of reach still forks on toward this many times it while that is within reach (quick:
     * ±10 %, the second tier a run is judged by), then stops, flagged short of its target.
     */
    public static final double FALLBACK = 2;

    public Stretch {
        if (pilotForks < 1) {
            throw new IllegalArgumentException("a pilot of " + pilotForks + " forks; valid: 1 or more");
        }
    }
}
