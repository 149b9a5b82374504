package org.loomlab.report;

import org.loomlab.record.Cell;
import org.loomlab.record.CellStatus;
import org.loomlab.record.RecordJson;
import org.loomlab.record.RunRecord;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Consumer;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;

/**
 * A run's results for other tools, written beside run.json when the run ends: {@value #JMH_MERGED}, every cell's
 * JMH result objects in one JSON array (what jmh-visualizer loads as one run, where the lab keeps a file per cell
 * and fork), gzipped, and {@value #CELLS_CSV}, a row per cell and metric with every axis its own column, for a
 * spreadsheet. Pitfalls it guards against: scenario cells have no JMH result and a fork killed mid-write leaves a file
 * that is not one, so only arrays of JMH result objects are merged; cells that did not end ok keep their row, with
 * their status and empty numbers, so that the CSV does not read as a complete matrix when it is not; JMH's JSON is
 * most of what git keeps of a run (0.84 MB of the 1.6 MB of a quick run), so it is kept verbatim but compressed (to
 * about 8 %), and runs committed before that keep their plain {@value #JMH_MERGED_PLAIN}, which every reader reads.
 */
public final class RunExports {

    /** The merged JMH JSON as gzip: {@code gunzip} gives back exactly the text {@link #jmhJson} returns. */
    public static final String JMH_MERGED = "jmh-merged.json.gz";

    /** The flag that tells a fork's JVM which file its cell goes to. */
    private static final String CELL_FLAG = "-Dloomlab.cell=";

    /** The same JSON uncompressed, as runs wrote it before (docs/NOTES.md); their committed files stay as they are. */
    public static final String JMH_MERGED_PLAIN = "jmh-merged.json";
    public static final String CELLS_CSV = "cells.csv";

    private RunExports() {
    }

    /** Writes both files into {@code runDir}; returns what it wrote, for a line of the run's output. */
    public static String write(Path runDir, RunRecord run) throws IOException {
        ArrayNode jmh = jmhMerged(runDir, run);
        RecordJson.writeBytesAtomically(runDir.resolve(JMH_MERGED), gzip(text(jmh)));
        RecordJson.writeTextAtomically(runDir.resolve(CELLS_CSV), cellsCsv(run));
        return String.format("%s (%d rows), %s (%d JMH results)", runDir.resolve(CELLS_CSV), run.results().size(),
                runDir.resolve(JMH_MERGED), jmh.size());
    }

    /** {@link #jmhMerged} as JSON text: what {@value #JMH_MERGED} holds, gzipped. */
    public static String jmhJson(Path runDir, RunRecord run) throws IOException {
        return text(jmhMerged(runDir, run));
    }

    /**
     * {@link #jmhJson} for {@code loom-lab export}, where the raw files may be missing: a clone has none (git keeps a
     * run's record and exports, not its per-fork files). Without any of them, the {@value #JMH_MERGED} the run wrote
     * when it ended (an older run's {@value #JMH_MERGED_PLAIN}) is the answer, uncompressed, said on {@code note};
     * without that either, a refusal that says why. Some missing (a copy made by hand) is said on {@code note}, and the
     * cells that are here are merged.
     */
    public static String jmhExport(Path runDir, RunRecord run, String name, Consumer<String> note) throws IOException {
        List<String> raw = run.results().stream().filter(c -> c.status() == CellStatus.OK).map(Cell::rawFile)
                .filter(Objects::nonNull).distinct().toList(); // a cell that did not end ok may have left none
        List<String> missing = raw.stream().filter(f -> !Files.exists(runDir.resolve(f))).toList();
        if (!raw.isEmpty() && missing.size() == raw.size()) {
            Optional<Path> merged = mergedFile(runDir);
            if (merged.isPresent()) {
                note.accept("raw per-fork files of " + name + " are not here (they are kept out of git); exporting the "
                        + merged.get().getFileName() + " it wrote when it ran");
                return readMerged(merged.get());
            }
            throw new IllegalArgumentException("raw per-fork files of " + name + " are not here (they are kept out of "
                    + "git), nor its " + JMH_MERGED + " (or " + JMH_MERGED_PLAIN + "): nothing to merge; export it where "
                    + "it ran");
        }
        if (!missing.isEmpty()) {
            note.accept("raw per-fork files of " + missing.size() + " of " + name + "'s " + raw.size()
                    + " cells that ended ok are not here (" + missing.get(0) + (missing.size() > 1 ? ", ..." : "")
                    + "): what they hold is left out");
        }
        return jmhJson(runDir, run);
    }

