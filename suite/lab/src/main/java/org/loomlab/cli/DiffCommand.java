package org.loomlab.cli;

import org.loomlab.record.RunRecord;
import org.loomlab.compare.Allowance;
import org.loomlab.compare.Between;
import org.loomlab.compare.RunDiff;
import org.loomlab.compare.RunToRun;
import org.loomlab.report.SampleExport;
import org.loomlab.compare.VerdictRules;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * Compares the same cells of two runs, or of repeated runs a side ({@code A1 A2 --vs B1 B2}: the run the unit), and
 * gives each a verdict; optionally fails when any got worse.
 */
@Command(name = "diff", header = "Compare the same cells of two runs: B/A with a confidence interval and a verdict per cell.",
        description = "A and B are run.json files or run directories; A is the baseline (B left out: A again, for "
                + "--between). With --vs, the runs before it are repeated runs of the baseline and those after it of the "
                + "other side (e.g. diff results/h1/openjdk-25/lab-r* --vs results/h2/openjdk-25/lab-r*): each run counts "
                + "once per cell and the runs' spread is the run-to-run variance. The runs' host and JDK "
                + "fingerprints are compared first. Verdicts compare JVM forks (or runs) and need two or more a side: faster, "
                + "slower (time and rate metrics), less, more (amounts) also need an adjusted p at most 1 - LEVEL and an "
                + "interval beyond the noise band; same an interval inside it; inconclusive otherwise.")
final class DiffCommand implements Callable<Integer> {

    /** What {@code --format} writes: the verdicts, or both runs' samples for benchstat. */
    enum Output { MARKDOWN, BENCHSTAT }

    @Parameters(arity = "1..*", paramLabel = "A", description = "the baseline run (run.json or its directory), then B, "
            + "the run compared with it (default: A, with --between); with --vs, every run of the baseline side")
    List<Path> runs = new ArrayList<>();

    @Option(names = "--vs", arity = "1..*", paramLabel = "B", description = "repeated runs of the side compared with the "
            + "runs before --vs, the run the unit: per cell each run counts once (the mean of its forks' log means) and "
            + "B/A gets a Welch t interval over runs with no run-to-run allowance; a cell with fewer than two runs on a "
            + "side falls back to its forks pooled, widened as between two runs")
    List<Path> vs;

