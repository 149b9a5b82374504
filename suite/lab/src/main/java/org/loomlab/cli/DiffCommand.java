package org.loomlab.cli;

import org.loomlab.record.RunRecord;
import org.loomlab.report.RunDiff;
import org.loomlab.report.RunToRun;
import org.loomlab.report.SampleExport;
import org.loomlab.report.VerdictRules;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

/** Compares the same cells of two runs and gives each a verdict; optionally fails when any got worse. */
@Command(name = "diff", header = "Compare the same cells of two runs: B/A with a confidence interval and a verdict per cell.",
        description = "A and B are run.json files or run directories; A is the baseline. The runs' host and JDK "
                + "fingerprints are compared first. Verdicts compare JVM forks and need two or more a side: faster, "
                + "slower (time and rate metrics), less, more (amounts) also need an adjusted p at most 1 - LEVEL and an "
                + "interval beyond the noise band; same an interval inside it; inconclusive otherwise.")
final class DiffCommand implements Callable<Integer> {

    /** What {@code --format} writes: the verdicts, or both runs' samples for benchstat. */
    enum Output { MARKDOWN, BENCHSTAT }

    @Parameters(index = "0", paramLabel = "A", description = "the baseline run (run.json or its directory)")
    Path a;

    @Parameters(index = "1", paramLabel = "B", description = "the run compared with it")
    Path b;

    @Mixin
    VerdictOptions verdicts;

    @Option(names = "--across-hardware", description = "give directional verdicts even when the CPU model, CPU count or "
            + "architecture differ (by default such cells are inconclusive: different hardware)")
    boolean acrossHardware;

    @Option(names = "--ignore", split = ",", paramLabel = "AXIS",
            description = "match cells as if this axis were not there, e.g. --ignore mealtime to compare a run at "
                    + "mealtime=16 with one at 16.8 (a known change made on purpose)")
    List<String> ignore = new ArrayList<>();

    @Option(names = "--run-to-run", paramLabel = "FACTOR", defaultValue = "auto",
            description = "widen every interval by this factor for the variance between two runs that their forks do not "
                    + "show: auto (A's host's calibration/run-to-run.json from 'loom-lab calibrate', else 1 with a "
                    + "warning; 1 when A and B are the same run), or a number of 1 or more (default: ${DEFAULT-VALUE})")
    String runToRun;

    @Option(names = "--changed", description = "list only cells judged faster, slower, less or more")
    boolean changed;

    @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "markdown",
            description = "markdown (the verdicts) or benchstat (both runs' samples in the Go benchmark format, "
                    + "told apart by 'side: A' and 'side: B', for: benchstat -col side FILE) (default: ${DEFAULT-VALUE})")
    String format;

    @Mixin
    TextOutput out;

    @Mixin
    JsonOutput json;

    @Option(names = "--fail-on-worse", description = "exit 1 when any cell is slower or uses more (a CI gate)")
    boolean failOnWorse;

    @Override
    public Integer call() throws Exception {
        VerdictRules rules = verdicts.rules();
        Output as = Choice.of(Output.class, "--format", format, "format");
        Path fileA = RunSource.runJson(a);
        Path fileB = RunSource.runJson(b);
        RunRecord ra = RunSource.read(fileA).without(ignore);
        RunRecord rb = RunSource.read(fileB).without(ignore);
        RunDiff diff = RunDiff.of(fileA.toString(), ra, fileB.toString(), rb,
                rules.withRunToRun(runToRun(fileA, ra, rb)), acrossHardware, RunSource.matching());
        out.write("diff", as == Output.BENCHSTAT ? SampleExport.benchstat(ra, rb) : diff.markdown(changed));
        json.write("diff", diff.result());
        List<RunDiff.Row> worse = diff.worse();
        return failOnWorse && !worse.isEmpty() ? LoomLab.FAILED : LoomLab.OK;
    }

    /** The factor asked for, or the host's calibration; a run compared with itself needs none. */
    private RunToRun runToRun(Path fileA, RunRecord ra, RunRecord rb) throws IOException {
        if (!runToRun.strip().equalsIgnoreCase("auto")) {
            double factor;
            try {
                factor = Double.parseDouble(runToRun.strip());
            } catch (NumberFormatException e) {
                factor = Double.NaN;
            }
            if (!(factor >= 1) || Double.isInfinite(factor)) {
                throw new IllegalArgumentException("--run-to-run '" + runToRun + "' is not valid; valid: auto or a number of 1 or more, e.g. 1.5");
            }
            return factor == 1 ? RunToRun.NONE : RunToRun.given(factor);
        }
        // One run: same id, host and JDK. A matrix's JDKs share its id but run one after another, so they are runs apart.
        if (ra.runId().equals(rb.runId()) && ra.host().name().equals(rb.host().name()) && ra.jdk().id().equals(rb.jdk().id())) {
            return RunToRun.NONE;
        }
        Path host = RunSource.hostDir(fileA);
        RunToRun calibrated = RunToRun.read(host);
        if (calibrated == null) {
            System.err.println("diff: no run-to-run calibration for " + host + " (loom-lab calibrate A B on an A/A pair "
                    + "writes one): the intervals cover JVM-to-JVM variance only, not run-to-run");
            return RunToRun.NONE;
        }
        return calibrated;
    }
}
