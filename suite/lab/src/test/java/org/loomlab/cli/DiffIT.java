package org.loomlab.cli;

import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;
import org.loomlab.record.Cell;
import org.loomlab.record.RecordJson;
import org.loomlab.compare.Ratio;
import org.loomlab.record.CellStatus;
import org.loomlab.record.RunRecord;
import org.apache.commons.statistics.inference.DataDispersion;
import org.apache.commons.statistics.inference.TTest;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/** The real {@code loom-lab diff} in its own JVM, over two committed run records of the quick profile. */
class DiffIT {

    private static final Path JDK21 = LabProcess.HOME.resolve("results/vm/openjdk-21/quick-4jdks");
    private static final Path JDK25 = LabProcess.HOME.resolve("results/vm/openjdk-25/quick-4jdks/run.json");

    @TempDir
    Path tmp;

    @Test
    void judgesEveryCellOfTwoRealRunsAndGatesOnWorse() throws Exception {
        Path json = tmp.resolve("out/diff.json");
        LabProcess.Result r = LabProcess.run(tmp.resolve("log"), 120, "diff", "--confidence", "0.9",
                "--json", json.toString(), JDK21.toString(), JDK25.toString());
        assertThat(r.exitCode()).isEqualTo(LoomLab.OK);
        assertThat(r.stdout()).contains("A (baseline): openjdk-21 21.").contains("B:            openjdk-25 25.")
                .contains("### pinning-probe");

        JsonNode diff = RecordJson.mapper().readTree(json.toFile());
        JsonNode a = RecordJson.mapper().readTree(JDK21.resolve("run.json").toFile());
        Set<String> keys = new HashSet<>();
        a.get("results").forEach(c -> keys.add(c.get("experiment") + "" + c.get("params") + c.get("metric")));
        assertThat(diff.get("rows")).hasSize(keys.size());
        assertThat(diff.get("confidence").asDouble()).isEqualTo(0.9);
        // Every compared row's interval holds its estimate, and a verdict beyond the band matches its interval.
        for (JsonNode row : diff.get("rows")) {
            if (row.get("ratio").isNull() || row.get("ci_low").isNull()) {
                continue;
            }
            double ratio = row.get("ratio").asDouble();
            assertThat(ratio).isBetween(row.get("ci_low").asDouble(), row.get("ci_high").asDouble());
            String verdict = row.get("verdict").asString();
            if (List.of("faster", "slower", "less", "more").contains(verdict)) {
                assertThat(row.get("ci_low").asDouble() > 1.02 || row.get("ci_high").asDouble() < 0.98)
                        .as("interval of a %s row", verdict).isTrue();
            }
        }
        long worse = Stream.of("slower", "more").mapToLong(v -> diff.get("rows").findValuesAsString("verdict").stream()
                .filter(v::equals).count()).sum();
        assertThat(r.stdout()).contains(diff.get("rows").size() + " cells: ");

        LabProcess.Result gated = LabProcess.run(tmp.resolve("log2"), 120, "diff", "--confidence", "0.9",
                "--fail-on-worse", "--changed", JDK21.toString(), JDK25.toString());
        assertThat(gated.exitCode()).isEqualTo(worse > 0 ? LoomLab.FAILED : LoomLab.OK);
        assertThat(gated.stdout()).doesNotContain("| same ").doesNotContain("| inconclusive ");
    }

    @ParameterizedTest
    @CsvSource(delimiter = ';', value = {
            "--confidence 1.5;   --confidence '1.5' is out of range; valid: a number between 0 and 1",
            "--confidence high;  --confidence 'high' is not a number; valid: a number between 0 and 1",
            "--noise 2pc;        --noise '2pc' is not a number; valid: a percentage or fraction, e.g. 2% or 0.02",
            "--noise 150%;       --noise '150%' is out of range; valid: 0% to below 100%",
            "--adjust bonferroni; --adjust 'bonferroni' is not a method; valid: holm, bh, none",
            "--format html;      --format 'html' is not a format; valid: markdown, benchstat",
            "--run-to-run 0.5;   --run-to-run '0.5' is not valid; valid: auto or a number of 1 or more"})
    void rejectsBadOptionsWithOneLineAndWritesNothing(String args, String expected) throws Exception {
        Path json = tmp.resolve("diff.json");
        String[] argv = Stream.concat(Stream.of("diff", "--json", json.toString()), Stream.concat(Stream.of(args.split(" ")),
                Stream.of(JDK21.toString(), JDK25.toString()))).toArray(String[]::new);
        LabProcess.Result r = LabProcess.run(tmp.resolve("log"), 60, argv);
        assertThat(r.exitCode()).isEqualTo(LoomLab.USAGE);
        assertThat(r.stderr().strip()).doesNotContain("\n").contains(expected);
        assertThat(json).doesNotExist();
    }

