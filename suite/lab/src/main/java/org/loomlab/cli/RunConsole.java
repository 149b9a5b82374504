package org.loomlab.cli;

import org.loomlab.record.RunRecord;
import org.loomlab.record.RunStatus;
import org.loomlab.report.PrecisionTable;
import org.loomlab.report.RunExports;
import org.loomlab.report.RunVerdict;
import org.loomlab.report.TerminalTable;
import org.loomlab.run.RunEnd;
import org.loomlab.run.RunListener;

import java.io.PrintStream;

/**
 * A run told on the terminal: its lines as they come and, when it ends, each lane's table, record, exports and verdict
 * (a run of one JDK with its precision by experiment too), then each lane against the first.
 */
final class RunConsole implements RunListener {

    private final PrintStream out;
    private final boolean strict;
    private boolean ok = true;

    /** @param strict a cell that timed out, failed or missed its target fails the run, and its verdict says so */
    RunConsole(PrintStream out, boolean strict) {
        this.out = out;
        this.strict = strict;
    }

    @Override
    public void line(String line) {
        out.println(line);
    }

    @Override
    public PrintStream console() {
        return out;
    }

    @Override
    public void ended(RunEnd end) throws Exception {
        if (!end.inTurns()) {
            RunEnd.Lane run = end.lanes().get(0);
            RunRecord done = run.record();
            out.println();
            out.print(TerminalTable.render(done.results(), TerminalTable.columns()));
            out.println("the axes that vary; every axis in the full table: loom-lab report " + run.runJson());
            out.println();
            out.println("record: " + run.runJson());
            out.println("exports: " + RunExports.write(run.dir(), done));
            out.println("precision by experiment:");
            out.print(PrecisionTable.markdown(done));
            verdict(done);
            return;
        }
        for (RunEnd.Lane lane : end.lanes()) {
            RunRecord done = lane.record();
            out.println();
            out.println("lane " + lane.name() + ":");
            out.print(TerminalTable.render(done.results(), TerminalTable.columns()));
            out.println("record: " + lane.runJson());
            out.println("exports: " + RunExports.write(lane.dir(), done));
            verdict(done);
        }
        for (RunEnd.Diff diff : end.diffs()) {
            out.println();
            out.println("lane " + diff.lane() + " against lane " + diff.baseline() + ", paired round by round ("
                    + diff.file() + "):");
            out.print(diff.markdown());
        }
    }

    private void verdict(RunRecord done) {
        RunVerdict verdict = RunVerdict.of(done);
        verdict.lines(strict).forEach(out::println);
        ok &= done.status() == RunStatus.COMPLETE && (!strict || verdict.clean());
    }

    /**
     * True when every lane's run completed and, under {@code strict}, every cell ended ok within its target; true
     * too when there was nothing left to run.
     */
    boolean ok() {
        return ok;
    }
}
