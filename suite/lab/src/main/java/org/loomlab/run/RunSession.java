package org.loomlab.run;

import org.loomlab.catalogue.ExperimentSpec;
import org.loomlab.fingerprint.HostFingerprint;
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
import org.loomlab.plan.Settings;
import org.loomlab.plan.Stretch;
import org.loomlab.plan.TurnOrder;
import org.loomlab.progress.CellHistory;
import org.loomlab.progress.Progress;
import org.loomlab.progress.ProgressLog;
import org.loomlab.record.FixtureInfo;
import org.loomlab.record.Host;
import org.loomlab.record.RecordJson;
import org.loomlab.record.RunRecord;
import org.loomlab.record.RunStatus;
import org.loomlab.text.Figures;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * One session of a {@code loom-lab run}, from its inputs to its records, for one JDK and for lanes that take turns
 * alike (a run of one JDK is a run of one lane): checks every input, fingerprints host and JDKs, plans the cells (or,
 * resuming, takes them from the run's plan), starts the fixture, takes each lane's lock, keeps the plan, runs the cells
 * ({@link CellsLeft}) or a top-up's ({@link TopUp}) and ends with each lane's record, and each lane against the first,
 * told to its {@link RunListener}. A shutdown hook stops the fixture however the run ends.
 *
 * <p>Lanes take turns fork by fork ({@code run --jvm A,B}, {@code --lane}): every cell runs in rounds, one fork per lane
 * a round, each round's order shuffled ({@link TurnOrder}), so whatever drifts while the run goes on (the VM's
 * neighbours, heat, the page cache) reaches every lane alike. Each lane keeps a record of its own in
 * {@code results/<host>/<lane>/<run>/}, read like any run's; the run ends with each lane against the first, paired
 * round by round ({@code diff-vs-<first>.md} beside the lane's record).
 *
 * <p>Pitfalls it guards against: a directory left behind by bad input (every input is checked before the first
 * directory is made, the fixture started before it); a resume that mixes another profile's cells into a record (a
 * resumed run is finished from its {@code plan.json}, never from flags typed again); a comparison of JDKs run one after
 * the other, which carries the whole run-to-run variance of the host; a fixed order of turns, which gives one lane
 * every "second fork" effect; lanes that cannot be told apart in results/ (two lanes of one name are refused).
 */
public final class RunSession {

    private final RunOptions options;
    private final RunListener listener;

    public RunSession(RunOptions options, RunListener listener) {
        this.options = options;
        this.listener = listener;
    }

    /**
     * Runs the session and tells {@link RunListener#ended} its records; {@link RunEnd#NOTHING_LEFT} when the run had
     * completed (nothing to resume) or a top-up found no cell to carry on.
     */
    public RunEnd run() throws Exception {
        // Every input is checked before the first directory is made: bad input leaves nothing behind.
        PlanRequest asked = options.plan();
        Profile chosen = asked.chosenProfile();
        Experiments catalogue = Experiments.in(options.benchmarks());
        List<CellPlan> plans = asked.cells(catalogue, chosen);
        Duration cellTimeout = asked.timeout(chosen);
        Policy policy = asked.policy(chosen);
        if (policy.detect() != null && !options.inTurns()) {
            throw new IllegalArgumentException("--detect " + Figures.percent(policy.detect().change()) + ": a change is "
                    + "called between lanes that take turns, and this run has one JDK; valid: two or more --lane, or --precision");
        }
        RunBudget shared = asked.runBudget(chosen);
        Interleaving interleaving = asked.interleaving(plans);
        if (options.topUp() != null && !options.resume()) {
            TopUpRefusal.refuseWithoutResume();
        }
        if (options.resume() && options.runId() == null) {
            throw new IllegalArgumentException("--resume needs the --run-id of the run to finish");
        }
        Ids.check("run id", options.runId());
        Ids.check("host id", options.hostId());
        FixtureMode.check(options.fixture());
        CellProfilers profilers = new CellProfilers(options.profilers(),
                new BuildLayout(options.home()).asyncProfilerJar());

        Host read = new HostFingerprint().read();
        Host host = options.hostId() == null ? read : read.named(options.hostId());
        String jvmArgs = options.jvmArgs();
        List<String> flags = jvmArgs == null ? chosen.jvmArgs(host.memoryBytes())
                : jvmArgs.isBlank() ? List.of() : List.of(jvmArgs.trim().split("\\s+"));
        TurnOrder turns = TurnOrder.seeded(options.turnSeed());
        if (options.inTurns()) {
            refuseWhatDoesNotCombine(interleaving);
        }
        SessionPlan planned = SessionPlan.asked(chosen, plans, policy, shared, cellTimeout, interleaving, turns);

        // The plan names the benchmarks jar by its hash, and a resume must find the same one.
        String benchmarks = SuiteFingerprint.sha256(options.benchmarks());
        Instant started = Instant.now();
        String id = options.runId() != null ? options.runId()
                : DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss").withZone(ZoneOffset.UTC).format(started) + "-" + chosen.label();
        List<SessionLane> lanes = options.inTurns() ? SessionLane.inTurns(options, host, flags, id)
                : List.of(SessionLane.one(options, host, flags, id, listener));
        Set<String> laneAxes = LaneSpec.ownAxes(options.lanes().stream().map(LaneSpec::own).toList(), plans);
        // Resumed, the run keeps its plan's profile and its order (plan.json keeps the cells in the order they began in).
        planned = !options.inTurns() ? planned.forOneJdk(options, lanes.get(0), id, catalogue, benchmarks)
                : options.resume() ? SessionPlan.resumedInTurns(options, lanes, id, catalogue, benchmarks) : planned;
        CellHistory history = history(lanes, planned);
        SessionCells cells;
        if (options.topUp() != null) {
            Optional<TopUp> topUp = TopUp.of(options, lanes, id, planned, laneAxes, started, listener);
            if (topUp.isEmpty()) {
                return RunEnd.NOTHING_LEFT;
            }
            cells = topUp.get();
        } else {
            if (options.inTurns() && !options.resume()) {
                planned = planned.inTurns(lanes.size(), history);
            }
            SessionLane only = lanes.get(0);
            if (options.inTurns() && planned.nothingLeft()) {
                listener.line("loom-lab run: every lane of run " + id + " is complete; nothing to resume");
                return RunEnd.NOTHING_LEFT;
            }
            if (!options.inTurns() && only.previous() != null && planned.nothingLeft()
                    && only.previous().status() == RunStatus.COMPLETE) {
                listener.line("loom-lab run: " + only.runJson() + " is complete; nothing to resume");
                return RunEnd.NOTHING_LEFT;
            }
            cells = new CellsLeft(options, lanes, planned, id, benchmarks, host, started, laneAxes, listener);
        }
        return session(lanes, cells, history, profilers, laneAxes);
    }

