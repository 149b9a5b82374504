package org.loomlab.report;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.loomlab.record.Cell;
import org.loomlab.record.CellStatus;
import org.loomlab.record.RecordJson;
import org.loomlab.record.RunRecord;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The exports of a sample of a committed run (bench-b; its raw per-fork files are kept out of git): six of its rows, a
 * JMH cell with four of its forks (1, 2, 9 and 10), a timed-out cell, a scenario's three metrics with one fork and a
 * vert.x cell with one fork, under src/test/resources/runs/bench-b-sample.
 */
class RunExportsTest {

    private static final Path RUN = sample();

    @TempDir
    Path tmp;

    @Test
    void mergesEveryForkOfEveryJmhCellInRunOrderAndNothingElse() throws Exception {
        RunRecord run = RecordJson.read(RUN.resolve("run.json"));
        ArrayNode merged = RunExports.jmhMerged(RUN, run);

        int expected = 0;
        try (Stream<Path> files = Files.walk(RUN.resolve("jmh"))) {
            for (Path f : files.filter(f -> f.getFileName().toString().matches("fork-\\d+\\.json")).toList()) {
                expected += RecordJson.mapper().readTree(f.toFile()).size();
            }
        }
        assertThat(expected).isEqualTo(5);
        assertThat(merged).hasSize(expected);
        merged.forEach(r -> assertThat(r.has("benchmark") && r.has("primaryMetric")).isTrue());
        // forks in numeric order: fork-2 follows fork-1, fork-10 follows fork-9
        assertThat(merged.get(0)).isEqualTo(first(RUN.resolve("jmh/cell-01/fork-1.json")));
        assertThat(merged.get(1)).isEqualTo(first(RUN.resolve("jmh/cell-01/fork-2.json")));
        assertThat(merged.get(2)).isEqualTo(first(RUN.resolve("jmh/cell-01/fork-9.json")));
        assertThat(merged.get(3)).isEqualTo(first(RUN.resolve("jmh/cell-01/fork-10.json")));
        // the vert.x philosophers come last, as in the run; no scenario JSON got in
        assertThat(merged.get(merged.size() - 1).get("benchmark").asString()).containsIgnoringCase("vertx");
        assertThat(merged.findValuesAsString("benchmark")).allMatch(b -> b.startsWith("org.loomlab."));
    }

    @Test
    void aForkTheRecordCountsWhoseRawFileIsGoneKeepsItsResultsFromTheMergedFileWrittenBefore() throws Exception {
        // A run topped up on a fresh checkout: the earlier sessions' raw files are gone, the new forks' are here.
        Path run = tmp.resolve("bench-b");
        copyTree(RUN, run);
        RunRecord record = RecordJson.read(run.resolve("run.json"));
        RunExports.write(run, record);
        ArrayNode before = RunExports.jmhMerged(run, record);
        Files.delete(run.resolve("jmh/cell-01/fork-1.json"));
        Files.delete(run.resolve("jmh/cell-01/fork-9.json"));

        assertThat(RunExports.jmhMerged(run, record)).isEqualTo(before);
        // Gone with no merged file written before: left out, not made up.
        Files.delete(run.resolve(RunExports.JMH_MERGED));
        assertThat(RunExports.jmhMerged(run, record)).hasSize(before.size() - 2);
    }

    @Test
    void writesARowPerCellWithEveryAxisItsOwnColumn() throws Exception {
        RunRecord run = RecordJson.read(RUN.resolve("run.json"));
        List<String> lines = RunExports.cellsCsv(run).lines().toList();

        List<String> header = Arrays.asList(lines.get(0).split(","));
        assertThat(header.get(0)).isEqualTo("experiment");
        assertThat(header).contains("threads", "lock", "workload", "executor", "users", "variant")
                .endsWith("metric", "unit", "score", "ci_low", "ci_high", "relative_half_width", "forks", "status");
        assertThat(lines).hasSize(run.results().size() + 1);
        for (int i = 0; i < run.results().size(); i++) {
            Cell c = run.results().get(i);
            List<String> row = Arrays.asList(lines.get(i + 1).split(",", -1));
            assertThat(row).hasSameSizeAs(header);
            assertThat(row.get(0)).isEqualTo(c.experiment());
            assertThat(row.get(header.indexOf("threads"))).isEqualTo(c.params().getOrDefault("threads", ""));
            assertThat(row.get(header.indexOf("status"))).isEqualTo(c.status().label());
            if (c.status() == CellStatus.OK) {
                assertThat(Double.parseDouble(row.get(header.indexOf("score")))).isEqualTo(c.score());
            }
            if (c.ciLow() != null) {
                assertThat(Double.parseDouble(row.get(header.indexOf("ci_low")))).isEqualTo(c.ciLow());
                assertThat(Double.parseDouble(row.get(header.indexOf("ci_high")))).isEqualTo(c.ciHigh());
            }
            if (c.precision() != null && c.precision().relativeHalfWidth() != null) {
                assertThat(Double.parseDouble(row.get(header.indexOf("relative_half_width"))))
                        .isEqualTo(c.precision().relativeHalfWidth());
                assertThat(Integer.parseInt(row.get(header.indexOf("forks")))).isEqualTo(c.precision().forks());
            }
        }
        assertThat(lines).anyMatch(l -> l.endsWith(",timeout"));
        assertThat(lines).noneMatch(l -> l.contains("E-") || l.contains("E+") || l.contains("NaN"));
    }

