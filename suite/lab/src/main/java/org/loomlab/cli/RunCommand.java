package org.loomlab.cli;

import org.loomlab.catalogue.ExperimentSpec;
import org.loomlab.fingerprint.HostFingerprint;
import org.loomlab.fingerprint.JdkFingerprint;
import org.loomlab.fingerprint.SuiteFingerprint;
import org.loomlab.record.Cell;
import org.loomlab.record.CellStatus;
import org.loomlab.record.FixtureInfo;
import org.loomlab.record.Host;
import org.loomlab.record.Jdk;
import org.loomlab.record.RecordJson;
import org.loomlab.record.ResultsLayout;
import org.loomlab.record.RunRecord;
import org.loomlab.record.RunStatus;
import org.loomlab.run.CellJvm;
import org.loomlab.run.CellPlan;
import org.loomlab.run.CellProfilers;
import org.loomlab.run.CellRunner;
import org.loomlab.run.Experiments;
import org.loomlab.run.Fixture;
import org.loomlab.run.FixtureMode;
import org.loomlab.run.JmhCell;
import org.loomlab.run.LabRun;
import org.loomlab.run.Profile;
import org.loomlab.run.Profiler;
import org.loomlab.run.CellHistory;
import org.loomlab.run.Policy;
import org.loomlab.run.Progress;
import org.loomlab.run.RunBudget;
import org.loomlab.run.RunLock;
import org.loomlab.run.RunPlan;
import org.loomlab.run.RunVerdict;
import org.loomlab.run.ScenarioCell;
import org.loomlab.run.TerminalTable;
import org.loomlab.run.ThreadCeiling;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;

/**
 * {@code loom-lab run}: plans the cells of a profile, checks every input before anything is
 * written, fingerprints host and JDK, then runs each cell in forked JVMs with a timeout.
 */
@Command(name = "run", header = "Run the selected cells on one JDK and write a run record.",
        description = "Writes results/<host>/<jdk-id>/<run-id>/ with run.json, JMH's JSON per cell and logs.")
final class RunCommand implements Callable<Integer> {

    @Option(names = "--profile", paramLabel = "NAME",
            description = "smoke, quick, full, scaled or talk (the talk's JMH settings) (default: quick)")
    String profile;

    @Option(names = {"-e", "--experiment"}, split = ",", paramLabel = "NAME",
            description = "experiments to run, e.g. philosophers (default: every experiment that has the --param axes)")
    List<String> experiments = new ArrayList<>();

    @Option(names = {"-p", "--param"}, paramLabel = "AXIS=V1,V2",
            description = "narrow or set an axis, e.g. lock=synchronized or philosophers=100,1000 (repeatable)")
    List<String> params = new ArrayList<>();

    @Option(names = "--jvm", paramLabel = "PATH",
            description = "the java binary or JDK home the cells run on (default: the JDK running loom-lab)")
    Path jvm;

    @Option(names = "--jdk-id", paramLabel = "ID", description = "id of the JDK in results/ (default: vendor-feature, e.g. temurin-25)")
    String jdkId;

    @Option(names = "--host-id", paramLabel = "ID", description = "name of this host in results/ and the record (default: <hostname>-<cpu>-<N>c-<M>g, e.g. vm-epyc-7763-2c-24g)")
    String hostId;

    @Option(names = "--jvm-args", paramLabel = "ARGS",
            description = "flags for the measured JVMs, recorded in run.json (default: -Xms1g -Xmx4g; scaled: from the host's memory)")
    String jvmArgs;

    @Option(names = "--timeout", paramLabel = "DURATION", description = "limit of one fork of a cell, e.g. 90s or 10m (default: the profile's)")
    String timeout;

    @Option(names = "--precision", paramLabel = "HALF-WIDTH",
            description = "stop a cell once its 95 %% interval is within this of its score, e.g. 5%% (default: the profile's: quick 5%%, full 2%%)")
    String precision;

    @Option(names = "--confidence", paramLabel = "LEVEL",
            description = "level of every cell's interval, between 0 and 1 (default: 0.95; JMH uses 0.999)")
    String confidence;

