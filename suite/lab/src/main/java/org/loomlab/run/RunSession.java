package org.loomlab.run;

import org.loomlab.catalogue.ExperimentSpec;
import org.loomlab.fingerprint.HostFingerprint;
import org.loomlab.fingerprint.JdkFingerprint;
import org.loomlab.fingerprint.SuiteFingerprint;
import org.loomlab.fixturehost.Fixture;
import org.loomlab.fixturehost.FixtureMode;
import org.loomlab.layout.BuildLayout;
import org.loomlab.layout.Ids;
import org.loomlab.plan.CellPlan;
import org.loomlab.plan.Experiments;
import org.loomlab.plan.Interleaving;
import org.loomlab.plan.PlanRequest;
import org.loomlab.plan.Policy;
import org.loomlab.plan.Profile;
import org.loomlab.plan.RunBudget;
import org.loomlab.plan.RunPlan;
import org.loomlab.plan.Settings;
import org.loomlab.plan.Stretch;
import org.loomlab.plan.TurnOrder;
import org.loomlab.progress.CellHistory;
import org.loomlab.progress.Progress;
import org.loomlab.progress.ProgressLog;
import org.loomlab.record.Cell;
import org.loomlab.record.CellStatus;
import org.loomlab.record.FixtureInfo;
import org.loomlab.record.Host;
import org.loomlab.record.Jdk;
import org.loomlab.record.RecordJson;
import org.loomlab.record.ResultsLayout;
import org.loomlab.record.RunRecord;
import org.loomlab.record.RunStatus;
import org.loomlab.text.Figures;
import org.loomlab.report.PrecisionTable;
import org.loomlab.report.RunExports;
import org.loomlab.report.RunVerdict;
import org.loomlab.report.TerminalTable;

import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * One {@code loom-lab run}, from its inputs to its record: plans the cells (or, resuming, takes them from the run's
 * plan), fingerprints host and JDK, starts the fixture, takes the run directory's lock, keeps the plan and runs the
 * cells; a shutdown hook stops the fixture however the run ends.
 *
 * <p>Pitfalls it guards against: a directory left behind by bad input (every input is checked before the first
 * directory is made, the fixture started before it), and a resume that mixes another profile's cells into a record
 * (a resumed run is finished from its {@code plan.json}, never from flags typed again).
 */
public final class RunSession {

    /**
     * What the command line asked, each value already of its type.
     *
     * @param java       the java binary the cells run on
     * @param results    where result sets go (results/HOST/JDK/RUN)
     * @param runId      the run directory's name, or null for the UTC time and profile
     * @param hostId     the host's name in results/ and the record, or null for its fingerprint's
     * @param jdkId      the JDK's name in results/, or null for vendor-feature
     * @param jvmArgs    flags for the measured JVMs as typed, or null for the profile's
     * @param fixture    auto, container, local or the http:// URL of a running fixture
     * @param profilers  {@code --prof}, applied to JMH cells
     * @param resume     finish the run named by {@code runId} as it was planned
     * @param strict     fail the run when any cell timed out, failed or missed its target
     * @param topUp      with {@code resume}, the forks' time a top-up of the finished run's lanes may spend; else null
     */
    public record Request(Path home, Path benchmarks, Path java, Path results, String runId, String hostId,
                          String jdkId, String jvmArgs, String fixture, List<Profiler> profilers, boolean resume,
                          boolean strict, PlanRequest plan, List<LaneSpec> lanes, Long turnSeed, Duration topUp) {

        public Request {
            profilers = List.copyOf(profilers);
            lanes = List.copyOf(lanes);
        }

        /** A run or resume without a top-up. */
        public Request(Path home, Path benchmarks, Path java, Path results, String runId, String hostId, String jdkId,
                       String jvmArgs, String fixture, List<Profiler> profilers, boolean resume, boolean strict,
                       PlanRequest plan, List<LaneSpec> lanes, Long turnSeed) {
            this(home, benchmarks, java, results, runId, hostId, jdkId, jvmArgs, fixture, profilers, resume, strict, plan,
                    lanes, turnSeed, null);
        }

        /** A run on one JDK, its turns (of {@code --interleave} groups) in a fresh order. */
        public Request(Path home, Path benchmarks, Path java, Path results, String runId, String hostId, String jdkId,
                       String jvmArgs, String fixture, List<Profiler> profilers, boolean resume, boolean strict,
                       PlanRequest plan) {
            this(home, benchmarks, java, results, runId, hostId, jdkId, jvmArgs, fixture, profilers, resume, strict, plan,
                    List.of(), null);
        }
    }

