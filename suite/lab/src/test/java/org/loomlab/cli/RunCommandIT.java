package org.loomlab.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.loomlab.record.RecordJson;
import org.loomlab.record.RecordSchema;
import org.loomlab.report.RunExports;
import tools.jackson.databind.JsonNode;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/** The real command line, forked, against real forked JMH JVMs. */
class RunCommandIT {

    @TempDir
    Path tmp;

    @Test
    void smokeRunWritesAValidRecordWithEveryCellOk() throws Exception {
        Path results = tmp.resolve("results");
        LabProcess.Result r = LabProcess.run(tmp.resolve("log"), 600, "run", "--profile", "smoke",
                "-e", "philosophers", "-p", "workload=noop,active-wait,sleep,file-read", "-p", "dinner=lab,talk",
                "--results", results.toString(), "--run-id", "smoke-it");
        assertThat(r.exitCode()).as(r.stdout() + r.stderr()).isZero();
        Path runJson = RunFiles.onlyRunJson(results);
        assertThat(RecordSchema.violations(runJson)).isEmpty();
        JsonNode record = RecordJson.mapper().readTree(runJson.toFile());
        assertThat(record.get("status").asString()).isEqualTo("complete");
        // Every cell served both ways: the lab's dinner and the talk's; each its time, then its allocation per dinner,
        // then its time per meal the table ate.
        assertThat(record.get("results")).hasSize(96);
        assertThat(record.get("results").findValuesAsString("dinner")).containsOnly("lab", "talk");
        List<JsonNode> times = new java.util.ArrayList<>();
        record.get("results").forEach(c -> {
            if (c.get("metric").asString().equals("avgt")) {
                times.add(c);
            }
        });
        assertThat(times).hasSize(32);
        for (int i = 0; i < 32; i++) {
            JsonNode time = record.get("results").get(3 * i);
            JsonNode alloc = record.get("results").get(3 * i + 1);
            JsonNode meal = record.get("results").get(3 * i + 2);
            assertThat(time.get("metric").asString()).isEqualTo("avgt");
            assertThat(alloc.get("metric").asString()).isEqualTo("gc.alloc.rate.norm");
            assertThat(alloc.get("unit").asString()).isEqualTo("B/op");
            assertThat(alloc.get("params")).isEqualTo(time.get("params"));
            assertThat(alloc.get("status").asString()).isEqualTo("ok");
            // A dinner starts threads and locks: it allocates, and each measured iteration says how much.
            assertThat(alloc.get("fork_samples")).hasSize(1);
            assertThat(alloc.get("samples")).hasSize(3).allMatch(v -> v.asDouble() > 0);
            assertThat(alloc.get("score").asDouble()).isPositive();
            assertThat(alloc.get("profiling")).as("no --prof, no profiling field").isNull();
            assertThat(meal.get("metric").asString()).isEqualTo("table.meal.time");
            assertThat(meal.get("unit").asString()).isEqualTo("us/meal");
            assertThat(meal.get("params")).isEqualTo(time.get("params"));
            assertThat(meal.get("samples")).hasSize(3).allMatch(v -> v.asDouble() > 0);
            // The table ate at least the winner's 100 meals a dinner: a table meal takes at most a hundredth of a dinner.
            assertThat(meal.get("score").asDouble()).as(meal.toString())
                    .isLessThanOrEqualTo(time.get("score").asDouble() * 1000 / 100 * (1 + 1e-9));
        }
        for (JsonNode cell : times) {
            assertThat(cell.get("status").asString()).as(cell.toString()).isEqualTo("ok");
            assertThat(cell.get("score").asDouble()).isPositive();
            assertThat(cell.get("samples")).hasSize(3);
            // Every JMH fork runs JMH's gc profiler: its collections' count (and time, when there were any) stay on the cell.
            assertThat(cell.at("/profiling/profilers").toString()).isEqualTo("[\"gc\"]");
            assertThat(cell.at("/profiling/metrics/gc.count/unit").asString()).isEqualTo("counts");
            // Smoke measures one fork with no target: the record says so instead of implying more.
            assertThat(cell.get("fork_samples")).hasSize(1);
            assertThat(cell.at("/precision/forks").asInt()).isEqualTo(1);
            assertThat(cell.at("/precision/target").isNull()).isTrue();
            assertThat(runJson.getParent().resolve(cell.get("raw_file").asString()).resolve("fork-1.json")).isRegularFile();
            // Meals at the table per winner meal: at least the winner's own, at most all 10 seats' worth.
            assertThat(cell.get("meal_spread").asDouble()).as(cell.toString()).isBetween(1.0, 10.0);
        }
        assertThat(record.at("/jdk/feature_version").asInt()).isGreaterThanOrEqualTo(21);
        assertThat(record.at("/jdk/jvm_args").toString()).contains("-Xmx4g");
        assertThat(record.get("fixture").isNull()).as("no network cell, no fixture").isTrue();
        assertThat(r.stdout()).contains("ETA").contains("| philosophers |").contains("record: " + runJson)
                .contains("meal spread").contains("gc.alloc.rate.norm").contains("32 cells: ");
        // The exports beside run.json: a CSV row per cell, and every cell's one fork of JMH results in one array.
        assertThat(r.stdout()).contains("exports: ");
        theReadmesBenchExcerptHasTheHeadersThisRunPrinted(r.stdout());
        assertThat(Files.readAllLines(runJson.resolveSibling("cells.csv"))).hasSize(97);
        // JMH's JSON gzipped (a quick run's is 0.84 MB as text); no plain copy beside it
        JsonNode merged = RecordJson.mapper().readTree(
                RunExports.readMerged(runJson.resolveSibling("jmh-merged.json.gz")));
        assertThat(runJson.resolveSibling("jmh-merged.json")).doesNotExist();
        assertThat(merged).hasSize(32);
        assertThat(merged.findValuesAsString("benchmark")).allMatch(b -> b.contains("Philosophers"));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = ';', value = {
            "--param lock=spin;                unknown lock 'spin'; valid: reentrant, synchronized",
            "--param threads=green;            unknown threads 'green'; valid: platform, virtual",
            "--param workload=nap;             unknown workload 'nap'; valid: noop, active-wait, sleep, file-read",
            "--profile fast;                   unknown profile 'fast'; valid: smoke, quick, full, scaled, talk",
            "--param lok=reentrant;            unknown param 'lok'; valid: lock, threads, workload, philosophers, meals",
            "--param philosophers=-5;          philosophers must be a whole number >= 2, got '-5'",
            "--param meals=-1;                 meals must be a whole number >= 1, got '-1'",
            "--param dinner=feast;             unknown dinner 'feast'",
            "--param mealtime=0;               mealtime must be a number of microseconds > 0 (at least 0.001), e.g. 16 or 16.8, got '0'",
            "--timeout -3s;                    --timeout '-3s' is not a positive duration",
            "--budget soon;                    --budget 'soon' is not a positive duration",
            "--run-budget 0s;                  --run-budget '0s' is not a positive duration",
            "--precision 150%;                 --precision '150%' is not a relative half-width; valid: above 0 %",
            "--jvm /nonexistent/java;          --jvm '/nonexistent/java' is neither a java binary nor a JDK home",
            "--prof gc,nope;                   --prof 'nope' is not a profiler; valid: gc, jfr, async, cl, comp",
            "--param settings=fast;            unknown settings 'fast'; valid: smoke, quick, full, scaled, talk",
            "--max-forks 0;                    --max-forks '0' is not a number of forks; valid: a whole number from 1",
            "--detect 1%;                      --detect 1 % is out of range; valid: above the diff's noise band of 2 %",
            "--detect 10% --precision 3%;      --precision 3 % and --detect 10 % both say when a cell stops; valid: one of them",
            "--detect 10%;                     --detect 10 %: a change is called between lanes that take turns, and this run has one JDK",
            "--interleave colour;              --interleave 'colour' does not take two or more values among the planned cells; axes that do: ",
            // lanes: a one-line error before any lane forks (LanesIT runs a real one)
            "--lane a;                                            --lane a is one lane; lanes take turns: give two or more",
            "--lane a --lane a;                                   two lanes are named 'a'",
            "--lane a --lane b --lane-args c=-Xint;               --lane-args c=... names a lane no --lane gives; valid: a, b",
            "--lane a --lane b --lane-params b=mealtime;          --lane-params 'b=mealtime' is not NAME=AXIS=VALUE",
            "-e philosophers --lane a --lane b --lane-params b=colour=red; --lane-params sets axis 'colour', which not every planned cell has",
            "--jvm /nonexistent/java,/usr/bin/java;               --jvm '/nonexistent/java' is neither a java binary nor a JDK home",
            "--lane a/b --lane c;                                 lane 'a/b' may hold only letters, digits",
            "--lane a --lane b --jdk-id x;                        --jdk-id names the JDK of a run on one",
            "--lane a --lane b --resume --run-id r;               --resume: lane a of run r has no record at",
            "--lane-args b=-Xint;                                 --lane-args b=... names a lane; name the lanes with --lane NAME=JVM first",
            "-e philosophers -p mealtime=16,32 --interleave mealtime --lane a --lane b; --interleave mealtime does not combine with lanes"})
    void rejectsBadInputWithOneLineAndLeavesNothingBehind(String args, String expected) throws Exception {
        Path results = tmp.resolve("results");
        String[] argv = Stream.concat(Stream.of("run", "--results", results.toString()),
                Stream.of(args.split(" "))).toArray(String[]::new);
        LabProcess.Result r = LabProcess.run(tmp.resolve("log"), 60, argv);
        assertThat(r.exitCode()).isEqualTo(LoomLab.USAGE);
        assertThat(r.stderr().strip()).doesNotContain("\n").contains(expected);
        assertThat(results).doesNotExist();
    }

