package org.loomlab.cli;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.loomlab.record.RecordJson;
import org.loomlab.record.RecordSchema;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/** Lanes that take turns fork by fork in one run: the real command line, forked, against real JMH forks. */
class LanesIT {

    private static final String JVM = Path.of(System.getProperty("java.home")).toString();

    @TempDir
    Path tmp;

    @Test
    void twoLanesTakeTurnsRoundByRoundAndTheirRatioIsPairedByRound() throws Exception {
        Path results = tmp.resolve("results");
        // A positive control: lane b eats twice as long a meal, so its dinners must come out slower.
        LabProcess.Result r = LabProcess.run(tmp.resolve("log"), 600, "run", "--results", results.toString(),
                "--run-id", "lanes-it", "--budget", "10s", "--run-budget", "none", "--max-forks", "3", "-e", "philosophers",
                "-p", "lock=reentrant", "-p", "threads=virtual", "-p", "workload=active-wait", "-p", "dinner=lab",
                "-p", "philosophers=10", "-p", "meals=100", "-p", "mealtime=16",
                "--lane", "a=" + JVM, "--lane", "b=" + JVM, "--lane-params", "b=mealtime=32", "--turn-seed", "42");
        assertThat(r.exitCode()).as(r.stdout() + r.stderr()).isZero();
        String host = onlyChild(results);
        Path a = results.resolve(host).resolve("a/lanes-it/run.json");
        Path b = results.resolve(host).resolve("b/lanes-it/run.json");
        for (Path runJson : List.of(a, b)) {
            assertThat(RecordSchema.violations(runJson)).isEmpty();
            JsonNode record = RecordJson.mapper().readTree(runJson.toFile());
            assertThat(record.get("schema").asInt()).isEqualTo(2);
            assertThat(record.at("/lanes/lanes").toString()).isEqualTo("[\"a\",\"b\"]");
            assertThat(record.at("/lanes/seed").asLong()).isEqualTo(42);
            assertThat(record.get("status").asText()).isEqualTo("complete");
            JsonNode plan = RecordJson.mapper().readTree(runJson.resolveSibling("plan.json").toFile());
            assertThat(plan.get("turn_seed").asLong()).isEqualTo(42);
        }
        JsonNode recordB = RecordJson.mapper().readTree(b.toFile());
        assertThat(recordB.at("/lanes/lane").asText()).isEqualTo("b");
        assertThat(recordB.at("/results/0/params/mealtime").asText()).as("lane b's own value is recorded").isEqualTo("32");
        int rounds = recordB.at("/results/0/precision/forks").asInt();
        assertThat(rounds).isBetween(2, 3);
        // Each round forks each lane once, in either order.
        List<String> turns = r.stdout().lines().filter(l -> l.strip().matches("fork \\d+ of [ab]:.*"))
                .map(l -> l.strip().replaceAll(":.*", "")).toList();
        assertThat(turns).hasSize(2 * rounds);
        for (int k = 1; k <= rounds; k++) {
            assertThat(turns.subList(2 * k - 2, 2 * k)).containsExactlyInAnyOrder("fork " + k + " of a", "fork " + k + " of b");
        }
        // The run ends with b against a, paired round by round, written beside b's record.
        JsonNode compared = RecordJson.mapper().readTree(b.resolveSibling("diff-vs-a.json").toFile());
        assertThat(compared.get("paired_by_round").asBoolean()).isTrue();
        assertThat(compared.at("/rows/0/metric").asText()).isEqualTo("avgt");
        assertThat(compared.at("/rows/0/method").asText()).isEqualTo("paired t over per-round log ratios");
        assertThat(compared.at("/rows/0/ratio").asDouble()).isGreaterThan(1.0);
        assertThat(b.resolveSibling("diff-vs-a.md")).content().contains("paired t over the rounds' log ratios");

        // diff of two lanes of one run pairs them too, with no run-to-run allowance.
        Path json = tmp.resolve("diff.json");
        LabProcess.Result diff = LabProcess.run(tmp.resolve("log"), 60, "diff", a.toString(), b.toString(),
                "--ignore", "mealtime", "--json", json.toString());
        assertThat(diff.exitCode()).as(diff.stdout() + diff.stderr()).isZero();
        JsonNode judged = RecordJson.mapper().readTree(json.toFile());
        assertThat(judged.get("paired_by_round").asBoolean()).isTrue();
        assertThat(judged.at("/run_to_run/factor").asDouble()).isEqualTo(1.0);
        assertThat(judged.at("/rows/0/ratio").asDouble()).isEqualTo(compared.at("/rows/0/ratio").asDouble());
    }


    private static String onlyChild(Path dir) throws Exception {
        try (Stream<Path> children = Files.list(dir)) {
            return children.map(p -> p.getFileName().toString()).reduce((x, y) -> {
                throw new AssertionError("more than one host in " + dir + ": " + x + ", " + y);
            }).orElseThrow();
        }
    }
}
