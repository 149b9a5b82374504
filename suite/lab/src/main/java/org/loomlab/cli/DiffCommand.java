package org.loomlab.cli;

import org.loomlab.record.RecordJson;
import org.loomlab.record.RecordSchema;
import org.loomlab.record.RunRecord;
import org.loomlab.report.RunDiff;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.nio.file.Files;
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

    @Option(names = "--confidence", paramLabel = "LEVEL", defaultValue = "0.95",
            description = "confidence of the intervals, between 0 and 1 (default: ${DEFAULT-VALUE})")
    String confidence;

    @Option(names = "--noise", paramLabel = "BAND", defaultValue = "2%",
            description = "a ratio within 1 ± BAND counts as the same, e.g. 2% or 0.02 (default: ${DEFAULT-VALUE})")
    String noise;

    @Option(names = "--changed", description = "list only cells judged faster, slower, less or more")
    boolean changed;

    @Option(names = "--json", paramLabel = "FILE", description = "also write the diff as JSON (atomically)")
    Path json;

    @Option(names = "--fail-on-worse", description = "exit 1 when any cell is slower or uses more (a CI gate)")
    boolean failOnWorse;

    @Override
    public Integer call() throws Exception {
        double level = fraction("--confidence", confidence, "a number between 0 and 1, e.g. 0.95");
        double band = noise.endsWith("%") ? fraction("--noise", noise.substring(0, noise.length() - 1), null) / 100
                : fraction("--noise", noise, null);
        if (!(level > 0 && level < 1)) {
            throw new IllegalArgumentException("--confidence '" + confidence + "' is out of range; valid: a number between 0 and 1, e.g. 0.95");
        }
        if (!(band >= 0 && band < 1)) {
            throw new IllegalArgumentException("--noise '" + noise + "' is out of range; valid: 0% to below 100%, e.g. 2% or 0.02");
        }
        Path fileA = runJson(a);
        Path fileB = runJson(b);
        RunDiff diff = RunDiff.of(fileA.toString(), read(fileA), fileB.toString(), read(fileB), level, band);
        System.out.print(diff.markdown(changed));
        if (json != null) {
            RecordJson.writeAtomically(json, diff.result());
            System.out.println("diff: " + json);
        }
        List<RunDiff.Row> worse = diff.worse();
        return failOnWorse && !worse.isEmpty() ? LoomLab.FAILED : LoomLab.OK;
    }

    private static double fraction(String option, String value, String valid) {
        try {
            return Double.parseDouble(value.strip());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(option + " '" + value + "' is not a number; valid: "
                    + (valid != null ? valid : "a percentage or fraction, e.g. 2% or 0.02"));
        }
    }

    /** The run record a path names: the file itself, or the run.json in a run directory. */
    private static Path runJson(Path path) {
        Path file = Files.isDirectory(path) ? path.resolve("run.json") : path;
        if (!Files.isRegularFile(file)) {
            throw new IllegalArgumentException(Files.isDirectory(path) ? "no run.json in " + path
                    : "no such run record: " + path + "; valid: a run.json or a run directory under results/");
        }
        return file;
    }

    private static RunRecord read(Path file) throws Exception {
        List<String> violations = RecordSchema.violations(file);
        if (!violations.isEmpty()) {
            throw new IllegalArgumentException(file + " is not a valid run record: " + violations.get(0));
        }
        return RecordJson.read(file);
    }
}