    @Option(names = "--budget", paramLabel = "DURATION",
            description = "measuring time a cell may spend on forks, e.g. 40s or 5m (default: the profile's: quick 40s, full 5m)")
    String budget;

    @Option(names = "--run-budget", paramLabel = "DURATION",
            description = "time the whole run shares among its cells, each getting an equal share of what is left (at most"
                    + " --budget), e.g. 30m, or none (default: the profile's: quick 30m, others none; a --budget alone turns it off)")
    String runBudget;

    @Option(names = "--strict", description = "exit 1 when any cell timed out, failed or missed its precision target (a CI gate);"
            + " without it such cells are listed at the end and the exit code is 0 when the run completed")
    boolean strict;

    @Option(names = "--results", paramLabel = "DIR", description = "where result sets go (default: <home>/results)")
    Path results;

    @Option(names = "--run-id", paramLabel = "ID", description = "name of the run directory (default: UTC time and profile)")
    String runId;

    @Option(names = "--fixture", defaultValue = "auto", paramLabel = "WHERE",
            description = "the HTTP fixture for network cells: auto (a container when Docker answers and the image is built,"
                    + " else a local JVM), container, local, or the http:// URL of a running one (default: ${DEFAULT-VALUE})")
    String fixture;

    @Option(names = "--resume", description = "finish the run named by --run-id as it was planned (its profile, cells and"
            + " policy, from its plan.json): keep its finished cells, run the missing ones")
    boolean resume;

    @Option(names = "--benchmarks", paramLabel = "JAR", description = "the JMH benchmarks jar (default: <home>/suite/bench/target/benchmarks.jar)")
    Path benchmarks;

    @Option(names = "--prof", split = ",", paramLabel = "NAME", description = "profile the JMH cells with gc (allocation"
            + " per op), jfr (a recording per fork in jfr/) or async (a flame graph per cell in profiles/); repeatable")
    List<String> prof = new ArrayList<>();

    private CellProfilers profilers = CellProfilers.none();