    @Option(names = "--between", paramLabel = "AXIS=A:B",
            description = "compare A's cells at AXIS=A with B's at AXIS=B, matched on every other axis, e.g. "
                    + "'diff RUN --between mealtime=16:16.8'. Within one run made with --interleave AXIS the slices need "
                    + "no run-to-run allowance; otherwise they ran apart and get the host's calibrated one")
    String between;

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
        if (vs != null) {
            return overRuns(rules, as);
        }
        if (runs.size() > 2) {
            throw new IllegalArgumentException("diff takes two runs, A and B, not " + runs.size() + "; for repeated runs a "
                    + "side: diff A1 A2 ... --vs B1 B2 ...");
        }
        Path a = runs.get(0);
        Path b = runs.size() > 1 ? runs.get(1) : null;
        if (b == null && between == null) {
            throw new IllegalArgumentException("diff needs a run B to compare with A, or --between AXIS=A:B to compare "
                    + "two slices of A, e.g. --between mealtime=16:16.8");
        }
        Path fileA = RunSource.runJson(a);
        Path fileB = RunSource.runJson(b == null ? a : b);
        RunRecord ra = RunSource.read(fileA).without(ignore);
        RunRecord rb = RunSource.read(fileB).without(ignore);
        String sliceA = null;
        String sliceB = null;
        VerdictRules judged;
        if (between == null) {
            // Lanes of one run took turns round by round: paired, nothing run-to-run to allow for (Allowance decides,
            // as for the report's relative view); a factor given by hand overrides it.
            if (isAuto()) {
                RunRecord ra0 = ra;
                Allowance allowance = Allowance.of(ra, rb, () -> RunSource.hostDir(fileA, ra0.host().name()));
                allowance.notes().forEach(line -> System.err.println("diff: " + line));
                judged = allowance.applied(rules);
            } else {
                judged = rules.withRunToRun(given());
            }
        } else {
            Between slices = Between.parse(between);
            ra = slices.sliceA(ra);
            rb = slices.sliceB(rb);
            sliceA = slices.slice(slices.a());
            sliceB = slices.slice(slices.b());
            // Slices of one run saw the same drift only when their forks took turns; otherwise they are runs apart.
            boolean ranApart = Allowance.sameRun(ra, rb) && !slices.interleaved(ra, rb);
            judged = rules.withRunToRun(!isAuto() ? given() : ranApart ? calibrated(fileA, ra, rb, slices.axis())
                    : Allowance.sameRun(ra, rb) ? RunToRun.NONE : calibrated(fileA, ra, rb, null));
        }
        RunDiff diff = RunDiff.of(RunDiff.Side.of(fileA.toString(), ra, sliceA), ra, RunDiff.Side.of(fileB.toString(), rb, sliceB),
                rb, judged, acrossHardware, RunSource.matching());
        out.write("diff", as == Output.BENCHSTAT ? SampleExport.benchstat(ra, rb) : diff.markdown(changed));
        json.write("diff", diff.result());
        List<RunDiff.Row> worse = diff.worse();
        return failOnWorse && !worse.isEmpty() ? LoomLab.FAILED : LoomLab.OK;
    }

    /**
     * Repeated runs a side: each side's records read in the order given, the allowance for the rows that fall back
     * taken as between A's first run and B's (the host's calibration, or a factor given by hand).
     */
    private Integer overRuns(VerdictRules rules, Output as) throws IOException {
        if (between != null) {
            throw new IllegalArgumentException("--between compares two slices of runs, --vs two sides of repeated runs; "
                    + "use one of them");
        }
        List<Path> filesA = new ArrayList<>();
        List<Path> filesB = new ArrayList<>();
        List<RunRecord> ra = new ArrayList<>();
        List<RunRecord> rb = new ArrayList<>();
        read(runs, filesA, ra);
        read(vs, filesB, rb);
        sideNote("A", ra);
        sideNote("B", rb);
        RunToRun fallback;
        if (!isAuto()) {
            fallback = given();
        } else if (Allowance.sameRun(ra.get(0), rb.get(0))) {
            fallback = RunToRun.NONE;
        } else {
            Allowance allowance = Allowance.calibrated(ra.get(0), rb.get(0),
                    RunSource.hostDir(filesA.get(0), ra.get(0).host().name()));
            allowance.notes().forEach(line -> System.err.println("diff: for rows that fall back to forks: " + line));
            fallback = allowance.runToRun();
        }
        RunDiff diff = RunDiff.overRuns(sides(filesA, ra), ra, sides(filesB, rb), rb, rules.withRunToRun(fallback),
                acrossHardware, RunSource.matching());
        out.write("diff", as == Output.BENCHSTAT ? SampleExport.benchstat(ra, rb) : diff.markdown(changed));
        json.write("diff", diff.result());
        return failOnWorse && !diff.worse().isEmpty() ? LoomLab.FAILED : LoomLab.OK;
    }

    private void read(List<Path> paths, List<Path> files, List<RunRecord> records) throws IOException {
        for (Path p : paths) {
            Path file = RunSource.runJson(p);
            if (files.contains(file)) {
                throw new IllegalArgumentException("run " + file + " is named twice; each run counts once");
            }
            files.add(file);
            records.add(RunSource.read(file).without(ignore));
        }
    }

    private static List<RunDiff.Side> sides(List<Path> files, List<RunRecord> records) {
        List<RunDiff.Side> out = new ArrayList<>();
        for (int i = 0; i < files.size(); i++) {
            out.add(RunDiff.Side.of(files.get(i).toString(), records.get(i)));
        }
        return out;
    }

    /** A side's runs should be repeats of one JDK on one host: a warning when they are not, the diff still made. */
    private static void sideNote(String side, List<RunRecord> records) {
        List<String> what = records.stream().map(r -> r.jdk().id() + " on " + r.host().name()).distinct().toList();
        if (what.size() > 1) {
            System.err.println("diff: " + side + "'s runs are not repeats of one JDK on one host (" + String.join(", ", what)
                    + "): their spread is taken as run-to-run variance all the same");
        }
        if (records.size() < 2) {
            System.err.println("diff: " + side + " has one run: every cell falls back to its forks, widened as between two runs");
        }
    }

    private boolean isAuto() {
        return runToRun.strip().equalsIgnoreCase("auto");
    }

    /** The factor asked for by hand ({@code --run-to-run 1.5}). */
    private RunToRun given() {
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

    /**
     * The host's calibrated factor, or none with a warning when the host has no calibration; a warning too when a side
     * ran under a kernel none of the calibration's runs did (a new kernel moved this host's runs more than runs on one
     * kernel move, results/vm-epyc-2c-24g/calibration/README.md).
     *
     * @param apartOn the axis of slices of one run whose forks did not take turns, or null for two runs
     */
    private static RunToRun calibrated(Path fileA, RunRecord ra, RunRecord rb, String apartOn) throws IOException {
        Allowance allowance = Allowance.calibrated(ra, rb, RunSource.hostDir(fileA, ra.host().name()));
        if (apartOn != null && !allowance.uncalibrated()) {
            System.err.println("diff: the slices' forks did not take turns (run --interleave " + apartOn + "), so they ran "
                    + "apart like two runs: the intervals are widened by the host's run-to-run factor");
        }
        allowance.notes().forEach(line -> System.err.println("diff: " + line));
        return allowance.runToRun();
    }
}
