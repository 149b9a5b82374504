package org.loomlab.catalogue;

import com.fasterxml.jackson.annotation.JsonInclude;
import org.loomlab.axis.Axis;

import java.util.List;

/**
 * One value of an enum axis as data: its label and what its enum constant says it does, so the lab knows a
 * cell's needs without the experiment's classes (nor a test on the value's spelling).
 *
 * @param virtual whether a cell at this value runs virtual threads (the lab records their pinned events)
 * @param fixture whether a cell at this value calls the HTTP fixture (the lab starts one for the run)
 * @param optIn   whether the value runs only when asked for by name, never by default
 * @param jvmArgs flags the JVM of a cell at this value starts with (a garbage collector); empty for most values, and
 *                then left out of the JSON (catalogues written before it read as empty)
 */
public record Choice(String label, boolean virtual, boolean fixture, boolean optIn,
                     @JsonInclude(JsonInclude.Include.NON_EMPTY) List<String> jvmArgs) {

    public Choice {
        jvmArgs = jvmArgs == null ? List.of() : List.copyOf(jvmArgs);
    }

    public static Choice of(Axis value) {
        return new Choice(value.label(), value.runsVirtualThreads(), value.needsFixture(), value.optIn(),
                value.jvmArgs());
    }
}