    /**
     * The README shows what {@code ./just bench} printed in one run; a run of today's code must print the same headers:
     * the first line's shape (counts, experiments, JDK, path and host vary) and the precision table's columns.
     */
    private static void theReadmesBenchExcerptHasTheHeadersThisRunPrinted(String stdout) throws Exception {
        String readme = Files.readString(Path.of("../../README.md"));
        int intro = readme.indexOf("Here is what `./just bench` printed");
        assertThat(intro).as("README's bench excerpt").isPositive();
        int start = readme.indexOf("```text\n", intro) + "```text\n".length();
        List<String> excerpt = readme.substring(start, readme.indexOf("```", start)).lines().toList();
        String header = "^loom-lab run: \\d+ cells of .+, profile \\S+, on .+ at \\S+, host \\S+ \\(\\d+ CPUs, JVM sees \\d+\\)$";
        String printed = stdout.lines().filter(l -> l.startsWith("loom-lab run: ")).findFirst().orElseThrow();
        assertThat(printed).matches(header);
        assertThat(excerpt.getFirst()).as("the README excerpt's first line").matches(header);
        // Columns are padded to their widest cell, so the header's words are compared, not its spaces.
        assertThat(headerWords(excerpt.stream())).as("the README excerpt's precision table header")
                .isEqualTo(headerWords(stdout.lines()));
    }