    /**
     * The merged JMH file a run wrote when it ended: {@value #JMH_MERGED}, else the {@value #JMH_MERGED_PLAIN} of a
     * run made before the export was compressed; empty when it has neither.
     */
    public static Optional<Path> mergedFile(Path runDir) {
        return Stream.of(JMH_MERGED, JMH_MERGED_PLAIN).map(runDir::resolve).filter(Files::isRegularFile).findFirst();
    }

    /** The JSON text of a merged JMH file, either form: gunzipped when its name ends in {@code .gz}, else as it is. */
    public static String readMerged(Path file) throws IOException {
        if (!file.getFileName().toString().endsWith(".gz")) {
            return Files.readString(file);
        }
        try (InputStream in = new GZIPInputStream(Files.newInputStream(file))) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    /** {@code text} as a gzip file's bytes (no name and no time in its header, so equal text gives equal bytes). */
    static byte[] gzip(String text) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (OutputStream out = new GZIPOutputStream(bytes)) {
            out.write(text.getBytes(StandardCharsets.UTF_8));
        }
        return bytes.toByteArray();
    }

    /** The raw file or directory of every cell that has one, each once, in the run's order. */
    static List<String> rawFiles(RunRecord run) {
        Set<String> raw = new LinkedHashSet<>();
        run.results().stream().map(Cell::rawFile).filter(Objects::nonNull).forEach(raw::add);
        return List.copyOf(raw);
    }

    private static String text(ArrayNode jmh) throws IOException {
        return RecordJson.mapper().writerWithDefaultPrettyPrinter().writeValueAsString(jmh) + "\n";
    }

    /**
     * The JMH result objects of every cell, in the run's order, forks in their numeric order. A fork the record counts
     * whose raw file is not here (a run topped up or resumed on a fresh checkout, which has none of the earlier
     * sessions' files) keeps its results from the {@value #JMH_MERGED} the run wrote before, found by the fork file its
     * JVM was told to write ({@code -Dloomlab.cell}).
     */
    public static ArrayNode jmhMerged(Path runDir, RunRecord run) throws IOException {
        ArrayNode merged = RecordJson.mapper().createArrayNode();
        Map<String, List<JsonNode>> before = null;
        // a scenario's metrics share one raw file, a JMH cell's secondaries too
        for (String name : rawFiles(run)) {
            Path raw = runDir.resolve(name);
            if (Files.isRegularFile(raw)) {
                addResults(merged, raw);
                continue;
            }
            TreeMap<Integer, Path> here = forkFiles(raw);
            int recorded = recordedForks(run, name);
            int last = Math.max(recorded, here.isEmpty() ? 0 : here.lastKey());
            for (int k = 1; k <= last; k++) {
                if (here.containsKey(k)) {
                    addResults(merged, here.get(k));
                } else if (k <= recorded) {
                    before = before == null ? writtenBefore(runDir) : before;
                    before.getOrDefault(name + "/fork-" + k + ".json", List.of()).forEach(merged::add);
                }
            }
        }
        return merged;
    }

    private static void addResults(ArrayNode merged, Path file) {
        JsonNode tree;
        try {
            tree = RecordJson.mapper().readTree(file.toFile());
        } catch (JacksonException notJson) {
            return; // a fork killed while JMH wrote its result; the record says how that cell ended
        }
        if (tree != null && tree.isArray()) {
            tree.forEach(result -> {
                if (result.has("benchmark") && result.has("primaryMetric")) {
                    merged.add(result);
                }
            });
        }
    }

