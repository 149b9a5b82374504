package org.loomlab.run;

import java.io.PrintStream;

/**
 * What a run tells as it goes and when it ends, to whoever started it ({@code loom-lab run}, a matrix in turns): the
 * session measures and keeps records; how they are shown (tables, exports, verdicts) is the listener's.
 */
public interface RunListener {

    /** A line on what the run does: a note, its fixture, cells, lanes and policy, what a resume keeps. */
    void line(String line);

    /** Where the layers below the session write as the run goes: each fork, each cell's progress, the fixture. */
    PrintStream console();

    /** The run ended: each lane's record, written, and, lanes taking turns, each against the first. */
    void ended(RunEnd end) throws Exception;
}
