package org.loomlab.cli;

import tools.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.loomlab.record.RecordJson;
import org.loomlab.record.RecordSchema;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A finished lanes run topped up ({@code run --resume --top-up}): the real command line, forked, against real JMH forks.
 * Topped up twice: where it ran, pooling the earlier forks' raw files, then as on a fresh checkout without them.
 */
class TopUpIT {

    private static final String JVM = Path.of(System.getProperty("java.home")).toString();

    @TempDir
    Path tmp;

    @Test
    void aFinishedRunsCellsThatCannotCallTheChangeGetMoreRoundsPooledWithTheirFirst() throws Exception {
        Path results = tmp.resolve("results");
        List<String> lanes = List.of("--lane", "a=" + JVM, "--lane", "b=" + JVM);
        // Two rounds a cell: t(1) at Holm's level can call no 10 % change, so every cell is short of it.
        List<String> first = new ArrayList<>(List.of("run", "--results", results.toString(), "--run-id", "topup-it",
                "--budget", "20s", "--run-budget", "10m", "--max-forks", "2", "--detect", "10%", "--turn-seed", "7",
                "-e", "philosophers", "-p", "lock=reentrant", "-p", "threads=virtual", "-p", "workload=noop",
                "-p", "dinner=lab", "-p", "philosophers=10", "-p", "meals=100"));
        first.addAll(lanes);
        LabProcess.Result ran = LabProcess.run(tmp.resolve("log"), 600, first.toArray(String[]::new));
        assertThat(ran.exitCode()).as(ran.stdout() + ran.stderr()).isZero();
        String host = onlyChild(results);
        Path a = results.resolve(host).resolve("a/topup-it/run.json");
        Path b = results.resolve(host).resolve("b/topup-it/run.json");
        int before = forks(b);
        assertThat(before).isEqualTo(2);

        // Refused in one line, nothing written: a planning flag typed again; some of a cell's latency files missing.
        List<String> again = new ArrayList<>(List.of("run", "--resume", "--run-id", "topup-it", "--results",
                results.toString(), "--top-up", "20s"));
        again.addAll(lanes);
        List<String> retyped = new ArrayList<>(again);
        retyped.addAll(List.of("--max-forks", "9"));
        LabProcess.Result flags = LabProcess.run(tmp.resolve("log"), 120, retyped.toArray(String[]::new));
        assertThat(flags.exitCode()).isEqualTo(LoomLab.USAGE);
        assertThat(flags.stderr().strip()).doesNotContain("\n").contains("leave out --max-forks");
        Path latency;
        try (Stream<Path> files = Files.list(a.resolveSibling("latency"))) {
            latency = files.filter(f -> f.getFileName().toString().startsWith("cell-01-")).findFirst().orElseThrow();
        }
        Path aside = tmp.resolve(latency.getFileName());
        Files.move(latency, aside);
        String recordB = Files.readString(b);
        LabProcess.Result partial = LabProcess.run(tmp.resolve("log"), 120, again.toArray(String[]::new));
        assertThat(partial.exitCode()).isEqualTo(LoomLab.USAGE);
        assertThat(partial.stderr().strip()).doesNotContain("\n").contains("--top-up: 1 of 2 rounds' files ")
                .contains("restore or remove them");
        assertThat(b).hasContent(recordB);
        Files.move(aside, latency);

        LabProcess.Result topped = LabProcess.run(tmp.resolve("log"), 900, again.toArray(String[]::new));
        assertThat(topped.exitCode()).as(topped.stdout() + topped.stderr()).isZero();
        assertThat(topped.stdout()).contains("top-up: 0 of 1 cells can call 10 %", "1 taken cheapest first")
                .contains("of forks shared among the 1 cells").doesNotContain("pooled from the record");
        int after = forks(b);
        assertThat(after).isGreaterThan(before);
        assertThat(forks(a)).isEqualTo(after);
        // The new rounds go on from the old: fork 3 is the first this session ran, one a lane a round.
        List<String> turns = topped.stdout().lines().filter(l -> l.strip().matches("fork \\d+ of [ab]:.*"))
                .map(l -> l.strip().replaceAll(":.*", "")).toList();
        assertThat(turns).hasSize(2 * (after - before));
        for (int k = before + 1; k <= after; k++) {
            int i = 2 * (k - before - 1);
            assertThat(turns.subList(i, i + 2)).containsExactlyInAnyOrder("fork " + k + " of a", "fork " + k + " of b");
        }
        assertThat(a.resolveSibling("jmh").resolve("cell-01").resolve("fork-" + after + ".json")).isRegularFile();
        for (Path runJson : List.of(a, b)) {
            assertThat(RecordSchema.violations(runJson)).isEmpty();
            JsonNode record = RecordJson.mapper().readTree(runJson.toFile());
            assertThat(record.get("status").asString()).isEqualTo("complete");
            // The cell's samples are its first session's forks, then the top-up's.
            assertThat(record.at("/results/0/fork_samples").size()).isEqualTo(after);
            JsonNode sessions = record.at("/lanes/sessions");
            assertThat(sessions.size()).isEqualTo(2);
            assertThat(sessions.at("/0/cells/0/first").asInt()).isEqualTo(1);
            assertThat(sessions.at("/0/cells/0/last").asInt()).isEqualTo(before);
            assertThat(sessions.at("/1/cells/0/first").asInt()).isEqualTo(before + 1);
            assertThat(sessions.at("/1/cells/0/last").asInt()).isEqualTo(after);
        }
        JsonNode compared = RecordJson.mapper().readTree(b.resolveSibling("diff-vs-a.json").toFile());
        assertThat(compared.get("paired_by_round").asBoolean()).isTrue();
        assertThat(compared.at("/rows/0/a_forks").asInt()).isEqualTo(after);

        // A fresh checkout has the records and exports, not the raw files: the record stands in for the earlier rounds.
        List<JsonNode> samplesBefore = new ArrayList<>();
        for (Path runJson : List.of(a, b)) {
            samplesBefore.add(RecordJson.mapper().readTree(runJson.toFile()).at("/results/0/fork_samples"));
            for (String raw : List.of("jmh", "latency", "jfr")) {
                deleteTree(runJson.resolveSibling(raw));
            }
        }
        LabProcess.Result fresh = LabProcess.run(tmp.resolve("log"), 900, again.toArray(String[]::new));
        assertThat(fresh.exitCode()).as(fresh.stdout() + fresh.stderr()).isZero();
        assertThat(fresh.stdout()).contains("the raw fork files of 2 of the 2 lane cells are not here",
                "pooled from the record's fork samples");
        int later = forks(b);
        assertThat(later).isGreaterThan(after);
        assertThat(forks(a)).isEqualTo(later);
        for (int i = 0; i < 2; i++) {
            Path runJson = List.of(a, b).get(i);
            assertThat(RecordSchema.violations(runJson)).isEmpty();
            JsonNode record = RecordJson.mapper().readTree(runJson.toFile());
            JsonNode samples = record.at("/results/0/fork_samples");
            assertThat(samples.size()).isEqualTo(later);
            for (int k = 0; k < after; k++) {
                assertThat(samples.get(k)).isEqualTo(samplesBefore.get(i).get(k));
            }
            assertThat(record.at("/results/0/fork_memory").size()).isEqualTo(later);
            assertThat(record.at("/results/0/message").asString()).contains("percentiles of its first " + after + " rounds");
            assertThat(record.at("/lanes/sessions").size()).isEqualTo(3);
            // The merged JMH export keeps the earlier rounds' results from the one written before, then the new ones'.
            try (var in = new java.util.zip.GZIPInputStream(Files.newInputStream(runJson.resolveSibling("jmh-merged.json.gz")))) {
                assertThat(RecordJson.mapper().readTree(in).size()).isEqualTo(later);
            }
        }
    }

    private static void deleteTree(Path dir) throws Exception {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> all = Files.walk(dir)) {
            for (Path p : all.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }

    /** The rounds of the record's first (primary) cell. */
    private static int forks(Path runJson) throws Exception {
        return RecordJson.mapper().readTree(runJson.toFile()).at("/results/0/precision/forks").asInt();
    }

    private static String onlyChild(Path dir) throws Exception {
        try (Stream<Path> children = Files.list(dir)) {
            return children.map(p -> p.getFileName().toString()).reduce((x, y) -> {
                throw new AssertionError("more than one host in " + dir + ": " + x + ", " + y);
            }).orElseThrow();
        }
    }
}
