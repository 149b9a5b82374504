package org.loomlab.run;

import org.loomlab.fingerprint.SuiteFingerprint;
import org.loomlab.plan.CellPlan;
import org.loomlab.plan.Interleaving;
import org.loomlab.plan.RunPlan;
import org.loomlab.progress.CellHistory;
import org.loomlab.progress.Progress;
import org.loomlab.record.FixtureInfo;
import org.loomlab.record.Host;
import org.loomlab.record.Jdk;
import org.loomlab.record.Lanes;
import org.loomlab.record.RunRecord;
import org.loomlab.record.RunStatus;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The cells a session runs of its plan: all of a new run's, or those a resume finds unfinished. A run of one JDK keeps
 * its plan each session and runs its cells (or {@code --interleave} groups) one after another; lanes keep theirs once
 * and run each cell in rounds, one fork a lane a round.
 */
final class CellsLeft implements SessionCells {

    private final RunOptions options;
    private final List<SessionLane> lanes;
    private final SessionPlan planned;
    private final String id;
    private final String benchmarks;
    private final Host host;
    private final Instant started;
    private final Set<String> laneAxes;
    private final RunListener listener;
    private final List<CellPlan> cells;
    private final Map<String, RunRecord> starts = new HashMap<>();

    CellsLeft(RunOptions options, List<SessionLane> lanes, SessionPlan planned, String id, String benchmarks, Host host,
              Instant started, Set<String> laneAxes, RunListener listener) {
        this.options = options;
        this.lanes = lanes;
        this.planned = planned;
        this.id = id;
        this.benchmarks = benchmarks;
        this.host = host;
        this.started = started;
        this.laneAxes = laneAxes;
        this.listener = listener;
        this.cells = planned.todo().stream().flatMap(p -> lanes.stream().map(l -> l.cell(p))).toList();
    }

    private boolean inTurns() {
        return options.inTurns();
    }

    @Override
    public List<CellPlan> cells() {
        return cells;
    }

    @Override
    public boolean network() {
        // One JDK: a resume still serves what any of the run's cells calls, as it always has.
        return SessionCells.needsFixture(inTurns() ? planned.todo() : planned.plans());
    }

    @Override
    public CellJvm forks(SessionLane first, String fixtureUrl, PrintStream console, CellHistory history) {
        return new CellJvm(first.asked().java(), options.benchmarks(), first.flags(), planned.chosen(), planned.perCell(),
                planned.timeout(), fixtureUrl, console, planned.running(), history, planned.turns());
    }

    @Override
    public RunRecord start(SessionLane lane, FixtureInfo by) {
        RunRecord start = lane.previous() != null ? lane.previous().resumed(planned.kept(lane), by)
                : lanes(new RunRecord(RunRecord.SCHEMA_VERSION, id, started, null, planned.chosen().label(),
                RunStatus.RUNNING, host, lane.jdk(), SuiteFingerprint.read(options.home()), by, List.of()), lane);
        starts.put(lane.name(), start);
        return start;
    }

    private RunRecord lanes(RunRecord fresh, SessionLane lane) {
        return lane.own() ? fresh : fresh.withLanes(new Lanes(lane.name(), names(), planned.turns().seed()));
    }

    private List<String> names() {
        return lanes.stream().map(SessionLane::name).toList();
    }

    @Override
    public void opening() {
        SessionLane lane = lanes.get(0);
        if (!inTurns() && lane.previous() != null) {
            listener.line(String.format("loom-lab run: resuming %s: %d cells kept, %d to run", lane.dir(),
                    planned.plans().size() - planned.todo().size(), planned.todo().size()));
        }
    }

    @Override
    public void locked() throws IOException {
        if (!inTurns()) {
            SessionLane lane = lanes.get(0);
            RunPlan.of(planned.chosen(), planned.perCell(), planned.shared(), planned.timeout(), planned.plans(),
                    planned.interleaving(), planned.turns(), List.of()).withBenchmarks(benchmarks).write(lane.dir());
            // The record's JDK and host: a resumed run goes on as it began.
            RunRecord start = starts.get(lane.name());
            Jdk jdk = start.jdk();
            Host ran = start.host();
            listener.line(String.format("loom-lab run: %d cells of %s, profile %s, on %s %s (%s) at %s, host %s (%d CPUs, "
                            + "JVM sees %d)", cells.size(), experiments(cells), planned.chosen().label(), jdk.id(),
                    jdk.runtimeVersion(), jdk.vmName(), options.java(), ran.name(), ran.cpus(), jdk.availableProcessors()));
            return;
        }
        if (!options.resume()) {
            for (SessionLane lane : lanes) {
                RunPlan.of(planned.chosen(), planned.perCell(), planned.shared(), planned.timeout(), planned.plans(),
                        Interleaving.NONE, planned.turns(), names()).withBenchmarks(benchmarks).write(lane.dir());
            }
        }
        listener.line(String.format("loom-lab run: %d cells of %s, profile %s, in %d lanes taking turns fork by fork "
                        + "(each round's order shuffled, seed %d), host %s (%d CPUs)", planned.todo().size(),
                experiments(planned.todo()), planned.chosen().label(), lanes.size(), planned.turns().seed(), host.name(),
                host.cpus()));
        if (planned.orderLine() != null) {
            listener.line("loom-lab run: " + planned.orderLine());
        }
        if (options.resume()) {
            listener.line(String.format("loom-lab run: resuming run %s: %d cells kept in every lane, %d to run", id,
                    planned.plans().size() - planned.todo().size(), planned.todo().size()));
        }
        lanes.forEach(l -> listener.line(String.format("lane %s: %s %s (%s) at %s%s", l.name(), l.jdk().id(),
                l.jdk().runtimeVersion(), l.jdk().vmName(), l.asked().java(), l.asked().flags().isEmpty() ? ""
                        : ", with " + String.join(" ", l.asked().flags()))));
    }

    @Override
    public LaneRouting routing(Map<String, CellJvm> jvms, Map<String, Path> dirs) {
        return new LaneRouting(jvms, dirs);
    }

    @Override
    public Interleaving interleaving() {
        return inTurns() ? Interleaving.ofLanes(laneAxes) : planned.interleaving();
    }

    @Override
    public Map<String, RunRecord> run(LabRun run, Progress progress) throws IOException {
        run.run(cells, planned.alreadyRun(), progress);
        return run.records();
    }

    static String experiments(List<CellPlan> plans) {
        return plans.stream().map(p -> p.experiment().label()).distinct().collect(Collectors.joining(", "));
    }
}
