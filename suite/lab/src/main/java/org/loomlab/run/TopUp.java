package org.loomlab.run;

import org.loomlab.compare.RunDiff;
import org.loomlab.plan.CellPlan;
import org.loomlab.plan.Interleaving;
import org.loomlab.plan.Policy;
import org.loomlab.plan.RunBudget;
import org.loomlab.progress.CellHistory;
import org.loomlab.progress.Progress;
import org.loomlab.record.Cell;
import org.loomlab.record.CellStatus;
import org.loomlab.record.FixtureInfo;
import org.loomlab.record.Lanes;
import org.loomlab.record.RecordJson;
import org.loomlab.record.RunRecord;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * A finished run of lanes carried on ({@code --top-up}): the cells whose ratio cannot yet call the plan's change get
 * more rounds, cheapest first within the top-up's time ({@link TopUpChoice}); each keeps its rounds and names, its new
 * rounds shuffled from the plan's seed and their index, and its record is pooled again over all its forks. The record's
 * lanes block says which session ran which rounds. Earlier forks whose raw files are not here (a fresh checkout) are
 * pooled from the record's fork samples; whether it can stand in for them is checked, with the lanes' rounds, before
 * anything is written.
 */
final class TopUp implements SessionCells {

    private final List<SessionLane> lanes;
    private final SessionPlan planned;
    private final Path benchmarks;
    private final Duration time;
    private final Set<String> laneAxes;
    private final Instant started;
    private final RunListener listener;
    private final TopUpChoice.Choice choice;
    private final Map<String, ToppedUp> toppedUp;
    private final List<Path> strays;
    private final List<CellPlan> cells;
    private final List<String> names;
    private final String id;

    private TopUp(List<SessionLane> lanes, SessionPlan planned, Path benchmarks, Duration time, Set<String> laneAxes,
                  Instant started, RunListener listener, TopUpChoice.Choice choice, Map<String, ToppedUp> toppedUp,
                  List<Path> strays, List<CellPlan> cells, List<String> names, String id) {
        this.lanes = lanes;
        this.planned = planned;
        this.benchmarks = benchmarks;
        this.time = time;
        this.laneAxes = laneAxes;
        this.started = started;
        this.listener = listener;
        this.choice = choice;
        this.toppedUp = toppedUp;
        this.strays = strays;
        this.cells = cells;
        this.names = names;
        this.id = id;
    }

    /**
     * The top-up of run {@code id}'s finished cells, each lane's earlier forks found and checked; empty, said on
     * {@code listener}, when no cell is worth more rounds within {@code options}' top-up.
     */
    static Optional<TopUp> of(RunOptions options, List<SessionLane> lanes, String id, SessionPlan planned,
                              Set<String> laneAxes, Instant started, RunListener listener) throws IOException {
        TopUpRefusal.refuseUnfinished(id, planned.todo().size());
        Map<String, RunRecord> before = new LinkedHashMap<>();
        lanes.forEach(l -> before.put(l.name(), l.previous()));
        List<RunDiff.Row> rows = new ArrayList<>();
        for (SessionLane lane : lanes.subList(1, lanes.size())) {
            rows.addAll(SessionLane.paired(lanes.get(0), lane, before, laneAxes).result().rows());
        }
        Policy policy = planned.perCell();
        TopUpChoice.Choice choice = TopUpChoice.of(TopUpChoice.candidates(planned.plans(), rows, policy.detect().change(),
                        laneAxes, p -> recorded(lanes.get(0), p).precision().forks(),
                        p -> lanes.stream().mapToDouble(l -> recorded(l, p).wallSeconds() / recorded(l, p).precision().forks()).sum()),
                planned.plans().size(), policy.detect().change(), options.topUp());
        listener.line("loom-lab run: " + choice.line());
        if (choice.taken().isEmpty()) {
            listener.line("loom-lab run: nothing to top up in run " + id);
            return Optional.empty();
        }
        Map<String, ToppedUp> toppedUp = new LinkedHashMap<>();
        List<Path> strays = new ArrayList<>();
        List<CellPlan> cells = new ArrayList<>();
        List<String> names = new ArrayList<>();
        int fromRecord = 0;
        for (TopUpChoice.Candidate c : choice.taken()) {
            List<Integer> rounds = lanes.stream().map(l -> recorded(l, c.plan()).precision().forks()).toList();
            if (rounds.stream().distinct().count() != 1) {
                TopUpRefusal.refuseUnpaired(id, c.plan().experiment().label() + " " + c.plan().params(), rounds);
            }
            for (SessionLane lane : lanes) {
                List<Cell> recorded = recordedCells(lane, c.plan());
                if (recorded.get(0).rawFile() == null) {
                    TopUpRefusal.refuseNoRawFile(lane.name(), c.plan().experiment().label() + " " + c.plan().params());
                }
                ToppedUp t = ToppedUp.of(lane.dir().resolve(recorded.get(0).rawFile()), rounds.get(0), recorded, lane.dir(),
                        c.plan().experiment().runsVirtualThreads(c.plan().params()));
                if (!t.rawHere()) {
                    t.refuseUnlessTheRecordStandsIn(); // before anything is written
                    fromRecord++;
                }
                strays.addAll(t.strays(lane.dir()));
                CellPlan inLane = lane.cell(c.plan());
                toppedUp.put(LaneRouting.key(inLane), t);
                cells.add(inLane);
                names.add(t.name());
            }
        }
        if (fromRecord > 0) {
            listener.line("loom-lab run: the raw fork files of " + fromRecord + " of the " + cells.size() + " lane cells are "
                    + "not here (they stay out of git): their earlier rounds are pooled from the record's fork samples");
        }
        return Optional.of(new TopUp(lanes, planned, options.benchmarks(), options.topUp(), laneAxes, started, listener,
                choice, toppedUp, strays, cells, names, id));
    }

