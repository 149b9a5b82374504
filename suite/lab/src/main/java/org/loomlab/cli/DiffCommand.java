package org.loomlab.cli;

import org.loomlab.report.RunDiff;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;

/** Compares the same cells of two runs and gives each a verdict; optionally fails when any got worse. */
@Command(name = "diff", header = "Compare the same cells of two runs: B/A with a confidence interval and a verdict per cell.",
        description = "A and B are run.json files or run directories; A is the baseline. Verdicts: faster, slower (time "
                + "and rate metrics), less, more (amounts), same (interval inside the noise band), inconclusive.")
final class DiffCommand implements Callable<Integer> {

    @Parameters(index = "0", paramLabel = "A", description = "the baseline run (run.json or its directory)")
    Path a;

    @Parameters(index = "1", paramLabel = "B", description = "the run compared with it")
    Path b;

    @Mixin
    VerdictOptions verdicts;

    @Option(names = "--changed", description = "list only cells judged faster, slower, less or more")
    boolean changed;

    @Mixin
    JsonOutput json;

    @Option(names = "--fail-on-worse", description = "exit 1 when any cell is slower or uses more (a CI gate)")
    boolean failOnWorse;

    @Override
    public Integer call() throws Exception {
        double level = verdicts.level();
        double band = verdicts.band();
        Path fileA = RunSource.runJson(a);
        Path fileB = RunSource.runJson(b);
        RunDiff diff = RunDiff.of(fileA.toString(), RunSource.read(fileA), fileB.toString(), RunSource.read(fileB), level, band);
        System.out.print(diff.markdown(changed));
        json.write("diff", diff.result());
        List<RunDiff.Row> worse = diff.worse();
        return failOnWorse && !worse.isEmpty() ? LoomLab.FAILED : LoomLab.OK;
    }
}