    /**
     * An A/A pair calibrates its host; a diff between two runs of that host then widens its intervals by the factor,
     * a run against itself does not, and --run-to-run 1 turns it off.
     */
    @Test
    void aCalibratedHostWidensTheIntervalsBetweenItsRuns() throws Exception {
        Path host = tmp.resolve("results/epyc");
        Path a = host.resolve("temurin-25/bench-b");
        Path b = host.resolve("temurin-25/bench-b-aa");
        LabProcess.Result cal = calibrateAaPair(host);
        assertThat(cal.stdout()).containsPattern("run-to-run factor \\d+\\.\\d\\d from \\d+ cells of 1 pair");
        JsonNode written = RecordJson.mapper().readTree(host.resolve("calibration/run-to-run.json").toFile());
        double factor = written.get("factor").asDouble();
        assertThat(factor).isGreaterThan(1);
        assertThat(written.get("runs").get(0).asString()).isEqualTo("temurin-25/bench-b/run.json");

        assertThat(written.get("cell_variance").size()).isGreaterThan(10);
        JsonNode widened = diffJson(a, b, "auto");
        JsonNode given = diffJson(a, b, String.valueOf(factor));
        JsonNode plain = diffJson(a, b, "1");
        assertThat(widened.get("run_to_run").get("factor").asDouble()).isEqualTo(factor);
        assertThat(plain.get("run_to_run").get("factor").asDouble()).isEqualTo(1.0);
        int compared = 0;
        for (int i = 0; i < plain.get("rows").size(); i++) {
            JsonNode p = plain.get("rows").get(i);
            JsonNode w = widened.get("rows").get(i);
            JsonNode g = given.get("rows").get(i);
            if (p.get("method").asString().equals(Ratio.Method.FORKS.label()) && !p.get("ci_low").isNull()
                    && !p.get("metric").asString().equals(Cell.ALLOCATION)) {
                compared++;
                double logHalf = Math.log(p.get("ci_high").asDouble() / p.get("ci_low").asDouble());
                // A factor given by hand widens every time row by itself; the calibration adds each cell's run variance.
                assertThat(Math.log(g.get("ci_high").asDouble() / g.get("ci_low").asDouble()))
                        .isCloseTo(factor * logHalf, within(1e-6 * factor * logHalf + 1e-9));
                assertThat(Math.log(w.get("ci_high").asDouble() / w.get("ci_low").asDouble()))
                        .isGreaterThanOrEqualTo(logHalf * (1 - 1e-9));
                assertThat(w.get("p_value").asDouble()).isGreaterThanOrEqualTo(p.get("p_value").asDouble() * (1 - 1e-9));
            }
        }
        assertThat(compared).isGreaterThan(10);
        assertThat(diffJson(a, a, "auto").get("run_to_run").get("factor").asDouble()).isEqualTo(1.0);
    }

    /** Runs kept deeper than results/<host>/<jdk>/<run>/ (a study's own directory) are still judged with their host's factor. */
    @Test
    void aStudyKeptBelowItsHostFindsTheHostsCalibration() throws Exception {
        Path committed = LabProcess.HOME.resolve("results/vm-epyc-2c-24g");
        Path host = tmp.resolve("results/vm-epyc-2c-24g");
        Files.createDirectories(host.resolve("calibration"));
        Files.copy(committed.resolve("calibration/run-to-run.json"), host.resolve("calibration/run-to-run.json"));
        Path study = host.resolve("a-study/rerun/temurin-25");
        copyAaPair(study);
        double calibrated = RecordJson.mapper().readTree(host.resolve("calibration/run-to-run.json").toFile())
                .get("factor").asDouble();

        JsonNode diff = diffJson(study.resolve("bench-b"), study.resolve("bench-b-aa"), "auto");

        assertThat(calibrated).isGreaterThan(1);
        assertThat(diff.get("run_to_run").get("factor").asDouble()).isEqualTo(calibrated);
    }

