package org.loomlab.cli;

import org.loomlab.record.RunRecord;
import org.loomlab.report.RunExports;
import org.loomlab.report.SampleExport;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.nio.file.Path;
import java.util.concurrent.Callable;

/** Writes one run for other tools: its samples for benchstat or as CSV, its cells as CSV, or its JMH results merged. */
@Command(name = "export", header = "Write a run for other tools: samples (benchstat, csv), cells (CSV) or JMH's results merged (jmh).",
        description = "RUN is a run.json or a run directory. benchstat: one line per sample of the cells that ended ok, "
                + "times in sec/op, so that 'benchstat a.txt b.txt' cross-checks a diff (it treats every sample as "
                + "independent; loom-lab diff compares JVM forks). csv: one row per sample with its fork. cells: one row "
                + "per cell and metric, every axis a column, with its interval, forks and status (loom-lab run writes it as "
                + "cells.csv). jmh: every cell's JMH result objects in one JSON array, one run for jmh-visualizer (loom-lab "
                + "run writes it gzipped as jmh-merged.json.gz; it merges the run's raw per-fork files, and where they are absent, "
                + "as in a clone, which has none, it says so and exports the JSON the run wrote, uncompressed, from its "
                + "jmh-merged.json.gz or an older run's jmh-merged.json).")
final class ExportCommand implements Callable<Integer> {

    /** What {@code --format} chooses. */
    enum Format { BENCHSTAT, CSV, CELLS, JMH }

    @Parameters(index = "0", paramLabel = "RUN", description = "the run to export (run.json or its directory)")
    Path run;

    @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "benchstat",
            description = "benchstat, csv, cells or jmh (default: ${DEFAULT-VALUE})")
    String format;

    @Mixin
    TextOutput out;

    @Override
    public Integer call() throws Exception {
        Format as = Choice.of(Format.class, "--format", format, "format");
        Path file = RunSource.runJson(run);
        RunRecord record = RunSource.read(file);
        out.write("export", switch (as) {
            case BENCHSTAT -> SampleExport.benchstat(record);
            case CSV -> SampleExport.csv(record);
            case CELLS -> RunExports.cellsCsv(record);
            case JMH -> RunExports.jmhExport(file.toAbsolutePath().getParent(), record, run.toString(),
                    note -> System.err.println("export: " + note));
        });
        return LoomLab.OK;
    }
}
