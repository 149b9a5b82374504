package org.loomlab.matrix;

import java.util.List;
import java.util.Map;

/**
 * One lane of a matrix that takes turns: a JDK's runner image under a name of its own, with flags and axis values of
 * its own, so that an A/A (the same image twice) and a positive control (the same image with a known change) run by the
 * same turns as the JDKs they sit beside. Without {@code --lane} every JDK is a lane named by its id.
 *
 * @param name  the lane's name: its record's directory ({@code results/<host>/<name>/<matrix-id>/}), its container's
 *              and its entry in the matrix record
 * @param jdk   the id of the JDK whose runner image it runs in
 * @param flags flags added after the matrix's {@code --jvm-args} for this lane's measured JVMs
 * @param own   axis values this lane measures in place of the planned ones
 */
public record MatrixLane(String name, String jdk, List<String> flags, Map<String, String> own) {

    public MatrixLane {
        flags = List.copyOf(flags);
        own = Map.copyOf(own);
    }

    /** A JDK as a lane of its own, named by its id, with the matrix's flags and cells. */
    public static MatrixLane of(String jdk) {
        return new MatrixLane(jdk, jdk, List.of(), Map.of());
    }
}