    @Override
    public Integer call() throws Exception {
        // Every input is checked before the first directory is made: bad input leaves nothing behind.
        Profile chosen = Profile.of(profile == null ? Profile.QUICK.label() : profile);
        Path jar = benchmarks != null ? benchmarks : LoomLab.home().resolve("suite/bench/target/benchmarks.jar");
        Experiments catalogue = Experiments.in(jar);
        List<CellPlan> plans = catalogue.plan(experiments.stream().map(catalogue::of).toList(), chosen,
                parseParams(params));
        Duration cellTimeout = timeout == null ? chosen.cellTimeout() : parseDuration("--timeout", timeout);
        Policy policy = policyOf(chosen);
        RunBudget shared = runBudgetOf(chosen);
        Path home = LoomLab.home();
        Path java = javaBinary(jvm);
        if (resume && runId == null) {
            throw new IllegalArgumentException("--resume needs the --run-id of the run to finish");
        }
        checkId("run id", runId);
        checkId("host id", hostId);
        FixtureMode.check(fixture);
        profilers = new CellProfilers(Profiler.parse(prof), LoomLab.home().resolve("suite/lab/target/async-profiler.jar"));
        boolean network = plans.stream().anyMatch(p -> p.experiment().needsFixture(p.params()));

        Host read = new HostFingerprint().read();
        Host host = hostId == null ? read : read.named(hostId);
        List<String> flags = jvmArgs == null ? chosen.jvmArgs(host.memoryBytes())
                : jvmArgs.isBlank() ? List.of() : List.of(jvmArgs.trim().split("\\s+"));

        Jdk probed = JdkFingerprint.probe(java, jar, flags, jdkId);
        // Set by `loom-lab matrix` for the runner container it starts: the record names its image.
        String image = System.getenv("LOOMLAB_IMAGE");
        Jdk jdk = image == null ? probed : probed.inImage(image, System.getenv("LOOMLAB_IMAGE_ID"));
        Instant started = Instant.now();
        String id = runId != null ? runId
                : DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss").withZone(ZoneOffset.UTC).format(started) + "-" + chosen.label();
        Path dir = LoomLab.results(results).runDir(host.name(), jdk.id(), id);
        RunRecord previous = null;
        if (Files.exists(ResultsLayout.runJson(dir)) && resume) {
            RunLock.requireFree(dir);
            previous = RecordJson.read(ResultsLayout.runJson(dir));
            Optional<RunPlan> planned = RunPlan.read(dir);
            if (planned.isPresent()) {
                // The run goes on as it was planned; flags typed again could only make a record of two kinds.
                refuseOverrides(id, planned.get());
                chosen = planned.get().chosenProfile();
                plans = planned.get().cellPlans(catalogue);
                policy = planned.get().policy();
                shared = planned.get().runBudget();
                cellTimeout = planned.get().timeout();
            } else {
                // Made before plans were kept: the record's profile, the cells the flags name.
                if (profile != null && !profile.equals(previous.profile())) {
                    throw new IllegalArgumentException("--profile " + profile + " does not match the profile of run " + id
                            + " (" + previous.profile() + "); leave --profile out to finish it as it began");
                }
                chosen = Profile.of(previous.profile());
                plans = catalogue.plan(experiments.stream().map(catalogue::of).toList(), chosen, parseParams(params));
                policy = policyOf(chosen);
                shared = runBudgetOf(chosen);
                cellTimeout = timeout == null ? chosen.cellTimeout() : parseDuration("--timeout", timeout);
            }
            flags = previous.jdk().jvmArgs();
            network = plans.stream().anyMatch(p -> p.experiment().needsFixture(p.params()));
        } else if (Files.exists(dir)) {
            throw new IllegalArgumentException("run directory exists already: " + dir
                    + " (choose another --run-id, or --resume to finish it)");
        } else {
            RunLock.abandonedSiblings(dir.getParent()).forEach(note -> System.out.println("note: " + note));
        }
        List<CellPlan> todo = previous == null ? plans : missing(plans, previous);
        List<Cell> kept = previous == null ? List.of() : finished(previous);
        if (previous != null && todo.isEmpty() && previous.status() == RunStatus.COMPLETE) {
            System.out.println("loom-lab run: " + ResultsLayout.runJson(dir) + " is complete; nothing to resume");
            return LoomLab.OK;
        }
        // Started before the run directory exists: a fixture that cannot start leaves nothing behind.
        Fixture served = network ? FixtureMode.start(fixture, home.resolve("suite/fixture/target/fixture.jar"), java,
                System.out) : null;
        Thread stopFixture = new Thread(() -> {
            if (served != null) {
                served.close();
            }
        }, "loom-lab-fixture-stop");
        Runtime.getRuntime().addShutdownHook(stopFixture);
        try {
            if (served != null) {
                System.out.println("fixture: " + served.info().kind() + " at " + served.url());
            }
            FixtureInfo by = served == null ? null : served.info();
            RunRecord start = previous != null ? previous.resumed(kept, by)
                    : new RunRecord(RunRecord.SCHEMA_VERSION, id, started, null, chosen.label(), RunStatus.RUNNING,
                    host, jdk, SuiteFingerprint.read(home), by, List.of());
            if (previous != null) {
                System.out.printf("loom-lab run: resuming %s: %d cells kept, %d to run%n", dir, plans.size() - todo.size(),
                        todo.size());
            }
            try (RunLock owned = RunLock.take(dir)) {
                RunPlan.of(chosen, policy, shared, cellTimeout, plans).write(dir);
                return run(start, todo, plans.size() - todo.size(), dir, new CellJvm(java, jar, flags, chosen, policy,
                        cellTimeout, served == null ? null : served.url(), System.out, shared));
            }
        } finally {
            try {
                Runtime.getRuntime().removeShutdownHook(stopFixture);
                stopFixture.run();
            } catch (IllegalStateException shuttingDown) {
                // The hook stops the fixture.
            }
        }
    }