    /** The words of the header row under "precision by experiment:" (the results table above it has its own). */
    private static List<String> headerWords(Stream<String> lines) {
        String header = lines.dropWhile(l -> !l.equals("precision by experiment:")).skip(1).findFirst().orElseThrow();
        return Stream.of(header.split("\\|")).map(String::strip).filter(w -> !w.isEmpty()).toList();
    }

    @Test
    void profGcKeepsTheScoreAndRecordsTheAllocationPerOperation() throws Exception {
        Path results = tmp.resolve("results");
        LabProcess.Result r = LabProcess.run(tmp.resolve("log"), 120, "run", "--profile", "smoke", "--results",
                results.toString(), "--run-id", "prof-gc-it", "--prof", "gc", "-e", "philosophers", "-p", "lock=reentrant",
                "-p", "threads=virtual", "-p", "workload=noop", "-p", "dinner=lab");
        assertThat(r.exitCode()).as(r.stdout() + r.stderr()).isZero();
        Path runJson = RunFiles.onlyRunJson(results);
        assertThat(RecordSchema.violations(runJson)).isEmpty();
        JsonNode cell = RecordJson.mapper().readTree(runJson.toFile()).get("results").get(0);
        assertThat(cell.get("unit").asString()).isEqualTo("ms/op");
        assertThat(cell.at("/profiling/profilers").toString()).isEqualTo("[\"gc\"]");
        // Virtual threads, locks and the dinner's bookkeeping allocate: some bytes per dinner, in JMH's unit.
        assertThat(cell.at("/profiling/metrics/gc.alloc.rate.norm/score").asDouble()).isPositive();
        assertThat(cell.at("/profiling/metrics/gc.alloc.rate.norm/unit").asString()).isEqualTo("B/op");
        // The allocation is its own cell too, as without --prof (which adds -prof gc once, not twice).
        JsonNode allocation = RecordJson.mapper().readTree(runJson.toFile()).get("results").get(1);
        assertThat(allocation.get("metric").asString()).isEqualTo("gc.alloc.rate.norm");
        assertThat(allocation.get("score").asDouble()).isPositive();
    }