    private final Request request;
    private final PrintStream out;

    public RunSession(Request request, PrintStream out) {
        this.request = request;
        this.out = out;
    }

    /** Ids become directory names: a one-line error unless {@code value} (when given) is a safe one. */
    public static void checkId(String what, String value) {
        Ids.check(what, value);
    }

    /**
     * Runs the session. True when the run completed (or had completed: nothing to resume) and, under
     * {@link Request#strict()}, every cell ended ok within its target.
     */
    public boolean run() throws Exception {
        // Every input is checked before the first directory is made: bad input leaves nothing behind.
        PlanRequest asked = request.plan();
        Profile chosen = asked.chosenProfile();
        Experiments catalogue = Experiments.in(request.benchmarks());
        List<CellPlan> plans = asked.cells(catalogue, chosen);
        Duration cellTimeout = asked.timeout(chosen);
        Policy policy = asked.policy(chosen);
        if (policy.detect() != null && request.lanes().isEmpty()) {
            throw new IllegalArgumentException("--detect " + Figures.percent(policy.detect().change()) + ": a change is "
                    + "called between lanes that take turns, and this run has one JDK; valid: two or more --lane, or --precision");
        }
        RunBudget shared = asked.runBudget(chosen);
        Interleaving interleaving = asked.interleaving(plans);
        if (request.topUp() != null && !request.resume()) {
            TopUpRefusal.refuseWithoutResume();
        }
        if (request.resume() && request.runId() == null) {
            throw new IllegalArgumentException("--resume needs the --run-id of the run to finish");
        }
        checkId("run id", request.runId());
        checkId("host id", request.hostId());
        FixtureMode.check(request.fixture());
        CellProfilers profilers = new CellProfilers(request.profilers(),
                new BuildLayout(request.home()).asyncProfilerJar());
        boolean network = needsFixture(plans);

        Host read = new HostFingerprint().read();
        Host host = request.hostId() == null ? read : read.named(request.hostId());
        String jvmArgs = request.jvmArgs();
        List<String> flags = jvmArgs == null ? chosen.jvmArgs(host.memoryBytes())
                : jvmArgs.isBlank() ? List.of() : List.of(jvmArgs.trim().split("\\s+"));

        TurnOrder turns = TurnOrder.seeded(request.turnSeed());
        if (!request.lanes().isEmpty()) {
            return new LaneRun(this, request, out).run(chosen, plans, cellTimeout, policy, shared, interleaving, turns,
                    profilers, host, flags, catalogue);
        }
        Jdk probed = JdkFingerprint.probe(request.java(), request.benchmarks(), flags, request.jdkId());
        // Set by `loom-lab matrix` for the runner container it starts: the record names its image.
        String image = System.getenv("LOOMLAB_IMAGE");
        Jdk jdk = image == null ? probed : probed.inImage(image, System.getenv("LOOMLAB_IMAGE_ID"));
        Instant started = Instant.now();
        String id = request.runId() != null ? request.runId()
                : DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss").withZone(ZoneOffset.UTC).format(started) + "-" + chosen.label();
        Path dir = new ResultsLayout(request.results()).runDir(host.name(), jdk.id(), id);
        // The plan names the benchmarks jar by its hash, and a resume must find the same one.
        String benchmarks = SuiteFingerprint.sha256(request.benchmarks());
        RunRecord previous = null;
        if (request.topUp() != null && !Files.exists(ResultsLayout.runJson(dir))) {
            TopUpRefusal.refuseNoRecord(id, ResultsLayout.runJson(dir));
        }
        if (Files.exists(ResultsLayout.runJson(dir)) && request.resume()) {
            RunLock.requireFree(dir);
            previous = RecordJson.read(ResultsLayout.runJson(dir));
            Optional<RunPlan> planned = RunPlan.read(dir);
            if (request.topUp() != null) {
                // No lanes given: a run of one JDK, or lanes not named again.
                TopUpRefusal.refuseWithoutLanes(id, planned.map(RunPlan::lanes).orElse(null));
            }
            if (planned.isPresent()) {
                // The run goes on as it was planned; flags typed again could only make a record of two kinds.
                refuseOverrides(id, planned.get());
                planned.get().refuseOtherBenchmarks(id, benchmarks);
                chosen = planned.get().chosenProfile();
                plans = planned.get().cellPlans(catalogue);
                policy = planned.get().policy();
                shared = planned.get().runBudget();
                cellTimeout = planned.get().timeout();
                interleaving = planned.get().interleaving();
                turns = planned.get().turnOrder();
            } else {
                // Made before plans were kept: the record's profile, the cells the flags name.
                if (asked.profile() != null && !asked.profile().equals(previous.profile())) {
                    throw new IllegalArgumentException("--profile " + asked.profile() + " does not match the profile of run " + id
                            + " (" + previous.profile() + "); leave --profile out to finish it as it began");
                }
                chosen = Profile.of(previous.profile());
                plans = asked.cells(catalogue, chosen);
                policy = asked.policy(chosen);
                shared = asked.runBudget(chosen);
                cellTimeout = asked.timeout(chosen);
            }
            flags = previous.jdk().jvmArgs();
            network = needsFixture(plans);
        } else if (Files.exists(dir)) {
            throw new IllegalArgumentException("run directory exists already: " + dir
                    + " (choose another --run-id, or --resume to finish it)");
        } else {
            RunLock.abandonedSiblings(dir.getParent()).forEach(note -> out.println("note: " + note));
        }
        List<CellPlan> todo = interleaving.order(previous == null ? plans : missing(plans, previous));
        List<Cell> kept = previous == null ? List.of() : finished(previous);
        if (previous != null && todo.isEmpty() && previous.status() == RunStatus.COMPLETE) {
            out.println("loom-lab run: " + ResultsLayout.runJson(dir) + " is complete; nothing to resume");
            return true;
        }
        RunRecord resumedFrom = previous;
        List<CellPlan> allPlans = plans;
        Policy chosenPolicy = policy;
        Duration timeout = cellTimeout;
        Interleaving grouped = interleaving;
        Profile profile = chosen;
        RunBudget budget = shared;
        RunBudget running = previous == null ? shared : shared.forCellsLeft(todo.size(), plans.size());
        TurnOrder order = turns;
        List<String> forkFlags = flags;
        return withFixture(network, served -> {
            FixtureInfo by = served == null ? null : served.info();
            RunRecord start = resumedFrom != null ? resumedFrom.resumed(kept, by)
                    : new RunRecord(RunRecord.SCHEMA_VERSION, id, started, null, profile.label(), RunStatus.RUNNING,
                    host, jdk, SuiteFingerprint.read(request.home()), by, List.of());
            if (resumedFrom != null) {
                out.printf("loom-lab run: resuming %s: %d cells kept, %d to run%n", dir, allPlans.size() - todo.size(),
                        todo.size());
            }
            try (RunLock owned = RunLock.take(dir)) {
                RunPlan.of(profile, chosenPolicy, budget, timeout, allPlans, grouped, order, List.of())
                        .withBenchmarks(benchmarks).write(dir);
                // Earlier runs of the profile on this host: what each cell took, and how far its forks spread.
                CellHistory history = CellHistory.of(dir.getParent().getParent(), profile.label());
                return cells(start, todo, allPlans.size() - todo.size(), dir, new CellJvm(request.java(), request.benchmarks(),
                        forkFlags, profile, chosenPolicy, timeout, served == null ? null : served.url(), out, running, history,
                        order), profilers, grouped);
            }
        });
    }