    /** Earlier runs of the profile on this host: what each cell took, and how far its forks spread. */
    private static CellHistory history(List<SessionLane> lanes, SessionPlan planned) throws Exception {
        return CellHistory.of(lanes.get(0).dir().getParent().getParent(), planned.chosen().label());
    }

    /**
     * The session's sequence once its cells are known: the fixture, each lane's record to start from and its lock,
     * the cells run into their lanes' records, and the end told to the listener.
     */
    private RunEnd session(List<SessionLane> lanes, SessionCells cells, CellHistory history, CellProfilers profilers,
                           Set<String> laneAxes) throws Exception {
        return withFixture(cells.network(), served -> {
            FixtureInfo by = served == null ? null : served.info();
            SessionLane first = lanes.get(0);
            CellJvm base = cells.forks(first, served == null ? null : served.url(), listener.console(), history);
            Map<String, CellJvm> jvms = new LinkedHashMap<>();
            Map<String, Path> dirs = new LinkedHashMap<>();
            Map<String, RunRecord> starts = new LinkedHashMap<>();
            for (SessionLane lane : lanes) {
                jvms.put(lane.name(), base.inLane(lane.asked().java(), lane.flags(), history));
                dirs.put(lane.name(), lane.dir());
                starts.put(lane.name(), cells.start(lane, by));
            }
            cells.opening();
            List<RunLock> locks = new ArrayList<>();
            try {
                for (SessionLane lane : lanes) {
                    locks.add(RunLock.take(lane.dir()));
                }
                cells.locked();
                LabRun run = labRun(dirs, starts, cells.routing(jvms, dirs), cells.cells(), base, profilers,
                        cells.interleaving());
                Map<String, RunRecord> records = cells.run(run, progress(cells.cells(), base, first.dir()));
                return ended(lanes, records, laneAxes);
            } finally {
                for (RunLock lock : locks) {
                    lock.close();
                }
            }
        });
    }

    /** Each lane's record, and every lane against the first, paired round by round, written beside its record. */
    private RunEnd ended(List<SessionLane> lanes, Map<String, RunRecord> records, Set<String> laneAxes) throws Exception {
        List<RunEnd.Lane> ends = lanes.stream().map(l -> new RunEnd.Lane(l.name(), l.dir(), records.get(l.name()))).toList();
        List<RunEnd.Diff> diffs = new ArrayList<>();
        SessionLane baseline = lanes.get(0);
        for (SessionLane lane : lanes.subList(1, lanes.size())) {
            var diff = SessionLane.paired(baseline, lane, records, laneAxes);
            String stem = "diff-vs-" + baseline.name();
            String md = diff.markdown(false);
            Files.writeString(lane.dir().resolve(stem + ".md"), md);
            RecordJson.writeAtomically(lane.dir().resolve(stem + ".json"), diff.result());
            diffs.add(new RunEnd.Diff(lane.name(), baseline.name(), lane.dir().resolve(stem + ".md"), md));
        }
        RunEnd end = new RunEnd(ends, diffs);
        listener.ended(end);
        return end;
    }