    @Test
    void profCompIsPassedToJmhAndItsMetricsAreKept() throws Exception {
        Path results = tmp.resolve("results");
        LabProcess.Result r = LabProcess.run(tmp.resolve("log"), 120, "run", "--profile", "smoke", "--results",
                results.toString(), "--run-id", "prof-comp-it", "--prof", "comp", "-e", "philosophers", "-p", "lock=reentrant",
                "-p", "threads=virtual", "-p", "workload=noop", "-p", "dinner=lab");
        assertThat(r.exitCode()).as(r.stdout() + r.stderr()).isZero();
        Path runJson = RunFiles.onlyRunJson(results);
        assertThat(RecordSchema.violations(runJson)).isEmpty();
        JsonNode cell = RecordJson.mapper().readTree(runJson.toFile()).get("results").get(0);
        assertThat(cell.at("/profiling/profilers").toString()).isEqualTo("[\"comp\",\"gc\"]");
        // JMH's compiler profiler: the JIT's time over the fork, in ms, kept beside the score
        assertThat(cell.at("/profiling/metrics/compiler.time.total/score").asDouble()).isPositive();
        assertThat(cell.at("/profiling/metrics/compiler.time.total/unit").asString()).isEqualTo("ms");
        assertThat(cell.at("/profiling/metrics").has("tableMeals")).isFalse();
    }