    /** A side run under a kernel none of the calibration's runs ran under is warned of; the factor still applies. */
    @Test
    void aSideUnderAKernelTheFactorWasNotFittedOnIsWarnedOf() throws Exception {
        Path host = tmp.resolve("results/epyc");
        Path a = host.resolve("temurin-25/bench-b");
        Path b = host.resolve("temurin-25/bench-b-aa");
        calibrateAaPair(host);
        Path rebooted = Files.createDirectories(host.resolve("temurin-25/after-reboot"));
        ObjectNode record = (ObjectNode)
                RecordJson.mapper().readTree(b.resolve("run.json").toFile());
        String fitted = record.get("host").get("kernel").asString();
        ((ObjectNode) record.get("host")).put("kernel", "6.18.44-fc-v657");
        RecordJson.mapper().writeValue(rebooted.resolve("run.json").toFile(), record);

        LabProcess.Result same = LabProcess.run(tmp.resolve("log"), 120, "diff", a.toString(), b.toString());
        LabProcess.Result across = LabProcess.run(tmp.resolve("log"), 120, "diff", a.toString(), rebooted.toString());

        assertThat(same.exitCode()).as(same.stderr()).isEqualTo(LoomLab.OK);
        assertThat(same.stderr()).doesNotContain("ran under kernel");
        assertThat(across.exitCode()).as(across.stderr()).isEqualTo(LoomLab.OK);
        assertThat(across.stderr()).containsOnlyOnce("diff: B ran under kernel 6.18.44-fc-v657, and the run-to-run factor")
                .contains("was fitted on runs under " + fitted + " only");
        assertThat(across.stdout()).contains("host.kernel: " + fitted + " | 6.18.44-fc-v657");
    }

    /** The committed A/A pair copied under {@code host/temurin-25} and calibrated there by the real CLI; its output. */
    private LabProcess.Result calibrateAaPair(Path host) throws Exception {
        copyAaPair(host.resolve("temurin-25"));
        LabProcess.Result cal = LabProcess.run(tmp.resolve("log"), 120, "calibrate",
                host.resolve("temurin-25/bench-b").toString(), host.resolve("temurin-25/bench-b-aa").toString());
        assertThat(cal.exitCode()).as(cal.stderr()).isEqualTo(LoomLab.OK);
        return cal;
    }

    /** The committed A/A pair bench-b and bench-b-aa (Temurin 25 on the EPYC), as run directories under {@code jdkDir}. */
    private static void copyAaPair(Path jdkDir) throws Exception {
        for (String run : List.of("bench-b", "bench-b-aa")) {
            Path to = Files.createDirectories(jdkDir.resolve(run));
            Files.copy(LabProcess.HOME.resolve("results/vm-epyc-2c-24g/temurin-25").resolve(run).resolve("run.json"),
                    to.resolve("run.json"));
        }
    }

    private JsonNode diffJson(Path a, Path b, String runToRun) throws Exception {
        Path json = tmp.resolve("diff-" + System.nanoTime() + ".json");
        LabProcess.Result r = LabProcess.run(tmp.resolve("log"), 120, "diff", "--run-to-run", runToRun, "--json",
                json.toString(), a.toString(), b.toString());
        assertThat(r.exitCode()).as(r.stderr()).isEqualTo(LoomLab.OK);
        return RecordJson.mapper().readTree(json.toFile());
    }

    @Test
    void aPathThatIsNoRunIsNamed() throws Exception {
        Files.createDirectories(tmp.resolve("empty"));
        LabProcess.Result r = LabProcess.run(tmp.resolve("log"), 60, "diff", tmp.resolve("empty").toString(), JDK25.toString());
        assertThat(r.exitCode()).isEqualTo(LoomLab.USAGE);
        assertThat(r.stderr().strip()).isEqualTo("loom-lab: no run.json in " + tmp.resolve("empty"));
        Files.writeString(tmp.resolve("bogus.json"), "{\"schema\": 1}");
        r = LabProcess.run(tmp.resolve("log"), 60, "diff", JDK25.toString(), tmp.resolve("bogus.json").toString());
        assertThat(r.exitCode()).isEqualTo(LoomLab.USAGE);
        assertThat(r.stderr().strip()).startsWith("loom-lab: " + tmp.resolve("bogus.json") + " is not a valid run record: ");
    }

    private static final Path TEMURIN = LabProcess.HOME.resolve("results/vm-epyc-2c-24g/temurin-25");

