package org.loomlab.run;

import org.loomlab.record.FixtureInfo;

/**
 * The HTTP fixture serving a run's network cells, started by the lab and stopped when the run ends,
 * also after a failure. Cells reach it at {@link #url()} on loopback.
 */
public interface Fixture extends AutoCloseable {

    /** Base URL as the measured JVMs on this host reach it, e.g. {@code http://localhost:32768}. */
    String url();

    /** What the record says about it. */
    FixtureInfo info();

    @Override
    void close();
}