    /** The most forks a cell of raw file {@code name} counts in its record. */
    private static int recordedForks(RunRecord run, String name) {
        return run.results().stream().filter(c -> name.equals(c.rawFile()) && c.precision() != null)
                .mapToInt(c -> c.precision().forks()).max().orElse(0);
    }

    /** The results of the merged file the run wrote before, by the fork file each came from ({@code jmh/cell-07/fork-2.json}). */
    private static Map<String, List<JsonNode>> writtenBefore(Path runDir) throws IOException {
        Map<String, List<JsonNode>> out = new LinkedHashMap<>();
        Optional<Path> file = mergedFile(runDir);
        if (file.isEmpty()) {
            return out;
        }
        JsonNode all = RecordJson.mapper().readTree(readMerged(file.get()));
        for (JsonNode result : all) {
            for (JsonNode arg : result.path("jvmArgs")) {
                String a = arg.asString();
                if (a.startsWith(CELL_FLAG)) {
                    Path fork = Path.of(a.substring(CELL_FLAG.length()));
                    int n = fork.getNameCount();
                    if (n >= 3) {
                        out.computeIfAbsent(fork.subpath(n - 3, n).toString().replace('\\', '/'), k -> new ArrayList<>())
                                .add(result);
                    }
                }
            }
        }
        return out;
    }

    /** A cell directory's {@code fork-N.json} files by N; none when it is not here. */
    private static TreeMap<Integer, Path> forkFiles(Path raw) throws IOException {
        TreeMap<Integer, Path> out = new TreeMap<>();
        if (!Files.isDirectory(raw)) {
            return out;
        }
        try (Stream<Path> files = Files.list(raw)) {
            files.filter(f -> f.getFileName().toString().matches("fork-\\d+\\.json"))
                    .forEach(f -> out.put(Integer.parseInt(f.getFileName().toString().replaceAll("\\D", "")), f));
        }
        return out;
    }

    /**
     * A row per cell and metric: experiment, each axis, metric, unit, score, interval, relative half-width, forks
     * and status. The interval is the recorded one, else score ± error (older records); numbers are plain decimals.
     */
    public static String cellsCsv(RunRecord run) {
        Set<String> axes = new LinkedHashSet<>();
        run.results().forEach(c -> axes.addAll(c.params().keySet()));
        List<String> header = new ArrayList<>(List.of("experiment"));
        header.addAll(axes);
        header.addAll(List.of("metric", "unit", "score", "ci_low", "ci_high", "relative_half_width", "forks", "status"));
        StringBuilder out = new StringBuilder(String.join(",", header.stream().map(SampleExport::quote).toList())).append('\n');
        for (Cell c : run.results()) {
            Double low = c.ciLow() != null ? c.ciLow() : c.score() != null && c.error() != null ? c.score() - c.error() : null;
            Double high = c.ciHigh() != null ? c.ciHigh() : c.score() != null && c.error() != null ? c.score() + c.error() : null;
            Double width = c.precision() != null && c.precision().relativeHalfWidth() != null ? c.precision().relativeHalfWidth()
                    : low != null && high != null && c.score() != 0 ? (high - low) / 2 / c.score() : null;
            int forks = c.precision() != null ? c.precision().forks() : c.forks().size();
            List<String> row = new ArrayList<>(List.of(c.experiment()));
            axes.forEach(a -> row.add(c.params().getOrDefault(a, "")));
            row.addAll(List.of(c.metric(), c.unit(), plain(c.score()), plain(low), plain(high), plain(width),
                    c.score() == null ? "" : String.valueOf(forks), c.status().label()));
            out.append(String.join(",", row.stream().map(SampleExport::quote).toList())).append('\n');
        }
        return out.toString();
    }

    /** A number as a plain decimal (never {@code 1.0E-4}); empty when missing or not a number. */
    private static String plain(Double v) {
        return v == null || v.isNaN() || v.isInfinite() ? "" : BigDecimal.valueOf(v).stripTrailingZeros().toPlainString();
    }
}