    @Test
    void interleavedCellsTakeTurnsForkByForkAndDiffBetweenThemNeedsNoRunToRunAllowance() throws Exception {
        Path results = tmp.resolve("results");
        LabProcess.Result r = LabProcess.run(tmp.resolve("log"), 300, "run", "--results", results.toString(),
                "--run-id", "interleave-it", "--budget", "20s", "--run-budget", "none", "-e", "philosophers",
                "-p", "lock=reentrant", "-p", "threads=virtual", "-p", "workload=active-wait", "-p", "dinner=lab",
                "-p", "philosophers=10", "-p", "meals=100", "-p", "mealtime=16,32", "--interleave", "mealtime");
        assertThat(r.exitCode()).as(r.stdout() + r.stderr()).isZero();
        Path runJson = RunFiles.onlyRunJson(results);
        assertThat(RecordSchema.violations(runJson)).isEmpty();
        JsonNode cells = RecordJson.mapper().readTree(runJson.toFile()).get("results");
        assertThat(cells).hasSize(6); // each mealtime's time, allocation and time per table meal
        assertThat(cells.findValuesAsString("metric")).containsExactly("avgt", "gc.alloc.rate.norm", "table.meal.time",
                "avgt", "gc.alloc.rate.norm", "table.meal.time");
        int forks = cells.get(0).at("/precision/forks").asInt();
        assertThat(forks).isGreaterThanOrEqualTo(2);
        for (JsonNode cell : cells) {
            assertThat(cell.get("status").asString()).isEqualTo("ok");
            assertThat(cell.at("/precision/interleaved_on").asString()).isEqualTo("mealtime");
            assertThat(cell.at("/precision/forks").asInt()).isEqualTo(forks);
            // The group shares both cells' budgets.
            assertThat(cell.at("/precision/budget_seconds").asDouble()).isEqualTo(40.0);
        }
        // The progress lines show the turns: round k is fork k of each, in an order shuffled per round.
        List<String> turns = r.stdout().lines().filter(l -> l.strip().matches("fork \\d+ of mealtime=.*"))
                .map(l -> l.strip().replaceAll(":.*", "")).toList();
        assertThat(turns).hasSize(2 * forks);
        for (int k = 1; k <= forks; k++) {
            assertThat(turns.subList(2 * k - 2, 2 * k)).as("round " + k)
                    .containsExactlyInAnyOrder("fork " + k + " of mealtime=16", "fork " + k + " of mealtime=32");
        }

        Path json = tmp.resolve("diff.json");
        LabProcess.Result diff = LabProcess.run(tmp.resolve("log"), 60, "diff", runJson.toString(),
                "--between", "mealtime=16:32", "--json", json.toString());
        assertThat(diff.exitCode()).as(diff.stdout() + diff.stderr()).isZero();
        JsonNode judged = RecordJson.mapper().readTree(json.toFile());
        assertThat(judged.at("/run_to_run/factor").asDouble()).isEqualTo(1.0);
        assertThat(judged.get("rows")).hasSize(3);
        // Twice the meal time: the 32 us dinner cannot be faster than the 16 us one.
        assertThat(judged.at("/rows/0/metric").asString()).isEqualTo("avgt");
        assertThat(judged.at("/rows/0/ratio").asDouble()).isGreaterThan(1.0);
        // Its allocation is an amount: compared too, and never called faster or slower.
        assertThat(judged.at("/rows/1/metric").asString()).isEqualTo("gc.alloc.rate.norm");
        assertThat(judged.at("/rows/1/verdict").asString()).isNotIn("faster", "slower");
        // A meal of twice the spin takes longer whoever eats it: the table's time per meal is a time too.
        assertThat(judged.at("/rows/2/metric").asString()).isEqualTo("table.meal.time");
        assertThat(judged.at("/rows/2/ratio").asDouble()).isGreaterThan(1.0);
        assertThat(diff.stdout()).contains("[mealtime=16]").contains("[mealtime=32]");

        LabProcess.Result missing = LabProcess.run(tmp.resolve("log"), 60, "diff", runJson.toString(),
                "--between", "mealtime=16:64");
        assertThat(missing.exitCode()).isEqualTo(LoomLab.USAGE);
        assertThat(missing.stderr().strip()).isEqualTo("loom-lab: --between mealtime=16:64: run B has no cell with "
                + "mealtime=64; its values: 16, 32");
    }