    @Override
    public List<CellPlan> cells() {
        return cells;
    }

    @Override
    public boolean network() {
        return SessionCells.needsFixture(cells);
    }

    @Override
    public CellJvm forks(SessionLane first, String fixtureUrl, PrintStream console, CellHistory history) {
        Policy policy = planned.perCell();
        // Past the plan's fork limit where the diff's price says so; the top-up's time is what holds a cell back.
        int most = Math.max(policy.maxForks(), choice.taken().stream().mapToInt(TopUpChoice.Candidate::toCall).max().orElseThrow());
        return new CellJvm(first.asked().java(), benchmarks, first.flags(), planned.chosen(),
                policy.withMaxForks(most).withBudget(time), planned.timeout(), fixtureUrl, console, new RunBudget(time),
                history, planned.turns());
    }

    @Override
    public RunRecord start(SessionLane lane, FixtureInfo by) {
        return lane.previous().resumed(CellKeys.finished(lane.previous()), by);
    }

    @Override
    public void locked() throws IOException {
        for (Path stray : strays) {
            Files.delete(stray);
        }
        if (!strays.isEmpty()) {
            listener.line("loom-lab run: removed " + strays.size() + " latency or JFR files of forks an interrupted "
                    + "top-up left (not in the record), e.g. " + strays.get(0));
        }
        listener.line(String.format("loom-lab run: topping up run %s: %d cells, %d lanes taking turns (rounds go on from "
                + "each cell's, shuffled from seed %d and the round)", id, choice.taken().size(), lanes.size(),
                planned.turns().seed()));
        listener.line("loom-lab run: --top-up " + Progress.clock(time) + " of forks shared among the "
                + choice.taken().size() + " cells as they start, cheapest first: each an equal share of what is left, "
                + "more while its ratio can still reach the change and a pilot's rounds are kept for every cell after "
                + "it; what one leaves goes to the next");
    }

    @Override
    public LaneRouting routing(Map<String, CellJvm> jvms, Map<String, Path> dirs) {
        return new LaneRouting(jvms, dirs, toppedUp);
    }

    @Override
    public Interleaving interleaving() {
        return Interleaving.ofLanes(laneAxes);
    }

    @Override
    public Map<String, RunRecord> run(LabRun run, Progress progress) throws IOException {
        run.topUp(cells, names, progress);
        return withSession(keptWhereAForkFailed(run.records()));
    }

