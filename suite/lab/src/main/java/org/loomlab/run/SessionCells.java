package org.loomlab.run;

import org.loomlab.plan.CellPlan;
import org.loomlab.plan.Interleaving;
import org.loomlab.progress.CellHistory;
import org.loomlab.progress.Progress;
import org.loomlab.record.FixtureInfo;
import org.loomlab.record.RunRecord;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * What one session of a run measures once its lanes are planned ({@link RunSession}): the cells left of a run, all of a
 * new one's ({@link CellsLeft}), or a top-up's ({@link TopUp}).
 */
interface SessionCells {

    /** Whether a cell of {@code plans} calls the HTTP fixture. */
    static boolean needsFixture(List<CellPlan> plans) {
        return plans.stream().anyMatch(p -> p.experiment().needsFixture(p.params()));
    }

    /** Its cells, each as its lane runs it, in the order they start. */
    List<CellPlan> cells();

    /** Whether a cell calls the HTTP fixture. */
    boolean network();

    /** How the first lane's cells fork (every lane's alike, on its own JDK and flags). */
    CellJvm forks(SessionLane first, String fixtureUrl, PrintStream console, CellHistory history);

    /** The record {@code lane} starts from. */
    RunRecord start(SessionLane lane, FixtureInfo by);

    /** Said before the lanes are locked. */
    default void opening() {
    }

    /** Once the lanes are locked, before the first cell: the plan kept, what runs said. */
    void locked() throws IOException;

    /** Where each member of a group forks and writes, and whether it carries a finished cell on. */
    LaneRouting routing(Map<String, CellJvm> jvms, Map<String, Path> dirs);

    /** Which cells run together, their forks taking turns. */
    Interleaving interleaving();

    /** Runs the cells; each lane's record as it ends, by lane. */
    Map<String, RunRecord> run(LabRun run, Progress progress) throws IOException;
}