    @Test
    void oneRunMeasuresEachCellUnderTwoSettingsEachByItsOwnPolicy() throws Exception {
        Path results = tmp.resolve("results");
        // The run's quick gets the overrides (2 forks within 20 s); smoke keeps its own one fork of 3 x 100 ms.
        LabProcess.Result r = LabProcess.run(tmp.resolve("log"), 300, "run", "--results", results.toString(),
                "--run-id", "settings-it", "--budget", "20s", "--max-forks", "2", "--run-budget", "none",
                "-e", "philosophers", "-p", "lock=reentrant", "-p", "threads=virtual", "-p", "workload=noop",
                "-p", "dinner=lab", "-p", "philosophers=10", "-p", "meals=100", "-p", "settings=smoke,quick");
        assertThat(r.exitCode()).as(r.stdout() + r.stderr()).isZero();
        assertThat(r.stdout()).contains("2 to 2 forks a cell within a budget of 20s")
                .contains("policy of settings=smoke: no precision target; 1 to 1 forks a cell");
        Path runJson = RunFiles.onlyRunJson(results);
        assertThat(RecordSchema.violations(runJson)).isEmpty();
        JsonNode cells = RecordJson.mapper().readTree(runJson.toFile()).get("results");
        assertThat(cells).hasSize(6); // each settings' time, allocation and time per table meal, smoke's first
        assertThat(cells.findValuesAsString("settings")).containsExactly("smoke", "smoke", "smoke", "quick", "quick", "quick");
        JsonNode smoke = cells.get(0);
        JsonNode quick = cells.get(3);
        assertThat(smoke.get("status").asString()).isEqualTo("ok");
        assertThat(smoke.at("/precision/forks").asInt()).isEqualTo(1);
        assertThat(smoke.at("/precision/samples_per_fork").asInt()).isEqualTo(3);
        assertThat(smoke.at("/precision/warmup_discarded").asInt()).isZero();
        assertThat(quick.get("status").asString()).isEqualTo("ok");
        assertThat(quick.at("/precision/forks").asInt()).isEqualTo(2);
        assertThat(quick.at("/precision/samples_per_fork").asInt()).isEqualTo(2);
        assertThat(quick.at("/precision/warmup_discarded").asInt()).isEqualTo(1);
        // The benchmark never saw the lab's axis: JMH's own JSON has the experiment's params only.
        JsonNode jmh = RecordJson.mapper().readTree(
                RunExports.readMerged(runJson.resolveSibling("jmh-merged.json.gz")));
        assertThat(jmh.findValues("params")).isNotEmpty().allSatisfy(p -> assertThat(p.has("settings")).isFalse());

        LabProcess.Result diff = LabProcess.run(tmp.resolve("log"), 60, "diff", runJson.toString(),
                "--between", "settings=smoke:quick");
        assertThat(diff.exitCode()).as(diff.stdout() + diff.stderr()).isZero();
        assertThat(diff.stdout()).contains("[settings=smoke]").contains("[settings=quick]");
    }

    @Test
    void aSpentRunBudgetLeavesEachCellOneForkAndSaysSo() throws Exception {
        Path results = tmp.resolve("results");
        // Quick wants 8 forks a cell; a 1 s run budget is spent by the first fork, so each cell gets one and, short of
        // a target no single fork meets, is flagged.
        LabProcess.Result r = LabProcess.run(tmp.resolve("log"), 300, "run", "--results", results.toString(),
                "--run-id", "run-budget-it", "--run-budget", "1s", "--precision", "0.1%", "-e", "philosophers", "-p", "lock=reentrant",
                "-p", "workload=noop", "-p", "philosophers=10", "-p", "meals=100");
        assertThat(r.exitCode()).as(r.stdout() + r.stderr()).isZero();
        assertThat(r.stdout()).contains("the run's 1s shared among its cells");
        Path runJson = RunFiles.onlyRunJson(results);
        assertThat(RecordSchema.violations(runJson)).isEmpty();
        JsonNode cells = RecordJson.mapper().readTree(runJson.toFile()).get("results");
        assertThat(cells).hasSize(6); // platform and virtual threads, each its time, allocation and time per table meal
        for (JsonNode cell : cells) {
            if (!cell.get("metric").asString().equals("avgt")) {
                continue; // the time decides when a cell stops and says why
            }
            assertThat(cell.get("status").asString()).isEqualTo("ok");
            assertThat(cell.at("/precision/forks").asInt()).as(cell.toString()).isEqualTo(1);
            assertThat(cell.at("/precision/budget_seconds").asDouble()).isLessThanOrEqualTo(1.0);
            assertThat(cell.at("/precision/budget_exhausted").asBoolean()).isTrue();
            assertThat(cell.get("message").asString()).contains("--run-budget");
        }
    }

