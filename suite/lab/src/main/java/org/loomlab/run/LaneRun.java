package org.loomlab.run;

import org.loomlab.compare.RunDiff;
import org.loomlab.compare.VerdictRules;
import org.loomlab.fingerprint.JdkFingerprint;
import org.loomlab.fingerprint.SuiteFingerprint;
import org.loomlab.plan.CellPlan;
import org.loomlab.plan.Experiments;
import org.loomlab.plan.Interleaving;
import org.loomlab.plan.Policy;
import org.loomlab.plan.Profile;
import org.loomlab.plan.RunBudget;
import org.loomlab.plan.RunPlan;
import org.loomlab.plan.TurnOrder;
import org.loomlab.progress.CellHistory;
import org.loomlab.progress.Progress;
import org.loomlab.record.Cell;
import org.loomlab.record.CellStatus;
import org.loomlab.record.FixtureInfo;
import org.loomlab.record.Host;
import org.loomlab.record.Jdk;
import org.loomlab.record.Lanes;
import org.loomlab.record.RecordJson;
import org.loomlab.record.ResultsLayout;
import org.loomlab.record.RunRecord;
import org.loomlab.record.RunStatus;
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
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * A run whose JDKs take turns ({@code run --jvm A,B}, {@code --lane}): every cell runs in rounds, one fork per lane a
 * round, each round's order shuffled ({@link TurnOrder}), so whatever drifts while the run goes on (the VM's neighbours,
 * heat, the page cache) reaches every lane alike. Each lane keeps a record of its own in
 * {@code results/<host>/<lane>/<run>/}, read like any run's; the run ends with each lane against the first, paired round
 * by round ({@code diff-vs-<first>.md} beside the lane's record).
 *
 * <p>Pitfalls it guards against: a comparison of JDKs run one after the other, which carries the whole run-to-run
 * variance of the host; a fixed order, which gives one lane every "second fork" effect; lanes that cannot be told
 * apart in results/ (two lanes of one name are refused).
 */
final class LaneRun {

    /** A lane ready to run: its name, JDK, flags and run directory; resumed, its record so far. */
    private record Lane(String name, LaneSpec asked, Jdk jdk, List<String> flags, Path dir, RunRecord previous) {
    }

    /**
     * What the run keeps to: as asked, or, resumed, as its plan says (each lane's record starts from the cells every lane
     * finished, so each cell's rounds all come from one session and stay paired).
     *
     * @param perCell   a cell's policy, its budget its lanes' together
     * @param shared    the run's budget as planned (what the plan keeps)
     * @param running   what this session's cells share of it
     * @param alreadyRun cells (lane by lane) finished before this session, after which its cell files are numbered
     */
    private record Planned(Profile chosen, List<CellPlan> plans, List<CellPlan> todo, Policy perCell, RunBudget shared,
                           RunBudget running, Duration timeout, TurnOrder turns, int alreadyRun) {
    }

    private final RunSession session;
    private final RunSession.Request request;
    private final PrintStream out;

    LaneRun(RunSession session, RunSession.Request request, PrintStream out) {
        this.session = session;
        this.request = request;
        this.out = out;
    }

    boolean run(Profile chosen, List<CellPlan> plans, Duration cellTimeout, Policy policy, RunBudget shared,
                Interleaving interleaving, TurnOrder turns, CellProfilers profilers, Host host, List<String> flags,
                Experiments catalogue) throws Exception {
        refuseWhatDoesNotCombine(interleaving);
        String benchmarks = SuiteFingerprint.sha256(request.benchmarks());
        Instant started = Instant.now();
        String id = request.runId() != null ? request.runId()
                : DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss").withZone(ZoneOffset.UTC).format(started) + "-" + chosen.label();
        List<Lane> lanes = lanes(host, flags, id);
        List<String> names = lanes.stream().map(Lane::name).toList();
        Set<String> laneAxes = LaneSpec.ownAxes(request.lanes().stream().map(LaneSpec::own).toList(), plans);
        Path hostDir = lanes.get(0).dir().getParent().getParent();
        // Resumed, the run keeps its plan's profile and its order (plan.json keeps the cells in the order they began in).
        Planned resumed = request.resume() ? resumed(lanes, id, catalogue, benchmarks) : null;
        if (request.topUp() != null) {
            TopUpRefusal.refuseUnfinished(id, resumed.todo().size());
            return topUp(lanes, id, resumed, laneAxes, hostDir, profilers, started);
        }
        CellHistory history = CellHistory.of(hostDir, (resumed != null ? resumed.chosen() : chosen).label());
        Policy perCell = policy.forCells(plans.size()).withBudget(policy.budget().multipliedBy(lanes.size()));
        CheapestFirst.Order order = resumed != null ? null : CheapestFirst.of(plans, chosen, perCell, lanes.size(), history);
        Planned planned = resumed != null ? resumed
                : new Planned(chosen, order.plans(), order.plans(), perCell, shared, shared, cellTimeout, turns, 0);
        if (planned.todo().isEmpty()) {
            out.println("loom-lab run: every lane of run " + id + " is complete; nothing to resume");
            return true;
        }
        List<CellPlan> turnsOf = planned.todo().stream()
                .flatMap(p -> lanes.stream().map(l -> p.inLane(l.name(), l.asked().own()))).toList();
        return session.withFixture(RunSession.needsFixture(planned.todo()), served -> {
            String url = served == null ? null : served.url();
            Lane first = lanes.get(0);
            CellJvm base = new CellJvm(first.asked().java(), request.benchmarks(), first.flags(), planned.chosen(),
                    planned.perCell(), planned.timeout(), url, out, planned.running(), history, planned.turns());
            FixtureInfo by = served == null ? null : served.info();
            Setup setup = Setup.of(lanes, base, history, lane -> lane.previous() != null
                    ? lane.previous().resumed(kept(lane, planned), by)
                    : new RunRecord(RunRecord.SCHEMA_VERSION, id, started, null, planned.chosen().label(),
                    RunStatus.RUNNING, host, lane.jdk(), SuiteFingerprint.read(request.home()), by, List.of())
                    .withLanes(new Lanes(lane.name(), names, planned.turns().seed())));
            List<RunLock> locks = new ArrayList<>();
            try {
                for (Lane lane : lanes) {
                    locks.add(RunLock.take(lane.dir()));
                    if (!request.resume()) {
                        RunPlan.of(planned.chosen(), planned.perCell(), planned.shared(), planned.timeout(), planned.plans(),
                                Interleaving.NONE, planned.turns(), names).withBenchmarks(benchmarks).write(lane.dir());
                    }
                }
                out.printf("loom-lab run: %d cells of %s, profile %s, in %d lanes taking turns fork by fork (each round's "
                                + "order shuffled, seed %d), host %s (%d CPUs)%n", planned.todo().size(),
                        RunSession.experiments(planned.todo()), planned.chosen().label(), lanes.size(), planned.turns().seed(),
                        host.name(), host.cpus());
                if (order != null && order.line() != null) {
                    out.println("loom-lab run: " + order.line());
                }
                if (request.resume()) {
                    out.printf("loom-lab run: resuming run %s: %d cells kept in every lane, %d to run%n", id,
                            planned.plans().size() - planned.todo().size(), planned.todo().size());
                }
                lanes.forEach(l -> out.printf("lane %s: %s %s (%s) at %s%s%n", l.name(), l.jdk().id(), l.jdk().runtimeVersion(),
                        l.jdk().vmName(), l.asked().java(), l.asked().flags().isEmpty() ? ""
                                : ", with " + String.join(" ", l.asked().flags())));
                LabRun run = session.labRun(setup.dirs(), setup.starts(), new LaneRouting(setup.jvms(), setup.dirs()), turnsOf, base, profilers,
                        Interleaving.ofLanes(laneAxes));
                run.run(turnsOf, planned.alreadyRun(), session.progress(turnsOf, base, first.dir()));
                return ended(lanes, run.records(), laneAxes);
            } finally {
                for (RunLock lock : locks) {
                    lock.close();
                }
            }
        });
    }

    /**
     * The run as planned, carried on: the cells every lane finished are kept, the others (a cell some lane did not
     * finish, its rounds cut short by whatever stopped the run) run again whole. A one-line error when the lanes or their
     * flags are not the ones the run began with, or a lane's record holds cells the plan does not.
     */
    private Planned resumed(List<Lane> lanes, String id, Experiments catalogue, String benchmarks) throws Exception {
        Path firstDir = lanes.get(0).dir();
        RunPlan plan = RunPlan.read(firstDir).orElseThrow(() -> new IllegalArgumentException("--resume: run " + id
                + " kept no plan (" + firstDir.resolve(RunPlan.FILE) + "); start it again with another --run-id"));
        List<String> names = lanes.stream().map(Lane::name).toList();
        if (!names.equals(plan.lanes())) {
            throw new IllegalArgumentException("--resume: run " + id + " took turns in lanes " + plan.lanes() + ", not "
                    + names + "; give the lanes it began with, in that order");
        }
        session.refuseOverrides(id, plan);
        plan.refuseOtherBenchmarks(id, benchmarks);
        if (request.topUp() != null) {
            TopUpRefusal.refuseUnlessTopUppable(id, plan);
        }
        List<CellPlan> plans = plan.cellPlans(catalogue);
        Map<String, Set<String>> finished = new LinkedHashMap<>();
        for (Lane lane : lanes) {
            Set<String> planned = plans.stream().map(p -> keyIn(lane, p)).collect(Collectors.toSet());
            Set<String> ended = new HashSet<>();
            for (Cell c : RunSession.finished(lane.previous())) {
                if (!planned.contains(RunSession.key(c))) {
                    throw new IllegalArgumentException("--resume: lane " + lane.name() + "'s record holds a cell this plan "
                            + "does not (" + c.experiment() + " " + c.params() + "); give the --lane-params it began with");
                }
                ended.add(RunSession.key(c));
            }
            finished.put(lane.name(), ended);
        }
        List<CellPlan> todo = plans.stream()
                .filter(p -> lanes.stream().anyMatch(l -> !finished.get(l.name()).contains(keyIn(l, p)))).toList();
        return new Planned(plan.chosenProfile(), plans, todo, plan.policy(), plan.runBudget(),
                plan.runBudget().forCellsLeft(todo.size(), plans.size()), plan.timeout(), plan.turnOrder(),
                (plans.size() - todo.size()) * lanes.size());
    }

    /** The cells of {@code lane}'s record that a resumed run keeps: those of the planned cells every lane finished. */
    private static List<Cell> kept(Lane lane, Planned planned) {
        Set<String> todo = planned.todo().stream().map(p -> keyIn(lane, p)).collect(Collectors.toSet());
        return RunSession.finished(lane.previous()).stream().filter(c -> !todo.contains(RunSession.key(c))).toList();
    }

    /** Which of {@code lane}'s recorded cells is the planned cell {@code plan}: its values with the lane's own. */
    private static String keyIn(Lane lane, CellPlan plan) {
        return RunSession.key(plan.inLane(lane.name(), lane.asked().own()));
    }

    /** Each lane's table, record and exports; then every lane against the first, paired round by round. */
    private boolean ended(List<Lane> lanes, Map<String, RunRecord> records, Set<String> laneAxes)
            throws Exception {
        boolean ok = true;
        for (Lane lane : lanes) {
            RunRecord done = records.get(lane.name());
            out.println();
            out.println("lane " + lane.name() + ":");
            out.print(TerminalTable.render(done.results(), TerminalTable.columns()));
            out.println("record: " + ResultsLayout.runJson(lane.dir()));
            out.println("exports: " + RunExports.write(lane.dir(), done));
            RunVerdict verdict = RunVerdict.of(done);
            verdict.lines(request.strict()).forEach(out::println);
            ok &= done.status() == RunStatus.COMPLETE && (!request.strict() || verdict.clean());
        }
        Lane baseline = lanes.get(0);
        for (Lane lane : lanes.subList(1, lanes.size())) {
            RunDiff diff = diff(baseline, lane, records, laneAxes);
            String stem = "diff-vs-" + baseline.name();
            String md = diff.markdown(false);
            Files.writeString(lane.dir().resolve(stem + ".md"), md);
            RecordJson.writeAtomically(lane.dir().resolve(stem + ".json"), diff.result());
            out.println();
            out.println("lane " + lane.name() + " against lane " + baseline.name() + ", paired round by round ("
                    + lane.dir().resolve(stem + ".md") + "):");
            out.print(md);
        }
        return ok;
    }

    /** {@code lane} against the first, paired round by round: what the run ends with, and what a top-up is priced by. */
    private static RunDiff diff(Lane baseline, Lane lane, Map<String, RunRecord> records, Set<String> laneAxes) {
        // Cells a lane measured at values of its own match the baseline's on the other axes.
        return RunDiff.of(ResultsLayout.runJson(baseline.dir()).toString(), records.get(baseline.name()).without(laneAxes),
                ResultsLayout.runJson(lane.dir()).toString(), records.get(lane.name()).without(laneAxes),
                VerdictRules.defaults().inRounds(), false);
    }

    /**
     * A finished run carried on ({@code --top-up}): the cells whose ratio cannot yet call the plan's change get more
     * rounds, cheapest first within the top-up's time ({@link TopUpChoice}); each keeps its rounds and names, its new
     * rounds shuffled from the plan's seed and their index, and its record is pooled again over all its forks. The
     * record's lanes block says which session ran which rounds. Earlier forks whose raw files are not here (a fresh
     * checkout) are pooled from the record's fork samples; whether it can stand in for them is checked, with the lanes'
     * rounds, before anything is written.
     */
    private boolean topUp(List<Lane> lanes, String id, Planned planned, Set<String> laneAxes, Path hostDir,
                          CellProfilers profilers, Instant started) throws Exception {
        Map<String, RunRecord> before = new LinkedHashMap<>();
        lanes.forEach(l -> before.put(l.name(), l.previous()));
        List<RunDiff.Row> rows = new ArrayList<>();
        for (Lane lane : lanes.subList(1, lanes.size())) {
            rows.addAll(diff(lanes.get(0), lane, before, laneAxes).result().rows());
        }
        Policy policy = planned.perCell();
        TopUpChoice.Choice choice = TopUpChoice.of(TopUpChoice.candidates(planned.plans(), rows, policy.detect().change(),
                laneAxes, p -> recorded(lanes.get(0), p).precision().forks(),
                p -> lanes.stream().mapToDouble(l -> recorded(l, p).wallSeconds() / recorded(l, p).precision().forks()).sum()),
                planned.plans().size(), policy.detect().change(), request.topUp());
        out.println("loom-lab run: " + choice.line());
        if (choice.taken().isEmpty()) {
            out.println("loom-lab run: nothing to top up in run " + id);
            return true;
        }
        Map<String, ToppedUp> toppedUp = new LinkedHashMap<>();
        List<Path> strays = new ArrayList<>();
        List<CellPlan> turnsOf = new ArrayList<>();
        List<String> names = new ArrayList<>();
        int fromRecord = 0;
        for (TopUpChoice.Candidate c : choice.taken()) {
            List<Integer> rounds = lanes.stream().map(l -> recorded(l, c.plan()).precision().forks()).toList();
            if (rounds.stream().distinct().count() != 1) {
                TopUpRefusal.refuseUnpaired(id, c.plan().experiment().label() + " " + c.plan().params(), rounds);
            }
            for (Lane lane : lanes) {
                List<Cell> cells = recordedCells(lane, c.plan());
                if (cells.get(0).rawFile() == null) {
                    TopUpRefusal.refuseNoRawFile(lane.name(), c.plan().experiment().label() + " " + c.plan().params());
                }
                ToppedUp t = ToppedUp.of(lane.dir().resolve(cells.get(0).rawFile()), rounds.get(0), cells, lane.dir(),
                        c.plan().experiment().runsVirtualThreads(c.plan().params()));
                if (!t.rawHere()) {
                    t.refuseUnlessTheRecordStandsIn(); // before anything is written
                    fromRecord++;
                }
                strays.addAll(t.strays(lane.dir()));
                CellPlan inLane = c.plan().inLane(lane.name(), lane.asked().own());
                toppedUp.put(LaneRouting.key(inLane), t);
                turnsOf.add(inLane);
                names.add(t.name());
            }
        }
        if (fromRecord > 0) {
            out.println("loom-lab run: the raw fork files of " + fromRecord + " of the " + turnsOf.size() + " lane cells are "
                    + "not here (they stay out of git): their earlier rounds are pooled from the record's fork samples");
        }
        // Past the plan's fork limit where the diff's price says so; the top-up's time is what holds a cell back.
        int most = Math.max(policy.maxForks(), choice.taken().stream().mapToInt(TopUpChoice.Candidate::toCall).max().orElseThrow());
        Policy topped = policy.withMaxForks(most).withBudget(request.topUp());
        RunBudget budget = new RunBudget(request.topUp());
        CellHistory history = CellHistory.of(hostDir, planned.chosen().label());
        return session.withFixture(RunSession.needsFixture(turnsOf), served -> {
            String url = served == null ? null : served.url();
            Lane first = lanes.get(0);
            CellJvm base = new CellJvm(first.asked().java(), request.benchmarks(), first.flags(), planned.chosen(), topped,
                    planned.timeout(), url, out, budget, history, planned.turns());
            FixtureInfo by = served == null ? null : served.info();
            Setup setup = Setup.of(lanes, base, history,
                    lane -> lane.previous().resumed(RunSession.finished(lane.previous()), by));
            List<RunLock> locks = new ArrayList<>();
            try {
                for (Lane lane : lanes) {
                    locks.add(RunLock.take(lane.dir()));
                }
                for (Path stray : strays) {
                    Files.delete(stray);
                }
                if (!strays.isEmpty()) {
                    out.println("loom-lab run: removed " + strays.size() + " latency or JFR files of forks an interrupted "
                            + "top-up left (not in the record), e.g. " + strays.get(0));
                }
                out.printf("loom-lab run: topping up run %s: %d cells, %d lanes taking turns (rounds go on from each "
                        + "cell's, shuffled from seed %d and the round)%n", id, choice.taken().size(), lanes.size(),
                        planned.turns().seed());
                out.println("loom-lab run: --top-up " + Progress.clock(request.topUp()) + " of forks shared among the "
                        + choice.taken().size() + " cells as they start, cheapest first: each an equal share of what is left, "
                        + "more while its ratio can still reach the change and a pilot's rounds are kept for every cell after "
                        + "it; what one leaves goes to the next");
                LabRun run = session.labRun(setup.dirs(), setup.starts(), new LaneRouting(setup.jvms(), setup.dirs(), toppedUp), turnsOf, base, profilers,
                        Interleaving.ofLanes(laneAxes));
                run.topUp(turnsOf, names, session.progress(turnsOf, base, first.dir()));
                Map<String, RunRecord> after = withSession(lanes, keptWhereAForkFailed(lanes, run.records(),
                        choice.taken()), choice.taken(), started);
                return ended(lanes, after, laneAxes);
            } finally {
                for (RunLock lock : locks) {
                    lock.close();
                }
            }
        });
    }

    /**
     * The records with every topped-up cell whose new forks did not all end well in some lane back at its earlier rows,
     * in every lane: its lanes' rounds would no longer pair, and a cell that did not end ok is compared with nothing, so
     * its new rounds would cost it the ratio it had.
     */
    private Map<String, RunRecord> keptWhereAForkFailed(List<Lane> lanes, Map<String, RunRecord> records,
                                                        List<TopUpChoice.Candidate> taken) {
        Map<String, RunRecord> kept = new LinkedHashMap<>(records);
        for (TopUpChoice.Candidate c : taken) {
            Optional<Cell> failed = lanes.stream().flatMap(l -> records.get(l.name()).results().stream()
                    .filter(cell -> RunSession.key(cell).equals(keyIn(l, c.plan()))
                            && cell.status() != CellStatus.OK)).findFirst();
            if (failed.isEmpty()) {
                continue;
            }
            out.println("loom-lab run: " + c.plan().experiment().label() + " " + c.plan().params() + " keeps its "
                    + c.rounds() + " earlier rounds: " + failed.get().status().label() + " in the top-up ("
                    + failed.get().message() + ")");
            for (Lane lane : lanes) {
                String key = keyIn(lane, c.plan());
                kept.put(lane.name(), kept.get(lane.name()).replacing(RunSession.finished(lane.previous()).stream()
                        .filter(cell -> RunSession.key(cell).equals(key)).toList()));
            }
        }
        return kept;
    }

    /** Every cell (one a metric) {@code lane} recorded for the planned cell {@code plan}, the primary first. */
    private static List<Cell> recordedCells(Lane lane, CellPlan plan) {
        Cell primary = recorded(lane, plan);
        String key = keyIn(lane, plan);
        List<Cell> out = new ArrayList<>(List.of(primary));
        RunSession.finished(lane.previous()).stream()
                .filter(c -> RunSession.key(c).equals(key) && !c.metric().equals(primary.metric())).forEach(out::add);
        return out;
    }

    /** The primary cell {@code lane} recorded for the planned cell {@code plan}. */
    private static Cell recorded(Lane lane, CellPlan plan) {
        String key = keyIn(lane, plan);
        String metric = plan.experiment().metric();
        return RunSession.finished(lane.previous()).stream()
                .filter(c -> RunSession.key(c).equals(key) && c.metric().equals(metric)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("--top-up: lane " + lane.name() + " recorded no "
                        + metric + " for " + plan.experiment().label() + " " + plan.params()));
    }

    /**
     * Each lane's record with this session in its lanes block (the run's own first, the first time): the rounds each
     * topped-up cell has now and had before, so a reader knows its rounds span sessions. Written at once.
     */
    private static Map<String, RunRecord> withSession(List<Lane> lanes, Map<String, RunRecord> records,
                                                    List<TopUpChoice.Candidate> taken, Instant started) {
        Map<String, RunRecord> out = new LinkedHashMap<>();
        Instant ended = Instant.now();
        for (Lane lane : lanes) {
            RunRecord r = records.get(lane.name());
            Lanes block = r.lanes();
            if (block.sessions().isEmpty()) {
                RunRecord first = lane.previous();
                block = block.withSession(new Lanes.Session(first.started(), first.finished(), RunSession.finished(first)
                        .stream().filter(c -> c.precision() != null && c.precision().forks() > 0
                                && c.metric().equals(primary(first, c)))
                        .map(c -> new Lanes.Rounds(c.experiment(), c.params(), 1, c.precision().forks())).toList()));
            }
            List<Lanes.Rounds> added = new ArrayList<>();
            for (TopUpChoice.Candidate c : taken) {
                String key = keyIn(lane, c.plan());
                r.results().stream().filter(cell -> RunSession.key(cell).equals(key)
                                && cell.metric().equals(c.plan().experiment().metric()) && cell.precision() != null
                                && cell.precision().forks() > c.rounds())
                        .findFirst().ifPresent(cell -> added.add(new Lanes.Rounds(cell.experiment(), cell.params(),
                                c.rounds() + 1, cell.precision().forks())));
            }
            RunRecord now = r.withLanes(block.withSession(new Lanes.Session(started, ended, added)));
            RecordJson.writeAtomically(ResultsLayout.runJson(lane.dir()), now);
            out.put(lane.name(), now);
        }
        return out;
    }

    /** The metric a cell's first row reports: its primary one (secondary rows follow it in the record). */
    private static String primary(RunRecord record, Cell cell) {
        String key = RunSession.key(cell);
        return record.results().stream().filter(c -> RunSession.key(c).equals(key)).findFirst().orElseThrow().metric();
    }

    /** Each lane's JVM, run directory and the record it starts from, in the lanes' order. */
    private record Setup(Map<String, CellJvm> jvms, Map<String, Path> dirs, Map<String, RunRecord> starts) {

        static Setup of(List<Lane> lanes, CellJvm base, CellHistory history, Function<Lane, RunRecord> start) {
            Map<String, CellJvm> jvms = new LinkedHashMap<>();
            Map<String, Path> dirs = new LinkedHashMap<>();
            Map<String, RunRecord> starts = new LinkedHashMap<>();
            for (Lane lane : lanes) {
                jvms.put(lane.name(), base.inLane(lane.asked().java(), lane.flags(), history));
                dirs.put(lane.name(), lane.dir());
                starts.put(lane.name(), start.apply(lane));
            }
            return new Setup(jvms, dirs, starts);
        }
    }

    /** Two lanes or more, taking turns of their own. */
    private void refuseWhatDoesNotCombine(Interleaving interleaving) {
        if (request.lanes().size() < 2) {
            throw new IllegalArgumentException("lanes take turns: give two or more, e.g. --jvm JDK_A,JDK_B or --lane a=JDK_A "
                    + "--lane b=JDK_B (got " + request.lanes().size() + ")");
        }
        if (interleaving.axis() != null) {
            throw new IllegalArgumentException("--interleave " + interleaving.axis() + " does not combine with lanes: a run "
                    + "takes turns between lanes or between the values of one axis; valid: one of them");
        }
        if (request.jdkId() != null) {
            throw new IllegalArgumentException("--jdk-id names the JDK of a run on one; lanes are named with --lane NAME=JVM");
        }
    }

    /**
     * Every lane fingerprinted and named, checked before anything is written: a new run's directories must not exist, a
     * resumed one's must hold each lane's record, run on the same JDK with the same flags.
     */
    private List<Lane> lanes(Host host, List<String> flags, String id) throws Exception {
        List<Lane> lanes = new ArrayList<>();
        for (LaneSpec asked : request.lanes()) {
            RunSession.checkId("lane", asked.name());
            List<String> laneFlags = new ArrayList<>(flags);
            laneFlags.addAll(asked.flags());
            Jdk jdk = JdkFingerprint.probe(asked.java(), request.benchmarks(), laneFlags, asked.name());
            String name = asked.name() != null ? asked.name() : jdk.id();
            if (lanes.stream().anyMatch(l -> l.name().equals(name))) {
                throw new IllegalArgumentException("two lanes are named '" + name + "': name each, e.g. --lane " + name
                        + "-a=JVM --lane " + name + "-b=JVM");
            }
            Path dir = new ResultsLayout(request.results()).runDir(host.name(), name, id);
            Jdk named = jdk.withId(name);
            named = asked.image() == null ? named : named.inImage(asked.image().name(), asked.image().id());
            RunRecord previous = null;
            if (request.resume()) {
                previous = previousOf(name, dir, id, named, asked);
                // The run's flags as it began them (a profile's heap, say), this lane's own after them.
                laneFlags = previous.jdk().jvmArgs();
            } else if (Files.exists(dir)) {
                throw new IllegalArgumentException("run directory exists already: " + dir
                        + " (choose another --run-id, or --resume to finish it)");
            }
            lanes.add(new Lane(name, asked, named, laneFlags, dir, previous));
        }
        return lanes;
    }

    /** A resumed lane's record so far; a one-line error unless it exists, is free and was run as this lane runs now. */
    private static RunRecord previousOf(String name, Path dir, String id, Jdk now, LaneSpec asked) throws Exception {
        Path runJson = ResultsLayout.runJson(dir);
        if (!Files.exists(runJson)) {
            throw new IllegalArgumentException("--resume: lane " + name + " of run " + id + " has no record at " + runJson
                    + "; start the run without --resume");
        }
        RunLock.requireFree(dir);
        RunRecord previous = RecordJson.read(runJson);
        Jdk then = previous.jdk();
        // The JDK build, not the image: a runner image rebuilt for a newer lab jar carries the same JDK.
        if (!(then.vendor() + " " + then.runtimeVersion() + " " + then.vmVersion())
                .equals(now.vendor() + " " + now.runtimeVersion() + " " + now.vmVersion())) {
            throw new IllegalArgumentException("--resume: lane " + name + " ran " + then.vendor() + " " + then.runtimeVersion()
                    + " and would now run " + now.vendor() + " " + now.runtimeVersion() + "; a lane's rounds must all come "
                    + "from one JDK build: start another --run-id");
        }
        List<String> own = asked.flags();
        List<String> ran = then.jvmArgs();
        if (ran.size() < own.size() || !ran.subList(ran.size() - own.size(), ran.size()).equals(own)) {
            throw new IllegalArgumentException("--resume: lane " + name + " ran with " + ran + ", which do not end with "
                    + own + "; give the --lane-args it began with");
        }
        return previous;
    }
}
