package org.loomlab.cli;

import org.loomlab.record.RecordJson;
import org.loomlab.record.RunRecord;
import org.loomlab.report.RunExports;
import org.loomlab.report.SampleExport;
import org.loomlab.report.TrackerExport;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

/**
 * Writes one run for other tools: its samples for benchstat or as CSV, its cells as CSV, its JMH results merged, or
 * its cells for a continuous-benchmarking tool (github-action-benchmark, Bencher), every lane of a lanes run.
 */
@Command(name = "export", header = "Write a run for other tools: samples (benchstat, csv), cells (CSV), JMH's results merged (jmh), "
        + "or a continuous-benchmarking tool's JSON (github-action-benchmark, bencher).",
        description = "RUN is a run.json or a run directory. benchstat: one line per sample of the cells that ended ok, "
                + "times in sec/op, so that 'benchstat a.txt b.txt' cross-checks a diff (it treats every sample as "
                + "independent; loom-lab diff compares JVM forks). csv: one row per sample with its fork. cells: one row "
                + "per cell and metric, every axis a column, with its interval, forks and status (loom-lab run writes it as "
                + "cells.csv). jmh: every cell's JMH result objects in one JSON array, one run for jmh-visualizer (loom-lab "
                + "run writes it gzipped as jmh-merged.json.gz; it merges the run's raw per-fork files, and where they are absent, "
                + "as in a clone, which has none, it says so and exports the JSON the run wrote, uncompressed, from its "
                + "jmh-merged.json.gz or an older run's jmh-merged.json). github-action-benchmark: "
                + TrackerExport.BIGGER_FILE + " and " + TrackerExport.SMALLER_FILE + " (its customBiggerIsBetter and "
                + "customSmallerIsBetter tools), bencher: " + TrackerExport.BENCHER_FILE + " (Bencher Metric Format): one "
                + "entry per cell and metric that ended ok, scenario cells too, named with host, JDK and architecture, with "
                + "the interval (range '± x', lower_value/upper_value); written into --out-dir. A lanes run is exported "
                + "with every lane: give each lane's run.json, or one, and the others are found beside it "
                + "(results/<host>/<lane>/<run>/).")
final class ExportCommand implements Callable<Integer> {

    /** What {@code --format} chooses. */
    enum Format {
        BENCHSTAT, CSV, CELLS, JMH, GITHUB_ACTION_BENCHMARK, BENCHER;

        boolean tracker() {
            return this == GITHUB_ACTION_BENCHMARK || this == BENCHER;
        }
    }

    @Parameters(index = "0..*", arity = "1..*", paramLabel = "RUN",
            description = "the run to export (run.json or its directory); github-action-benchmark and bencher take each lane of a lanes run")
    List<Path> runs;

    @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "benchstat",
            description = "benchstat, csv, cells, jmh, github-action-benchmark or bencher (default: ${DEFAULT-VALUE})")
    String format;

    @Option(names = "--out-dir", paramLabel = "DIR",
            description = "github-action-benchmark and bencher: the directory their files go to (default: exports/ in the first RUN's directory)")
    Path outDir;

    @Mixin
    TextOutput out;

    @Override
    public Integer call() throws Exception {
        Format as = Choice.of(Format.class, "--format", format, "format");
        if (as.tracker()) {
            return tracker(as);
        }
        if (runs.size() != 1) {
            throw new IllegalArgumentException("--format " + format + " exports one RUN, not " + runs.size()
                    + "; github-action-benchmark and bencher take several (a run's lanes)");
        }
        if (outDir != null) {
            throw new IllegalArgumentException("--out-dir is for github-action-benchmark and bencher; --format " + format
                    + " writes one file: --out FILE");
        }
        Path run = runs.get(0);
        Path file = RunSource.runJson(run);
        RunRecord record = RunSource.read(file);
        out.write("export", switch (as) {
            case BENCHSTAT -> SampleExport.benchstat(record);
            case CSV -> SampleExport.csv(record);
            case CELLS -> RunExports.cellsCsv(record);
            case JMH -> RunExports.jmhExport(file.toAbsolutePath().getParent(), record, run.toString(),
                    note -> System.err.println("export: " + note));
            case GITHUB_ACTION_BENCHMARK, BENCHER -> throw new IllegalStateException(as.name());
        });
        return LoomLab.OK;
    }

    private int tracker(Format as) throws Exception {
        if (out.file != null) {
            throw new IllegalArgumentException("--format " + format + " writes its files into --out-dir DIR, not --out FILE");
        }
        Map<Path, RunRecord> records = withLanes(runs);
        List<TrackerExport.Entry> entries = TrackerExport.entries(List.copyOf(records.values()),
                note -> System.err.println("export: " + note));
        Path dir = outDir != null ? outDir : records.keySet().iterator().next().getParent().resolve("exports");
        Files.createDirectories(dir);
        Map<String, String> files = new LinkedHashMap<>();
        if (as == Format.GITHUB_ACTION_BENCHMARK) {
            files.put(TrackerExport.BIGGER_FILE, TrackerExport.githubActionBenchmark(entries, true));
            files.put(TrackerExport.SMALLER_FILE, TrackerExport.githubActionBenchmark(entries, false));
        } else {
            files.put(TrackerExport.BENCHER_FILE, TrackerExport.bencher(entries));
        }
        for (Map.Entry<String, String> f : files.entrySet()) {
            RecordJson.writeTextAtomically(dir.resolve(f.getKey()), f.getValue());
            System.err.println("export: " + dir.resolve(f.getKey()));
        }
        return LoomLab.OK;
    }

    /**
     * The records {@code given} names, by run.json, with the lanes each names but not given, found beside it as
     * {@code <host>/<lane>/<run>/run.json}; a lane not there is said on stderr and left out.
     */
    static Map<Path, RunRecord> withLanes(List<Path> given) throws Exception {
        Map<Path, RunRecord> out = new LinkedHashMap<>();
        List<Path> pending = new ArrayList<>();
        for (Path p : given) {
            pending.add(RunSource.runJson(p).toAbsolutePath().normalize());
        }
        for (int i = 0; i < pending.size(); i++) {
            Path file = pending.get(i);
            if (out.containsKey(file)) {
                continue;
            }
            RunRecord record = RunSource.read(file);
            out.put(file, record);
            if (record.lanes() == null) {
                continue;
            }
            Path runDir = file.getParent();
            Path hostDir = runDir.getParent() == null ? null : runDir.getParent().getParent();
            for (String lane : record.lanes().lanes()) {
                if (lane.equals(record.lanes().lane()) || hostDir == null) {
                    continue;
                }
                Path partner = hostDir.resolve(lane).resolve(runDir.getFileName()).resolve("run.json");
                if (Files.isRegularFile(partner)) {
                    if (!pending.contains(partner)) {
                        pending.add(partner);
                    }
                } else if (given.size() == 1) {
                    System.err.println("export: lane " + lane + " of " + record.runId() + " is not at " + partner
                            + "; exporting the lanes that are here");
                }
            }
        }
        return out;
    }
}