    @Test
    void recordsTimeoutAndRunsNextCell() throws Exception {
        Path results = tmp.resolve("results");
        // 10^8 busy meals of 16 us cannot end in 5 s; the 100-meal cell after it must still run.
        LabProcess.Result r = LabProcess.run(tmp.resolve("log"), 300, "run", "--profile", "smoke",
                "--results", results.toString(), "--run-id", "timeout-it", "--timeout", "5s", "--strict", "-e", "philosophers",
                "-p", "lock=reentrant", "-p", "threads=virtual", "-p", "workload=active-wait", "-p", "dinner=lab",
                "-p", "meals=100000000,100");
        assertThat(r.exitCode()).isEqualTo(LoomLab.FAILED);
        Path runJson = RunFiles.onlyRunJson(results);
        assertThat(RecordSchema.violations(runJson)).isEmpty();
        JsonNode cells = RecordJson.mapper().readTree(runJson.toFile()).get("results");
        assertThat(cells).hasSize(4); // a cell that measured nothing has no allocation or table meal row
        assertThat(cells.get(0).get("status").asString()).isEqualTo("timeout");
        assertThat(cells.get(0).get("message").asString()).contains("5s");
        assertThat(cells.get(1).get("status").asString()).isEqualTo("ok");
        assertThat(cells.get(2).get("metric").asString()).isEqualTo("gc.alloc.rate.norm");
        assertThat(cells.get(3).get("metric").asString()).isEqualTo("table.meal.time");
        // The fork was asked to stop before it was killed, so JFR wrote what it had recorded.
        assertThat(RunFiles.nonEmptyJfr(runJson.getParent(), "cell-01")).isNotEmpty();
        assertThat(r.stdout()).contains("1 timed out or failed").contains("timeout: philosophers");
        assertThat(RunFiles.strayJvmsOf(runJson.getParent())).isEmpty();
    }

    @Test
    void aTimedOutCellKeepsTheDinnersItFinishedAndItsJfr() throws Exception {
        Path results = tmp.resolve("results");
        // Each dinner takes about 2.4 s (150,000 meals of 16 us on a carrier): the first ends near 4 s, the third
        // would end near 9 s, so a 7.5 s fork limit stops the fork with one or two dinners measured.
        LabProcess.Result r = LabProcess.run(tmp.resolve("log"), 300, "run", "--profile", "smoke",
                "--results", results.toString(), "--run-id", "kept-it", "--timeout", "7500ms", "-e", "philosophers",
                "-p", "lock=reentrant", "-p", "threads=virtual", "-p", "workload=active-wait", "-p", "meals=150000");
        assertThat(r.exitCode()).isZero(); // the run completed; only --strict fails on a timed-out cell
        Path runJson = RunFiles.onlyRunJson(results);
        assertThat(RecordSchema.violations(runJson)).isEmpty();
        JsonNode cell = RecordJson.mapper().readTree(runJson.toFile()).get("results").get(0);
        assertThat(cell.get("status").asString()).isEqualTo("timeout");
        assertThat(cell.get("samples").size()).isBetween(1, 2);
        assertThat(cell.get("samples").get(0).asDouble()).isBetween(1_000.0, 7_500.0);
        assertThat(RunFiles.nonEmptyJfr(runJson.getParent(), "cell-01")).isNotEmpty();
    }

