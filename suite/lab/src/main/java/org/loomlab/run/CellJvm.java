package org.loomlab.run;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * How every cell of a run is forked: on which JDK, from which jar, with which flags, under which
 * profile and timeout, and with which fixture. One value shared by the JMH and the scenario runners.
 *
 * @param fixtureUrl the HTTP fixture's base URL, or null when no cell of the run calls it
 */
public record CellJvm(Path java, Path benchmarksJar, List<String> jvmArgs, Profile profile, Duration timeout,
                      String fixtureUrl) {

    public CellJvm {
        jvmArgs = List.copyOf(jvmArgs);
    }
}