    /**
     * The records with every topped-up cell whose new forks did not all end well in some lane back at its earlier rows,
     * in every lane: its lanes' rounds would no longer pair, and a cell that did not end ok is compared with nothing, so
     * its new rounds would cost it the ratio it had.
     */
    private Map<String, RunRecord> keptWhereAForkFailed(Map<String, RunRecord> records) {
        Map<String, RunRecord> kept = new LinkedHashMap<>(records);
        for (TopUpChoice.Candidate c : choice.taken()) {
            Optional<Cell> failed = lanes.stream().flatMap(l -> records.get(l.name()).results().stream()
                    .filter(cell -> CellKeys.of(cell).equals(l.keyOf(c.plan()))
                            && cell.status() != CellStatus.OK)).findFirst();
            if (failed.isEmpty()) {
                continue;
            }
            listener.line("loom-lab run: " + c.plan().experiment().label() + " " + c.plan().params() + " keeps its "
                    + c.rounds() + " earlier rounds: " + failed.get().status().label() + " in the top-up ("
                    + failed.get().message() + ")");
            for (SessionLane lane : lanes) {
                String key = lane.keyOf(c.plan());
                kept.put(lane.name(), kept.get(lane.name()).replacing(CellKeys.finished(lane.previous()).stream()
                        .filter(cell -> CellKeys.of(cell).equals(key)).toList()));
            }
        }
        return kept;
    }

    /**
     * Each lane's record with this session in its lanes block (the run's own first, the first time): the rounds each
     * topped-up cell has now and had before, so a reader knows its rounds span sessions. Written at once.
     */
    private Map<String, RunRecord> withSession(Map<String, RunRecord> records) {
        Map<String, RunRecord> out = new LinkedHashMap<>();
        Instant ended = Instant.now();
        for (SessionLane lane : lanes) {
            RunRecord r = records.get(lane.name());
            Lanes block = r.lanes();
            if (block.sessions().isEmpty()) {
                RunRecord first = lane.previous();
                block = block.withSession(new Lanes.Session(first.started(), first.finished(), CellKeys.finished(first)
                        .stream().filter(c -> c.precision() != null && c.precision().forks() > 0
                                && c.metric().equals(primary(first, c)))
                        .map(c -> new Lanes.Rounds(c.experiment(), c.params(), 1, c.precision().forks())).toList()));
            }
            List<Lanes.Rounds> added = new ArrayList<>();
            for (TopUpChoice.Candidate c : choice.taken()) {
                String key = lane.keyOf(c.plan());
                r.results().stream().filter(cell -> CellKeys.of(cell).equals(key)
                                && cell.metric().equals(c.plan().experiment().metric()) && cell.precision() != null
                                && cell.precision().forks() > c.rounds())
                        .findFirst().ifPresent(cell -> added.add(new Lanes.Rounds(cell.experiment(), cell.params(),
                                c.rounds() + 1, cell.precision().forks())));
            }
            RunRecord now = r.withLanes(block.withSession(new Lanes.Session(started, ended, added)));
            RecordJson.writeAtomically(lane.runJson(), now);
            out.put(lane.name(), now);
        }
        return out;
    }

    /** The metric a cell's first row reports: its primary one (secondary rows follow it in the record). */
    private static String primary(RunRecord record, Cell cell) {
        String key = CellKeys.of(cell);
        return record.results().stream().filter(c -> CellKeys.of(c).equals(key)).findFirst().orElseThrow().metric();
    }

    /** Every cell (one a metric) {@code lane} recorded for the planned cell {@code plan}, the primary first. */
    private static List<Cell> recordedCells(SessionLane lane, CellPlan plan) {
        Cell primary = recorded(lane, plan);
        String key = lane.keyOf(plan);
        List<Cell> out = new ArrayList<>(List.of(primary));
        CellKeys.finished(lane.previous()).stream()
                .filter(c -> CellKeys.of(c).equals(key) && !c.metric().equals(primary.metric())).forEach(out::add);
        return out;
    }

    /** The primary cell {@code lane} recorded for the planned cell {@code plan}. */
    private static Cell recorded(SessionLane lane, CellPlan plan) {
        String key = lane.keyOf(plan);
        String metric = plan.experiment().metric();
        return CellKeys.finished(lane.previous()).stream()
                .filter(c -> CellKeys.of(c).equals(key) && c.metric().equals(metric)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("--top-up: lane " + lane.name() + " recorded no "
                        + metric + " for " + plan.experiment().label() + " " + plan.params()));
    }
}