    @Test
    void aRunKilledWithSigkillIsAbandonedAndResumesOnlyAsPlanned() throws Exception {
        Path results = tmp.resolve("results");
        Process lab = LabProcess.start(tmp.resolve("log"), "run", "--profile", "smoke", "-e", "philosophers",
                "-p", "workload=noop,active-wait", "-p", "dinner=lab", "--results", results.toString(), "--run-id", "killed-it");
        Path runJson = RunFiles.awaitRunJson(results, 4, Duration.ofMinutes(3)); // two cells, a time and an allocation each
        List<ProcessHandle> forks = lab.descendants().toList();
        lab.destroyForcibly(); // SIGKILL: no shutdown hook runs, the record stays 'running'
        lab.waitFor();
        forks.forEach(ProcessHandle::destroyForcibly);
        assertThat(RecordJson.read(runJson).status().label()).isEqualTo("running");
        Files.writeString(results.resolve("not-a-record.json"), "{\"run_id\": ");

        LabProcess.Result check = LabProcess.run(tmp.resolve("log"), 60, "check", runJson.toString(),
                results.resolve("not-a-record.json").toString());
        assertThat(check.exitCode()).isEqualTo(LoomLab.FAILED);
        assertThat(check.stdout()).contains("abandoned: ").contains("--resume --run-id killed-it")
                .contains("UNREADABLE " + results.resolve("not-a-record.json") + " is not a readable run record")
                .contains("2 records, 0 invalid, 1 unreadable, 1 abandoned");

        LabProcess.Result other = LabProcess.run(tmp.resolve("log"), 60, "run", "--resume", "--run-id", "killed-it",
                "--results", results.toString(), "--profile", "quick", "-p", "workload=noop");
        assertThat(other.exitCode()).isEqualTo(LoomLab.USAGE);
        assertThat(other.stderr().strip()).doesNotContain("\n").contains("--resume finishes run killed-it as it was planned"
                + " (profile smoke, 8 cells); leave out --profile, --param");

        LabProcess.Result resumed = LabProcess.run(tmp.resolve("log"), 600, "run", "--resume", "--run-id", "killed-it",
                "--results", results.toString());
        assertThat(resumed.exitCode()).as(resumed.stdout() + resumed.stderr()).isZero();
        JsonNode record = RecordJson.mapper().readTree(runJson.toFile());
        assertThat(record.get("status").asString()).isEqualTo("complete");
        assertThat(record.get("profile").asString()).isEqualTo("smoke");
        assertThat(record.get("results").findValuesAsString("status")).hasSize(24).containsOnly("ok");
        LabProcess.Result clean = LabProcess.run(tmp.resolve("log"), 60, "check", runJson.toString());
        assertThat(clean.exitCode()).isZero();
        assertThat(clean.stdout()).doesNotContain("abandoned").contains("1 records, 0 invalid, 0 unreadable");
    }

    @Test
    void interruptedRunLeavesAValidRecordOfWhatFinished() throws Exception {
        Path results = tmp.resolve("results");
        Process lab = LabProcess.start(tmp.resolve("log"), "run", "--profile", "smoke", "-e", "philosophers",
                "-p", "workload=noop,active-wait,sleep,file-read", "-p", "dinner=lab", "--results", results.toString(),
                "--run-id", "interrupt-it");
        Path runJson = RunFiles.awaitRunJson(results, 4, Duration.ofMinutes(3)); // two cells, a time and an allocation each
        lab.destroy(); // SIGTERM: the same shutdown path as Ctrl-C
        assertThat(lab.waitFor() ).isNotZero();
        assertThat(RecordSchema.violations(runJson)).isEmpty();
        JsonNode record = RecordJson.mapper().readTree(runJson.toFile());
        assertThat(record.get("status").asString()).isEqualTo("interrupted");
        List<String> statuses = record.get("results").findValuesAsString("status");
        // 16 planned cells: the finished ones with their allocation row, the others interrupted.
        assertThat(record.get("results").findValuesAsString("metric").stream().filter("avgt"::equals)).hasSize(16);
        assertThat(statuses).contains("ok", "interrupted").doesNotContain("failed", "timeout");
        assertThat(statuses.indexOf("interrupted")).isGreaterThanOrEqualTo(4);
        assertThat(RunFiles.strayJvmsOf(runJson.getParent())).isEmpty();
    }
}