    /** What runs while the fixture (or none) serves: the run's cells. */
    interface Served {
        boolean run(Fixture served) throws Exception;
    }

    /**
     * Runs {@code body} with the HTTP fixture started when {@code network} cells need it (before any run directory
     * exists: a fixture that cannot start leaves nothing behind), stopped however the run ends.
     */
    boolean withFixture(boolean network, Served body) throws Exception {
        Fixture served = network ? FixtureMode.start(request.fixture(), new BuildLayout(request.home()).fixtureJar(),
                request.java(), out) : null;
        Thread stopFixture = new Thread(() -> {
            if (served != null) {
                served.close();
            }
        }, "loom-lab-fixture-stop");
        Runtime.getRuntime().addShutdownHook(stopFixture);
        try {
            if (served != null) {
                out.println("fixture: " + served.info().kind() + " at " + served.url());
            }
            return body.run(served);
        } finally {
            try {
                Runtime.getRuntime().removeShutdownHook(stopFixture);
                stopFixture.run();
            } catch (IllegalStateException shuttingDown) {
                // The hook stops the fixture.
            }
        }
    }

    static boolean needsFixture(List<CellPlan> plans) {
        return plans.stream().anyMatch(p -> p.experiment().needsFixture(p.params()));
    }

    /** A one-line error naming every planning flag given with --resume, which takes them from the run's plan. */
    void refuseOverrides(String id, RunPlan planned) {
        List<String> named = new ArrayList<>(request.plan().given());
        if (request.jvmArgs() != null) {
            named.add("--jvm-args");
        }
        if (request.turnSeed() != null) {
            named.add("--turn-seed");
        }
        if (!named.isEmpty()) {
            throw new IllegalArgumentException("--resume finishes run " + id + " as it was planned (profile "
                    + planned.profile() + ", " + planned.cells().size() + " cells); leave out " + String.join(", ", named));
        }
    }

