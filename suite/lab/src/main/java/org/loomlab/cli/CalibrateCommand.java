package org.loomlab.cli;

import org.loomlab.record.RunRecord;
import org.loomlab.report.RunToRun;
import org.loomlab.run.ResultsTable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;

/** Estimates how much two runs differ beyond their forks, from an A/A pair, and keeps it as the host's calibration. */
@Command(name = "calibrate", header = "Estimate run-to-run variance from an A/A pair: the factor diff widens intervals by.",
        description = "A and B are two runs of the same JDK on the same host, made one after the other (an A/A pair). "
                + "Each cell's shift is put in units of its standard error over forks (z); if forks told the whole "
                + "story, the median z² would be 0.455. The factor is sqrt(median z² / 0.455), at least 1, written to "
                + "results/<host>/calibration/run-to-run.json, where diff finds it.")
final class CalibrateCommand implements Callable<Integer> {

    @Parameters(index = "0", paramLabel = "A", description = "the first run of the pair (run.json or its directory)")
    Path a;

    @Parameters(index = "1", paramLabel = "B", description = "the second run of the pair")
    Path b;

    @Option(names = "--dry-run", description = "print the estimate, do not write it")
    boolean dryRun;

    @Override
    public Integer call() throws Exception {
        Path fileA = RunSource.runJson(a);
        Path fileB = RunSource.runJson(b);
        RunRecord ra = RunSource.read(fileA);
        RunRecord rb = RunSource.read(fileB);
        if (!ra.host().name().equals(rb.host().name()) || !ra.jdk().id().equals(rb.jdk().id())) {
            throw new IllegalArgumentException("an A/A pair is one JDK on one host; got " + ra.jdk().id() + " on "
                    + ra.host().name() + " and " + rb.jdk().id() + " on " + rb.host().name());
        }
        Path root = RunSource.hostDir(fileA);
        RunToRun estimate = RunToRun.estimate(root.relativize(fileA.toAbsolutePath().normalize()).toString(), ra,
                root.relativize(fileB.toAbsolutePath().normalize()).toString(), rb);
        List<List<String>> rows = new ArrayList<>();
        for (Map.Entry<String, Double> e : estimate.z().entrySet()) {
            rows.add(List.of(e.getKey(), String.format(Locale.ROOT, "%+.2f", e.getValue()),
                    String.format(Locale.ROOT, "%.2f", e.getValue() * e.getValue())));
        }
        System.out.print(ResultsTable.table(List.of("cell", "z", "z²"), rows));
        System.out.printf(Locale.ROOT, "%nrun-to-run factor %.2f from %d cells (median z² %.2f; %.3f if forks told the whole story)%n",
                estimate.factor(), estimate.cells(), estimate.medianSquare(), RunToRun.CHI2_1_MEDIAN);
        if (!dryRun) {
            System.out.println("written to " + estimate.write(root) + "; diff widens the intervals of two runs on "
                    + ra.host().name() + " by it");
        }
        return LoomLab.OK;
    }
}
