package org.loomlab.cli;

import org.loomlab.record.RunRecord;
import org.loomlab.text.MarkdownTable;
import org.loomlab.compare.RunDiff;
import org.loomlab.compare.RunToRun;
import org.loomlab.compare.VerdictRules;
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
                + "where diff finds it. Beside it, per cell, a run-level variance tau² of the log fork means (half the "
                + "squared shift beyond the forks' variance, averaged over the pairs, floored at 0, shrunk toward the "
                + "experiment's with the weight of 3 pairs), which diff adds to the forks' variance instead of the factor. "
                + "Each pair is then diffed again: its false calls and its share of raw p <= 0.05.")
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
        List<List<String>> experiments = new ArrayList<>();
        estimate.experimentVariance().forEach((e, tau2) -> experiments.add(List.of(e,
                String.format(Locale.ROOT, "%.1f %%", 100 * Math.sqrt(tau2)),
                String.valueOf(estimate.experimentPairs().getOrDefault(e, 0)),
                String.valueOf(estimate.cellVariance().keySet().stream().filter(c -> c.startsWith(e + " ")).count()))));
        System.out.printf(Locale.ROOT, "%nrun-level SD per experiment (sqrt tau², point estimates without intervals; a cell's "
                + "own is shrunk toward it with the weight of 3 pairs):%n%n");
        System.out.print(MarkdownTable.render(List.of("experiment", "run-level SD", "pair-cells", "cells"), experiments));
        System.out.printf(Locale.ROOT, "%nthe A/A pairs diffed again (in sample: the calibration saw them), 95 %%, ±2 %%, "
                + "holm:%n%n");
        System.out.print(MarkdownTable.render(List.of("pair", "rule", "false calls", "raw p <= 0.05"), falseCalls(pairs,
                estimate)));
        if (!dryRun) {
            System.out.println("written to " + estimate.write(root) + "; diff widens the intervals between two runs of "
                    + pairs.get(0).a().host().name() + " by it");
        }
        return LoomLab.OK;
    }

    /**
     * Per A/A pair and rule (the factor alone, as calibrations before the run variance; the run variance where
     * calibrated): how many rows got a directional verdict, each of them false, and the share of compared rows whose
     * unadjusted p is at most 0.05 (about 5 % if the intervals were right).
     */
    private static List<List<String>> falseCalls(List<RunToRun.Pair> pairs, RunToRun estimate) {
        RunToRun factorOnly = new RunToRun(estimate.factor(), estimate.cells(), estimate.runs(), estimate.z());
        List<List<String>> out = new ArrayList<>();
        for (RunToRun.Pair p : pairs) {
            for (RunToRun rule : List.of(factorOnly, estimate)) {
                List<RunDiff.Row> rows = RunDiff.of(p.pathA(), p.a(), p.pathB(), p.b(),
                        VerdictRules.defaults().withRunToRun(rule), false, RunSource.matching()).rows();
                long directional = rows.stream().filter(r -> r.verdict() != null && r.verdict().directional()).count();
                long compared = rows.stream().filter(r -> r.pValue() != null).count();
                long low = rows.stream().filter(r -> r.pValue() != null && r.pValue() <= 0.05).count();
                out.add(List.of(p.pathA() + " / " + p.pathB(), rule == estimate ? "run variance" : "factor alone",
                        directional == 0 ? "none" : directional + " (any: yes)",
                        String.format(Locale.ROOT, "%d of %d (%.1f %%)", low, compared, compared == 0 ? 0 : 100.0 * low / compared)));
            }
        }
        return out;
    }

    private static String relative(Path root, Path file) {
        return root.relativize(file.toAbsolutePath().normalize()).toString();
    }
}