    /** Cells of {@code previous} that ended (interrupted ones run again). */
    static List<Cell> finished(RunRecord previous) {
        return previous.results().stream().filter(c -> c.status() != CellStatus.INTERRUPTED).toList();
    }

    /** The plans {@code previous} holds no finished cell for. */
    private static List<CellPlan> missing(List<CellPlan> plans, RunRecord previous) {
        Set<String> done = finished(previous).stream().map(RunSession::key).collect(Collectors.toSet());
        return plans.stream().filter(p -> !done.contains(key(p))).toList();
    }

    /** Which planned cell a recorded one is, by experiment and values (a cell's secondary metrics share it). */
    static String key(Cell cell) {
        return key(cell.experiment(), cell.params());
    }

    static String key(CellPlan plan) {
        return key(plan.experiment().label(), plan.params());
    }

    // sorted: a plan and its record may list a cell's params in different orders (pinning-probe and service do)
    private static String key(String experiment, Map<String, String> params) {
        return experiment + " " + new TreeMap<>(params);
    }

    /** Runs {@code plans} into the record {@code start}, with a line per cell, the table and the verdict at the end. */
    private boolean cells(RunRecord start, List<CellPlan> plans, int alreadyRun, Path dir, CellJvm forks,
                          CellProfilers profilers, Interleaving interleaving) throws Exception {
        Jdk jdk = start.jdk();
        Host host = start.host();
        out.printf("loom-lab run: %d cells of %s, profile %s, on %s %s (%s) at %s, host %s (%d CPUs, JVM sees %d)%n",
                plans.size(), experiments(plans), forks.profile().label(), jdk.id(), jdk.runtimeVersion(), jdk.vmName(),
                forks.java(), host.name(), host.cpus(), jdk.availableProcessors());
        LabRun run = labRun(Map.of(LabRun.OWN, dir), Map.of(LabRun.OWN, start), LaneRouting.NONE, plans, forks, profilers,
                interleaving);
        RunRecord done = run.run(plans, alreadyRun, progress(plans, forks, dir));
        out.println();
        out.print(TerminalTable.render(done.results(), TerminalTable.columns()));
        out.println("the axes that vary; every axis in the full table: loom-lab report " + run.runJson());
        out.println();
        out.println("record: " + run.runJson());
        out.println("exports: " + RunExports.write(dir, done));
        out.println("precision by experiment:");
        out.print(PrecisionTable.markdown(done));
        RunVerdict verdict = RunVerdict.of(done);
        verdict.lines(request.strict()).forEach(out::println);
        return done.status() == RunStatus.COMPLETE && (!request.strict() || verdict.clean());
    }

    static String experiments(List<CellPlan> plans) {
        return plans.stream().map(p -> p.experiment().label()).distinct().collect(Collectors.joining(", "));
    }

