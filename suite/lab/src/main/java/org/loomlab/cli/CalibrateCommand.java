package org.loomlab.cli;

import org.loomlab.record.RunRecord;
import org.loomlab.text.MarkdownTable;
import org.loomlab.compare.RunToRun;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;

/** Estimates how much runs differ beyond their forks, from A/A pairs, and keeps it as the host's calibration. */
@Command(name = "calibrate", header = "Estimate run-to-run variance from A/A pairs: the factor diff widens intervals by.",
        description = "A B [A2 B2 ...] are A/A pairs: two runs of the same JDK on the same host, made one after the "
                + "other. Each cell's shift is put in units of its standard error over forks (Welch's t, z); if forks "
                + "told the whole story, z² would average v / (v - 2) on v degrees of freedom. The factor is "
                + "sqrt(mean z² / (v / (v - 2))), at least 1, written to results/<host>/calibration/run-to-run.json, "
                + "where diff finds it.")
final class CalibrateCommand implements Callable<Integer> {

    @Parameters(arity = "2..*", paramLabel = "RUN", description = "A/A pairs: first run, second run, first, second, ...")
    List<Path> runs;

    @Option(names = "--dry-run", description = "print the estimate, do not write it")
    boolean dryRun;

    @Override
    public Integer call() throws Exception {
        if (runs.size() % 2 != 0) {
            throw new IllegalArgumentException(runs.size() + " runs are not pairs; valid: an even number, A B [A2 B2 ...]");
        }
        List<RunToRun.Pair> pairs = new ArrayList<>();
        Path root = null;
        for (int i = 0; i < runs.size(); i += 2) {
            Path fileA = RunSource.runJson(runs.get(i));
            Path fileB = RunSource.runJson(runs.get(i + 1));
            RunRecord ra = RunSource.read(fileA);
            RunRecord rb = RunSource.read(fileB);
            if (!ra.host().name().equals(rb.host().name()) || !ra.jdk().id().equals(rb.jdk().id())) {
                throw new IllegalArgumentException("an A/A pair is one JDK on one host; got " + ra.jdk().id() + " on "
                        + ra.host().name() + " and " + rb.jdk().id() + " on " + rb.host().name());
            }
            Path host = RunSource.hostDir(fileA, ra.host().name());
            if (root != null && !root.equals(host)) {
                throw new IllegalArgumentException("every pair must come from one host's results; got " + root + " and " + host);
            }
            root = host;
            pairs.add(new RunToRun.Pair(relative(root, fileA), ra, relative(root, fileB), rb));
        }
        RunToRun estimate = RunToRun.estimate(pairs, RunSource.matching());
        List<List<String>> rows = new ArrayList<>();
        for (Map.Entry<String, Double> e : estimate.z().entrySet()) {
            rows.add(List.of(e.getKey(), String.format(Locale.ROOT, "%+.2f", e.getValue())));
        }
        System.out.print(MarkdownTable.render(List.of("pair: cell", "z"), rows));
        System.out.printf(Locale.ROOT, "%nrun-to-run factor %.2f from %d cells of %d pair%s (mean z² %.2f)%n",
                estimate.factor(), estimate.cells(), pairs.size(), pairs.size() == 1 ? "" : "s", estimate.meanSquare());
        if (!dryRun) {
            System.out.println("written to " + estimate.write(root) + "; diff widens the intervals between two runs of "
                    + pairs.get(0).a().host().name() + " by it");
        }
        return LoomLab.OK;
    }

    private static String relative(Path root, Path file) {
        return root.relativize(file.toAbsolutePath().normalize()).toString();
    }
}