    /** What runs while the fixture (or none) serves: the run's cells. */
    private interface Served {
        RunEnd run(Fixture served) throws Exception;
    }

    /**
     * Runs {@code body} with the HTTP fixture started when {@code network} cells need it (before any run directory
     * exists: a fixture that cannot start leaves nothing behind), stopped however the run ends.
     */
    private RunEnd withFixture(boolean network, Served body) throws Exception {
        Fixture served = network ? FixtureMode.start(options.fixture(), new BuildLayout(options.home()).fixtureJar(),
                options.java(), listener.console()) : null;
        Thread stopFixture = new Thread(() -> {
            if (served != null) {
                served.close();
            }
        }, "loom-lab-fixture-stop");
        Runtime.getRuntime().addShutdownHook(stopFixture);
        try {
            if (served != null) {
                listener.line("fixture: " + served.info().kind() + " at " + served.url());
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

    /** Two lanes or more, taking turns of their own. */
    private void refuseWhatDoesNotCombine(Interleaving interleaving) {
        if (options.lanes().size() < 2) {
            throw new IllegalArgumentException("lanes take turns: give two or more, e.g. --jvm JDK_A,JDK_B or --lane a=JDK_A "
                    + "--lane b=JDK_B (got " + options.lanes().size() + ")");
        }
        if (interleaving.axis() != null) {
            throw new IllegalArgumentException("--interleave " + interleaving.axis() + " does not combine with lanes: a run "
                    + "takes turns between lanes or between the values of one axis; valid: one of them");
        }
        if (options.jdkId() != null) {
            throw new IllegalArgumentException("--jdk-id names the JDK of a run on one; lanes are named with --lane NAME=JVM");
        }
    }

    /**
     * The run of {@code plans} into {@code starts} (one record, or one a lane), after a line on the policy: each cell
     * forked by its lane's JDK ({@code routing}), a cell whose flags (a collector) its JDK refuses skipped with the
     * JVM's reason, like one the host cannot start.
     */
    private LabRun labRun(Map<String, Path> dirs, Map<String, RunRecord> starts, LaneRouting routing, List<CellPlan> plans,
                          CellJvm forks, CellProfilers profilers, Interleaving interleaving) {
        Profile chosen = forks.profile();
        Policy policy = forks.policy();
        Duration total = forks.runBudget().total();
        // A top-up's cells have had their pilot: the line on how they share its time is TopUp's.
        listener.line("policy: " + policyLine(forks) + (total == null || options.topUp() != null ? ""
                : "; the run's " + Progress.clock(total) + " shared among its cells (--run-budget)" + (policy.target() == null
                ? "" : ": a cell runs a pilot of " + Stretch.PILOT_FORKS + " forks, then forks on only while their spread "
                + "puts the target within what the run can spare")));
        plans.stream().map(p -> Settings.of(p, chosen)).filter(p -> p != chosen).distinct().forEach(p ->
                listener.line("policy of " + Settings.AXIS + "=" + p.label() + ": " + policyLine(forks.under(p))));
        if (profilers.any() && plans.stream().anyMatch(p -> p.experiment().kind() != ExperimentSpec.Kind.JMH)) {
            listener.line("note: --prof applies to JMH experiments only; scenario cells run without a profiler");
        }
        // A group's cells share their experiment and settings (they differ in another axis), so its first says which runner.
        Map<Profile, CellRunner> bySettings = new EnumMap<>(Profile.class);
        CellRunner byKind = (group, d, names) -> bySettings.computeIfAbsent(Settings.of(group.get(0), chosen),
                p -> byKind(forks.under(p), profilers, routing)).run(group, d, names);
        CellRunner cells = ThreadCeiling.ofThisHost().guarding(CellRunner.skipping(
                p -> VmOptions.refusal(routing.jvm(p, forks).java(), p.experiment().jvmArgs(p.params())), byKind));
        return new LabRun(dirs, starts, cells, listener.console(), forks.runBudget(), interleaving,
                p -> Settings.of(p, chosen).extraWarmup(p.experiment(), p.params()));
    }

    /** The progress of {@code plans}, priced by earlier runs here, its events kept in {@code dir}. */
    private Progress progress(List<CellPlan> plans, CellJvm forks, Path dir) {
        CellHistory history = forks.history();
        return new Progress(listener.console(), history.plan(plans, p -> Settings.of(p, forks.profile()).plannedCellTime()),
                history.basis(plans), new ProgressLog(dir.resolve(ProgressLog.FILE), listener.console()), forks.runBudget());
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