    /**
     * Six committed runs of Temurin 25 on one host, three a side: runs are the unit. Each row over runs is
     * exp(mean log B - mean log A) of the runs' values (each the mean of its forks' log means), with Commons
     * Statistics' Welch test on those values; cells that fewer than two runs a side measured fall back to their forks.
     */
    @Test
    void repeatedRunsASideAreComparedWithTheRunAsTheUnit() throws Exception {
        List<String> a = List.of("bench-g", "bench-h", "bench-i");
        List<String> b = List.of("bench-j", "bench-k", "bench-l");
        Path json = tmp.resolve("runs.json");
        List<String> argv = new java.util.ArrayList<>(List.of("diff", "--json", json.toString()));
        a.forEach(r -> argv.add(TEMURIN.resolve(r).toString()));
        argv.add("--vs");
        b.forEach(r -> argv.add(TEMURIN.resolve(r).toString()));
        LabProcess.Result r = LabProcess.run(tmp.resolve("log"), 120, argv.toArray(String[]::new));

        assertThat(r.exitCode()).as(r.stderr()).isEqualTo(LoomLab.OK);
        assertThat(r.stdout()).contains("A (baseline), 3 runs:\n- temurin-25 ").contains("B, 3 runs:")
                .contains("Runs are the unit: 3 runs of A, 3 of B.").contains("rows that fall back: ");
        JsonNode diff = RecordJson.mapper().readTree(json.toFile());
        assertThat(diff.get("a_runs")).hasSize(3);
        assertThat(diff.get("b_runs").get(2).get("run_id").asString()).isEqualTo("bench-l");
        List<RunRecord> ra = records(a);
        List<RunRecord> rb = records(b);
        int overRuns = 0;
        for (JsonNode row : diff.get("rows")) {
            // Rows whose every sample is one number (error counts of 0) are "same" without a ratio to compute.
            if (!row.get("method").isString() || !row.get("method").asString().equals(Ratio.Method.RUNS.label())
                    || row.get("note").asString().contains("identical samples")) {
                continue;
            }
            overRuns++;
            assertThat(row.get("a_runs").asInt()).isGreaterThanOrEqualTo(2);
            assertThat(row.get("b_runs").asInt()).isGreaterThanOrEqualTo(2);
            double[] la = runValues(ra, row);
            double[] lb = runValues(rb, row);
            assertThat(la).hasSize(row.get("a_runs").asInt());
            double shift = Arrays.stream(lb).average().orElseThrow() - Arrays.stream(la).average().orElseThrow();
            assertThat(row.get("ratio").asDouble()).isCloseTo(Math.exp(shift), within(1e-9 * Math.exp(shift)));
            TTest.Result welch = TTest.withDefaults().with(DataDispersion.HETEROSCEDASTIC).test(lb, la);
            assertThat(row.get("p_value").asDouble()).isCloseTo(welch.getPValue(), within(1e-9));
        }
        assertThat(overRuns).isGreaterThan(100);
        // The cells only bench-k and -l have (new in them) are in B alone; rows where a side has one run say so.
        assertThat(diff.get("rows").findValuesAsString("note")).anySatisfy(n -> assertThat(n).contains("only in B"));
        // An A/A: the same JDK, host and kernel all six times, and no row is called faster, slower, less or more.
        assertThat(diff.get("rows").findValuesAsString("verdict")).doesNotContain("faster", "slower", "less", "more");
    }

    @ParameterizedTest
    @CsvSource(delimiter = ';', value = {
            "A B C;              diff takes two runs, A and B, not 3; for repeated runs a side: diff A1 A2 ... --vs B1 B2 ...",
            "A B --vs C --between mealtime=16:16.8; --between compares two slices of runs, --vs two sides of repeated runs",
            "A A --vs B;         is named twice; each run counts once"})
    void badRunListsAreOneLineErrors(String args, String expected) throws Exception {
        String[] argv = Stream.concat(Stream.of("diff"), Stream.of(args.split(" ")).map(w -> switch (w) {
            case "A" -> TEMURIN.resolve("bench-g").toString();
            case "B" -> TEMURIN.resolve("bench-h").toString();
            case "C" -> TEMURIN.resolve("bench-i").toString();
            default -> w;
        })).toArray(String[]::new);
        LabProcess.Result r = LabProcess.run(tmp.resolve("log"), 60, argv);
        assertThat(r.exitCode()).isEqualTo(LoomLab.USAGE);
        assertThat(r.stderr().strip()).doesNotContain("\n").contains(expected);
    }

    private static List<RunRecord> records(List<String> runs) throws Exception {
        List<RunRecord> out = new java.util.ArrayList<>();
        for (String run : runs) {
            out.add(RecordJson.read(TEMURIN.resolve(run).resolve("run.json")));
        }
        return out;
    }

    /** Each run's value for the row's cell, as a hand would take it: the mean over its forks of log(the fork's mean). */
    private static double[] runValues(List<RunRecord> runs, JsonNode row) {
        Map<String, String> params = RecordJson.mapper().convertValue(row.get("params"),
                new tools.jackson.core.type.TypeReference<Map<String, String>>() { });
        return runs.stream().flatMap(run -> run.results().stream()
                        .filter(c -> c.experiment().equals(row.get("experiment").asString()) && c.params().equals(params)
                                && c.metric().equals(row.get("metric").asString()) && c.status() == CellStatus.OK))
                .mapToDouble(c -> c.forks().stream()
                        .map(f -> f.stream().filter(v -> v != null && !v.isNaN()).mapToDouble(Double::doubleValue).toArray())
                        .filter(f -> f.length > 0)
                        .mapToDouble(f -> Math.log(Arrays.stream(f).average().orElseThrow())).average().orElseThrow())
                .toArray();
    }
}