    @Test
    void writesBothFilesIntoTheRunDirectory() throws Exception {
        RunRecord run = RecordJson.read(RUN.resolve("run.json"));
        Path copy = tmp.resolve("bench-b");
        copyTree(RUN.resolve("jmh"), copy.resolve("jmh"));
        String said = RunExports.write(copy, run);
        assertThat(said).contains("cells.csv (6 rows)").contains("jmh-merged.json.gz (");
        // JMH's JSON verbatim, gzipped: gunzip gives back the very text, and nothing plain is written beside it
        Path gz = copy.resolve(RunExports.JMH_MERGED);
        try (InputStream in = new GZIPInputStream(Files.newInputStream(gz))) {
            assertThat(new String(in.readAllBytes(), StandardCharsets.UTF_8)).isEqualTo(RunExports.jmhJson(RUN, run));
        }
        assertThat(copy.resolve(RunExports.JMH_MERGED_PLAIN)).doesNotExist();
        JsonNode json = RecordJson.mapper().readTree(RunExports.readMerged(gz));
        assertThat(json.isArray()).isTrue();
        assertThat(json).hasSize(RunExports.jmhMerged(RUN, run).size());
        assertThat(Files.size(gz)).isLessThan(RunExports.jmhJson(RUN, run).length() / 4);
        // the same run gives the same bytes (no time in the gzip header), so rewriting it leaves git nothing to add
        byte[] once = Files.readAllBytes(gz);
        RunExports.write(copy, run);
        assertThat(Files.readAllBytes(gz)).isEqualTo(once);
        assertThat(Files.readString(copy.resolve(RunExports.CELLS_CSV))).isEqualTo(RunExports.cellsCsv(run));
    }

    /** A clone has no raw files: the export says so and gives the JSON the run wrote, uncompressed and unchanged. */
    @Test
    void exportsTheRunsOwnMergedFileWhenItsRawFilesAreNotHere() throws Exception {
        RunRecord run = RecordJson.read(RUN.resolve("run.json"));
        Path clone = Files.createDirectories(tmp.resolve("bench-b"));
        Files.write(clone.resolve(RunExports.JMH_MERGED), RunExports.gzip(RunExports.jmhJson(RUN, run)));
        List<String> notes = new ArrayList<>();

        String json = RunExports.jmhExport(clone, run, "bench-b", notes::add);

        assertThat(json).isEqualTo(RunExports.jmhJson(RUN, run));
        assertThat(notes).containsExactly("raw per-fork files of bench-b are not here (they are kept out of git); "
                + "exporting the jmh-merged.json.gz it wrote when it ran");
    }

    /** A run committed before the export was gzipped keeps its plain jmh-merged.json, and the export still reads it. */
    @Test
    void exportsAnOlderRunsPlainMergedFileWhenItHasNoGzippedOne() throws Exception {
        RunRecord run = RecordJson.read(RUN.resolve("run.json"));
        Path clone = Files.createDirectories(tmp.resolve("bench-b"));
        Files.writeString(clone.resolve(RunExports.JMH_MERGED_PLAIN), RunExports.jmhJson(RUN, run));
        List<String> notes = new ArrayList<>();

        String json = RunExports.jmhExport(clone, run, "bench-b", notes::add);

        assertThat(json).isEqualTo(RunExports.jmhJson(RUN, run));
        assertThat(notes).containsExactly("raw per-fork files of bench-b are not here (they are kept out of git); "
                + "exporting the jmh-merged.json it wrote when it ran");
        assertThat(RunExports.mergedFile(clone)).contains(clone.resolve("jmh-merged.json"));
    }

    @Test
    void refusesWithAReasonWhenNeitherItsRawFilesNorItsMergedFileAreHere() throws Exception {
        RunRecord run = RecordJson.read(RUN.resolve("run.json"));
        Path clone = Files.createDirectories(tmp.resolve("bench-b"));

        assertThatThrownBy(() -> RunExports.jmhExport(clone, run, "bench-b", n -> { }))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("raw per-fork files of bench-b are not here (they are kept out of git), nor its "
                        + "jmh-merged.json.gz (or jmh-merged.json): nothing to merge; export it where it ran");
    }

    @Test
    void mergesTheCellsThatAreHereAndSaysWhichAreNot() throws Exception {
        RunRecord run = RecordJson.read(RUN.resolve("run.json"));
        Path copy = tmp.resolve("bench-b");
        copyTree(RUN.resolve("jmh/cell-01"), copy.resolve("jmh/cell-01"));
        List<String> notes = new ArrayList<>();

        String json = RunExports.jmhExport(copy, run, "bench-b", notes::add);

        assertThat(RecordJson.mapper().readTree(json)).hasSize(4);
        assertThat(notes).containsExactly("raw per-fork files of 2 of bench-b's 3 cells that ended ok are not here "
                + "(scenarios/cell-31, ...): what they hold is left out");
        assertThat(RunExports.jmhExport(RUN, run, "bench-b", notes::add)).isEqualTo(RunExports.jmhJson(RUN, run));
        assertThat(notes).hasSize(1);
    }

    private static Path sample() {
        try {
            return Path.of(RunExportsTest.class.getResource("/runs/bench-b-sample/run.json").toURI()).getParent();
        } catch (java.net.URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    private static JsonNode first(Path file) throws Exception {
        return RecordJson.mapper().readTree(file.toFile()).get(0);
    }

    private static void copyTree(Path from, Path to) throws Exception {
        List<Path> all;
        try (Stream<Path> files = Files.walk(from)) {
            all = new ArrayList<>(files.toList());
        }
        for (Path p : all) {
            Path target = to.resolve(from.relativize(p).toString());
            if (Files.isDirectory(p)) {
                Files.createDirectories(target);
            } else {
                Files.copy(p, target);
            }
        }
    }
}