    /** The profile's policy with the user's --precision, --budget and --confidence. */
    private Policy policyOf(Profile chosen) {
        Policy policy = Policy.of(chosen);
        policy = precision == null ? policy : policy.withTarget(Policy.parsePrecision(precision));
        policy = budget == null ? policy : policy.withBudget(parseDuration("--budget", budget));
        return confidence == null ? policy : policy.withConfidence(Policy.parseConfidence(confidence));
    }

    /** The profile's run budget, --run-budget's, or none when a --budget alone sets the cells' time. */
    private RunBudget runBudgetOf(Profile chosen) {
        return new RunBudget(runBudget != null ? ("none".equals(runBudget.strip()) ? null
                : parseDuration("--run-budget", runBudget)) : budget != null ? null : chosen.runBudget());
    }

    /** A one-line error naming every planning flag given with --resume, which takes them from the run's plan. */
    private void refuseOverrides(String id, RunPlan planned) {
        Map<String, Boolean> given = new LinkedHashMap<>();
        given.put("--profile", profile != null);
        given.put("--experiment", !experiments.isEmpty());
        given.put("--param", !params.isEmpty());
        given.put("--precision", precision != null);
        given.put("--budget", budget != null);
        given.put("--run-budget", runBudget != null);
        given.put("--confidence", confidence != null);
        given.put("--timeout", timeout != null);
        given.put("--jvm-args", jvmArgs != null);
        List<String> named = given.entrySet().stream().filter(Map.Entry::getValue).map(Map.Entry::getKey).toList();
        if (!named.isEmpty()) {
            throw new IllegalArgumentException("--resume finishes run " + id + " as it was planned (profile "
                    + planned.profile() + ", " + planned.cells().size() + " cells); leave out " + String.join(", ", named));
        }
    }

    /** Ids become directory names: a one-line error unless {@code value} (when given) is a safe one. */
    static void checkId(String what, String value) {
        if (value != null && !value.matches("[A-Za-z0-9._-]+")) {
            throw new IllegalArgumentException(what + " '" + value + "' may hold only letters, digits, '.', '_' and '-'");
        }
    }

    /** Cells of {@code previous} that ended (interrupted ones run again). */
    private static List<Cell> finished(RunRecord previous) {
        return previous.results().stream().filter(c -> c.status() != CellStatus.INTERRUPTED).toList();
    }

    /** The plans {@code previous} holds no finished cell for. */
    private static List<CellPlan> missing(List<CellPlan> plans, RunRecord previous) {
        Set<String> done = finished(previous).stream().map(c -> c.experiment() + " " + c.params())
                .collect(Collectors.toSet());
        return plans.stream().filter(p -> !done.contains(p.experiment().label() + " " + p.params())).toList();
    }

