package org.loomlab.catalogue;

import org.loomlab.axis.Axis;

/**
 * One value of an enum axis as data: its label and what its enum constant says it does, so the lab knows a
 * cell's needs without the experiment's classes (nor a test on the value's spelling).
 *
 * @param virtual whether a cell at this value runs virtual threads (the lab records their pinned events)
 * @param fixture whether a cell at this value calls the HTTP fixture (the lab starts one for the run)
 * @param optIn   whether the value runs only when asked for by name, never by default
 */
public record Choice(String label, boolean virtual, boolean fixture, boolean optIn) {

    public static Choice of(Axis value) {
        return new Choice(value.label(), value.runsVirtualThreads(), value.needsFixture(), value.optIn());
    }
}
