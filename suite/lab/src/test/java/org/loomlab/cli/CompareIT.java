package org.loomlab.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.loomlab.record.RecordJson;
import org.loomlab.record.RecordSchema;
import tools.jackson.databind.JsonNode;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A user's own JMH project measured on the lab's machinery: examples/jmh-hello is built as any JMH project is, and its
 * plain benchmarks jar (no catalogue, only JMH's own benchmark list) is compared with itself, the host's JDK against
 * itself in two lanes (an A/A), through {@code loom-lab compare}; the end's sentences must say what the diff's rows say.
 */
class CompareIT {

    @TempDir
    Path tmp;

    @Test
    void anOwnJmhJarIsComparedOnTheHostsJdkInTwoLanesAndEndsInSentencesTheDiffBacks() throws Exception {
        Path project = LabProcess.HOME.resolve("examples/jmh-hello");
        LabProcess.Result jdk = LabProcess.command(tmp.resolve("find-jdk"), 30, Map.of(),
                List.of(LabProcess.HOME.resolve("bin/find-jdk").toString()));
        assertThat(jdk.exitCode()).as(jdk.stderr()).isZero();
        String home = jdk.stdout().strip();
        LabProcess.Result build = LabProcess.command(tmp.resolve("build"), 300, Map.of("JAVA_HOME", home),
                List.of(LabProcess.HOME.resolve("suite/mvnw").toString(), "-B", "-ntp", "-q", "-f",
                        project.resolve("pom.xml").toString(), "package", "-DskipTests"));
        assertThat(build.exitCode()).as(build.stdout() + build.stderr()).isZero();
        Path jar = project.resolve("target/benchmarks.jar");

        Path results = tmp.resolve("results");
        LabProcess.Result r = LabProcess.run(tmp.resolve("compare"), 300, "compare", home, home,
                "--benchmarks", jar.toString(), "--profile", "smoke", "--precision", "1%", "--max-forks", "3",
                "--budget", "20s", "--results", results.toString(), "--run-id", "compare-it", "--turn-seed", "5");
        assertThat(r.exitCode()).as(r.stdout() + r.stderr()).isZero();

        // Before it starts: what it compares and how long it takes; the cells are the jar's benchmarks times its @Param.
        Matcher eta = Pattern.compile("loom-lab compare: (\\S+)-b against \\1-a, 4 cells in 2 lanes taking turns, profile "
                + "smoke: ETA \\S+ to \\S+ \\(1 to 3 rounds a cell").matcher(r.stdout());
        assertThat(eta.find()).as(r.stdout()).isTrue();
        String a = eta.group(1) + "-a";
        String b = eta.group(1) + "-b";
        assertThat(r.stdout().indexOf("loom-lab compare:")).isLessThan(r.stdout().indexOf("[ 1/8]"));

        String host;
        try (Stream<Path> hosts = Files.list(results)) {
            host = hosts.findFirst().orElseThrow().getFileName().toString();
        }
        Path runA = results.resolve(host).resolve(a).resolve("compare-it/run.json");
        Path runB = results.resolve(host).resolve(b).resolve("compare-it/run.json");
        for (Path run : List.of(runA, runB)) {
            assertThat(RecordSchema.violations(run)).isEmpty();
            JsonNode record = RecordJson.mapper().readTree(run.toFile());
            assertThat(record.get("status").asString()).isEqualTo("complete");
            assertThat(record.get("results").findValuesAsString("experiment").stream().distinct())
                    .containsExactlyInAnyOrder("HelloBenchmark.sum", "HelloBenchmark.sort");
            assertThat(record.get("results").findValuesAsString("size").stream().distinct())
                    .containsExactlyInAnyOrder("1000", "10000");
        }

        // The end: per experiment, sentences whose cells add up to the experiment's rows in the diff, verdict by verdict.
        Path diffJson = runB.resolveSibling("diff-vs-" + a + ".json");
        JsonNode diff = RecordJson.mapper().readTree(diffJson.toFile());
        String end = r.stdout().substring(r.stdout().lastIndexOf("\ncompare:\n"));
        for (String experiment : List.of("HelloBenchmark.sum", "HelloBenchmark.sort")) {
            Map<String, Integer> verdicts = new HashMap<>();
            for (JsonNode row : diff.get("rows")) {
                if (row.get("experiment").asString().equals(experiment) && row.get("metric").asString().equals("avgt")) {
                    String v = row.path("verdict").isNull() || row.path("verdict").isMissingNode() ? "open" : row.get("verdict").asString();
                    verdicts.merge(v.equals("inconclusive") ? "open" : v, 1, Integer::sum);
                }
            }
            assertThat(verdicts.values().stream().mapToInt(Integer::intValue).sum()).as(experiment).isEqualTo(2);
            int faster = count(end, "(?m)^(" + Pattern.quote(a) + "|" + Pattern.quote(b) + ") ran " + Pattern.quote(experiment)
                    + " size=\\d+ [0-9.]+ \\[[0-9.]+, [0-9.]+\\] times as fast as (" + Pattern.quote(a) + "|" + Pattern.quote(b) + ")\\.$");
            assertThat(faster).as(end).isEqualTo(verdicts.getOrDefault("faster", 0) + verdicts.getOrDefault("slower", 0));
            String line = end.lines().filter(l -> l.startsWith(experiment + ": ")).findFirst().orElse("");
            int same = line.matches(".*in (its|the other) cell\\b.*") ? 1
                    : number(line, "no change larger than ±2 % in (?:its |the other )?(\\d+) cells");
            assertThat(same).as(line).isEqualTo(verdicts.getOrDefault("same", 0));
            assertThat(number(line, "(\\d+) cells? could not tell")).as(line).isEqualTo(verdicts.getOrDefault("open", 0));
        }
        assertThat(end).contains("(times as fast: for a time per operation, the slower JDK's time over the faster's)")
                .contains("diff: " + runB.resolveSibling("diff-vs-" + a + ".md"));
        assertThat(runB.resolveSibling("diff-vs-" + a + ".md")).exists();

        // The records of a jar of one's own read as any run's: diff, report and exports.
        LabProcess.Result diffed = LabProcess.run(tmp.resolve("diff"), 60, "diff", runA.toString(), runB.toString());
        assertThat(diffed.exitCode()).as(diffed.stderr()).isZero();
        assertThat(diffed.stdout()).contains("### HelloBenchmark.sum").contains("### HelloBenchmark.sort");
        LabProcess.Result report = LabProcess.run(tmp.resolve("report"), 60, "report", runB.toString());
        assertThat(report.exitCode()).as(report.stderr()).isZero();
        Path page = Path.of(report.stdout().lines().filter(l -> l.startsWith("report: ")).findFirst().orElseThrow()
                .substring("report: ".length()));
        assertThat(page).content().contains("HelloBenchmark.sort");
        assertThat(runB.resolveSibling("cells.csv")).content().contains("HelloBenchmark.sum");
    }

    private static int count(String text, String regex) {
        return (int) Pattern.compile(regex).matcher(text).results().count();
    }

    private static int number(String text, String regex) {
        Matcher m = Pattern.compile(regex).matcher(text);
        return m.find() ? Integer.parseInt(m.group(1)) : 0;
    }
}