    private int run(RunRecord start, List<CellPlan> plans, int alreadyRun, Path dir, CellJvm forks) throws Exception {
        Jdk jdk = start.jdk();
        Host host = start.host();
        Profile chosen = forks.profile();
        Policy policy = forks.policy();

        System.out.printf("loom-lab run: %d cells of %s, profile %s, on %s %s (%s) at %s, host %s (%d CPUs, JVM sees %d)%n",
                plans.size(), plans.stream().map(p -> p.experiment().label()).distinct().collect(Collectors.joining(", ")),
                chosen.label(), jdk.id(), jdk.runtimeVersion(), jdk.vmName(), forks.java(),
                host.name(), host.cpus(), jdk.availableProcessors());
        Duration total = forks.runBudget().total();
        System.out.printf("policy: %s; %d to %d forks a cell within a budget of %s%s; forks stop after %s%n",
                policy.target() == null ? "no precision target" : "±" + org.loomlab.report.RunDiff.percent(policy.target()) + " at "
                        + org.loomlab.report.RunDiff.percent(policy.confidence()),
                policy.minForks(), policy.maxForks(), Progress.clock(policy.budget()),
                total == null ? "" : ", the run's " + Progress.clock(total) + " shared among its cells (--run-budget)",
                Progress.clock(forks.timeout()));
        if (profilers.any() && plans.stream().anyMatch(p -> p.experiment().kind() != ExperimentSpec.Kind.JMH)) {
            System.out.println("note: --prof applies to JMH experiments only; scenario cells run without a profiler");
        }
        JmhCell jmh = new JmhCell(forks, profilers);
        ScenarioCell scenario = new ScenarioCell(forks);
        CellRunner cells = ThreadCeiling.ofThisHost().guarding((plan, d, name) -> plan.experiment().kind() == ExperimentSpec.Kind.JMH
                ? jmh.run(plan, d, name) : scenario.run(plan, d, name));
        LabRun run = new LabRun(dir, start, cells, System.out, forks.runBudget());
        CellHistory history = CellHistory.of(dir.getParent().getParent(), chosen.label());
        Progress progress = new Progress(System.out, history.plan(plans, chosen.plannedCellTime()), history.basis(plans));
        RunRecord done = run.run(plans, alreadyRun, progress);
        System.out.println();
        System.out.print(TerminalTable.render(done.results(), TerminalTable.columns()));
        System.out.println("the axes that vary; every axis in the full table: loom-lab report " + run.runJson());
        System.out.println();
        System.out.println("record: " + run.runJson());
        System.out.println("exports: " + org.loomlab.report.RunExports.write(dir, done));
        RunVerdict verdict = RunVerdict.of(done);
        verdict.lines(strict).forEach(System.out::println);
        return done.status() != RunStatus.COMPLETE || (strict && !verdict.clean()) ? LoomLab.FAILED : LoomLab.OK;
    }

    /** {@code ["lock=synchronized", "threads=virtual,platform"]} to an ordered map; a key may repeat. */
    static Map<String, List<String>> parseParams(List<String> raw) {
        Map<String, List<String>> out = new LinkedHashMap<>();
        for (String p : raw) {
            int eq = p.indexOf('=');
            if (eq <= 0 || eq == p.length() - 1) {
                throw new IllegalArgumentException("param '" + p + "' is not AXIS=VALUE[,VALUE...]");
            }
            List<String> values = out.computeIfAbsent(p.substring(0, eq).strip(), k -> new ArrayList<>());
            for (String v : p.substring(eq + 1).split(",")) {
                if (!v.isBlank()) {
                    values.add(v.strip());
                }
            }
        }
        return out;
    }

    /** 90, 90s, 10m, 1h or ISO-8601 (PT90S). */
    static Duration parseDuration(String option, String text) {
        try {
            String t = text.strip().toLowerCase();
            Duration d = t.startsWith("pt") ? Duration.parse(t)
                    : t.endsWith("ms") ? Duration.ofMillis(Long.parseLong(t.substring(0, t.length() - 2)))
                    : t.endsWith("s") ? Duration.ofSeconds(Long.parseLong(t.substring(0, t.length() - 1)))
                    : t.endsWith("m") ? Duration.ofMinutes(Long.parseLong(t.substring(0, t.length() - 1)))
                    : t.endsWith("h") ? Duration.ofHours(Long.parseLong(t.substring(0, t.length() - 1)))
                    : Duration.ofSeconds(Long.parseLong(t));
            if (d.isNegative() || d.isZero()) {
                throw new IllegalArgumentException();
            }
            return d;
        } catch (RuntimeException e) {
            throw new IllegalArgumentException(option + " '" + text + "' is not a positive duration; valid: e.g. 90s, 10m or 1h");
        }
    }

    /** A java binary, or a JDK home holding bin/java. */
    static Path javaBinary(Path given) {
        if (given == null) {
            return Path.of(System.getProperty("java.home"), "bin", "java");
        }
        Path bin = Files.isDirectory(given) ? given.resolve("bin/java") : given;
        if (!Files.isExecutable(bin)) {
            throw new IllegalArgumentException("--jvm '" + given + "' is neither a java binary nor a JDK home with bin/java");
        }
        return bin;
    }
}