    /**
     * The run of {@code plans} into {@code starts} (one record, or one a lane), after a line on the policy: each cell
     * forked by its lane's JDK ({@code routing}), a cell whose flags (a collector) its JDK refuses skipped with the
     * JVM's reason, like one the host cannot start.
     */
    LabRun labRun(Map<String, Path> dirs, Map<String, RunRecord> starts, LaneRouting routing, List<CellPlan> plans,
                  CellJvm forks, CellProfilers profilers, Interleaving interleaving) {
        Profile chosen = forks.profile();
        Policy policy = forks.policy();
        Duration total = forks.runBudget().total();
        // A top-up's cells have had their pilot: the line on how they share its time is LaneRun's.
        out.println("policy: " + policyLine(forks) + (total == null || request.topUp() != null ? ""
                : "; the run's " + Progress.clock(total) + " shared among its cells (--run-budget)" + (policy.target() == null
                ? "" : ": a cell runs a pilot of " + Stretch.PILOT_FORKS + " forks, then forks on only while their spread "
                + "puts the target within what the run can spare")));
        plans.stream().map(p -> Settings.of(p, chosen)).filter(p -> p != chosen).distinct().forEach(p ->
                out.println("policy of " + Settings.AXIS + "=" + p.label() + ": " + policyLine(forks.under(p))));
        if (profilers.any() && plans.stream().anyMatch(p -> p.experiment().kind() != ExperimentSpec.Kind.JMH)) {
            out.println("note: --prof applies to JMH experiments only; scenario cells run without a profiler");
        }
        // A group's cells share their experiment and settings (they differ in another axis), so its first says which runner.
        Map<Profile, CellRunner> bySettings = new EnumMap<>(Profile.class);
        CellRunner byKind = (group, d, names) -> bySettings.computeIfAbsent(Settings.of(group.get(0), chosen),
                p -> byKind(forks.under(p), profilers, routing)).run(group, d, names);
        CellRunner cells = ThreadCeiling.ofThisHost().guarding(CellRunner.skipping(
                p -> VmOptions.refusal(routing.jvm(p, forks).java(), p.experiment().jvmArgs(p.params())), byKind));
        return new LabRun(dirs, starts, cells, out, forks.runBudget(), interleaving,
                p -> Settings.of(p, chosen).extraWarmup(p.experiment(), p.params()));
    }

    /** The progress of {@code plans}, priced by earlier runs here, its events kept in {@code dir}. */
    Progress progress(List<CellPlan> plans, CellJvm forks, Path dir) {
        CellHistory history = forks.history();
        return new Progress(out, history.plan(plans, p -> Settings.of(p, forks.profile()).plannedCellTime()),
                history.basis(plans), new ProgressLog(dir.resolve(ProgressLog.FILE), out), forks.runBudget());
    }

    /** The runner of JMH and scenario cells forked by {@code jvm}. */
    private static CellRunner byKind(CellJvm jvm, CellProfilers profilers, LaneRouting routing) {
        JmhCell jmh = new JmhCell(jvm, profilers, routing);
        ScenarioCell scenario = new ScenarioCell(jvm, routing);
        return (group, d, names) -> group.get(0).experiment().kind() == ExperimentSpec.Kind.JMH ? jmh.run(group, d, names)
                : scenario.run(group, d, names);
    }

    /** What a cell forked by {@code jvm} aims for and may spend. */
    static String policyLine(CellJvm jvm) {
        Policy policy = jvm.policy();
        return String.format(java.util.Locale.ROOT, "%s; %d to %d forks a cell within a budget of %s; forks stop after %s",
                policy.detect() != null ? "each lane's ratio to the first able to call a change of "
                        + Figures.percent(policy.detect().change()) + " (±" + Figures.percent(policy.detect().halfWidth())
                        + " at Holm's first level over " + policy.detect().cells() + " cells' rows)"
                        : policy.target() == null ? "no precision target" : "±" + Figures.percent(policy.target()) + " at "
                        + Figures.percent(policy.confidence()),
                policy.minForks(), policy.maxForks(), Progress.clock(policy.budget()), Progress.clock(jvm.timeout()));
    }
}
