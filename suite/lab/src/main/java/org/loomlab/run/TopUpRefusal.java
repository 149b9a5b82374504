package org.loomlab.run;

import org.loomlab.plan.RunPlan;
import org.loomlab.text.Figures;

import java.nio.file.Path;
import java.util.List;

/**
 * Why a run cannot be topped up ({@code --top-up}), each a one-line error before anything is written, worded like the
 * resume's refusals. A top-up adds rounds to cells whose paired ratio cannot yet call the plan's change, so it needs
 * rounds (lanes that took turns), a change to call ({@code --detect}) and every cell finished; each earlier fork's
 * raw files are pooled where they are here, else the record is.
 */
final class TopUpRefusal {

    private TopUpRefusal() {
    }

    /** Refused unless run {@code id}'s plan took turns in lanes and had a change to call. */
    static void refuseUnlessTopUppable(String id, RunPlan plan) {
        if (plan.lanes() == null || plan.lanes().isEmpty()) {
            throw new IllegalArgumentException(notInTurns(id));
        }
        if (plan.detect() == null) {
            throw new IllegalArgumentException("--top-up: run " + id + " was planned without --detect ("
                    + (plan.target() == null ? "no target" : "a target of ±" + Figures.percent(plan.target()))
                    + "); a top-up gives rounds to cells that cannot yet call the plan's change: plan the run with --detect");
        }
    }

    /** Refused when no lane was given: the run took turns in lanes to be named again, or it took none. */
    static void refuseWithoutLanes(String id, List<String> planned) {
        throw new IllegalArgumentException(planned == null || planned.isEmpty() ? notInTurns(id)
                : "--top-up: run " + id + " took turns in lanes " + planned + "; give them with --lane, in that order");
    }

    private static String notInTurns(String id) {
        return "--top-up: run " + id + " did not take turns (one JDK, no lanes in its plan); a top-up adds rounds, and "
                + "only a round of lanes pairs: top up a run of --lane or --jvm A,B";
    }

    /** Refused when the run has no record of one JDK here: a top-up carries on lanes, named again. */
    static void refuseNoRecord(String id, Path runJson) {
        throw new IllegalArgumentException("--top-up: run " + id + " has no record at " + runJson + "; a top-up carries "
                + "on a run whose lanes took turns: give its --lane(s), in the order it began with");
    }

    /** Refused while some lane did not finish some cell: those run again whole with --resume first. */
    static void refuseUnfinished(String id, int unfinished) {
        if (unfinished > 0) {
            throw new IllegalArgumentException("--top-up: run " + id + " has " + unfinished + " cell" + (unfinished == 1 ? "" : "s")
                    + " some lane did not finish; finish them with --resume first, then top the run up");
        }
    }

    /** Refused for a cell whose record names no raw file: its new forks would have no name to go on from. */
    static void refuseNoRawFile(String lane, String cell) {
        throw new IllegalArgumentException("--top-up: lane " + lane + "'s record of " + cell + " names no raw file, so its "
                + "new forks have no name to go on from; run it again with --resume instead");
    }

    /** Refused where some but not all of a cell's per-JVM files are here: which rounds they hold cannot be told. */
    static void refusePartial(Path pattern, int here, int rounds) {
        throw new IllegalArgumentException("--top-up: " + here + " of " + rounds + " rounds' files " + pattern + " are here; "
                + "a top-up pools all of them or, where none is here, keeps what the record says of them: restore or "
                + "remove them");
    }

    /** Refused without --resume: a top-up carries on a finished run. */
    static void refuseWithoutResume() {
        throw new IllegalArgumentException("--top-up carries on a finished run: give --resume and its --run-id "
                + "(or --matrix-id)");
    }

    /** Refused for lanes that recorded a cell with a different number of rounds: their rounds do not pair. */
    static void refuseUnpaired(String id, String cell, List<Integer> rounds) {
        throw new IllegalArgumentException("--top-up: run " + id + "'s lanes recorded " + cell + " with " + rounds
                + " rounds; a round is one fork a lane, so its lanes cannot be topped up in pairs");
    }
}
