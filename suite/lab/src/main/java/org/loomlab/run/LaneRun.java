package org.loomlab.run;

import org.loomlab.compare.RunDiff;
import org.loomlab.compare.VerdictRules;
import org.loomlab.fingerprint.JdkFingerprint;
import org.loomlab.fingerprint.SuiteFingerprint;
import org.loomlab.plan.CellPlan;
import org.loomlab.plan.Interleaving;
import org.loomlab.plan.Policy;
import org.loomlab.plan.Profile;
import org.loomlab.plan.RunBudget;
import org.loomlab.plan.RunPlan;
import org.loomlab.plan.TurnOrder;
import org.loomlab.progress.CellHistory;
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
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

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

    /** A lane ready to run: its name, JDK, flags and run directory. */
    private record Lane(String name, LaneSpec asked, Jdk jdk, List<String> flags, Path dir) {
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
                Interleaving interleaving, TurnOrder turns, CellProfilers profilers, Host host, List<String> flags)
            throws Exception {
        refuseWhatDoesNotCombine(interleaving);
        Instant started = Instant.now();
        String id = request.runId() != null ? request.runId()
                : DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss").withZone(ZoneOffset.UTC).format(started) + "-" + chosen.label();
        List<Lane> lanes = lanes(host, flags, id);
        List<String> names = lanes.stream().map(Lane::name).toList();
        java.util.Set<String> laneAxes = LaneSpec.ownAxes(request.lanes().stream().map(LaneSpec::own).toList(), plans);
        List<CellPlan> turnsOf = plans.stream().flatMap(p -> lanes.stream().map(l -> p.inLane(l.name(), l.asked().own())))
                .toList();
        // Each lane of a cell forks as often as the cell would alone: the cell's budget is its lanes' together.
        Policy perCell = policy.withBudget(policy.budget().multipliedBy(lanes.size()));
        return session.withFixture(RunSession.needsFixture(plans), served -> {
            String url = served == null ? null : served.url();
            Path hostDir = lanes.get(0).dir().getParent().getParent();
            CellHistory history = CellHistory.of(hostDir, chosen.label());
            Lane first = lanes.get(0);
            CellJvm base = new CellJvm(first.asked().java(), request.benchmarks(), first.flags(), chosen, perCell,
                    cellTimeout, url, out, shared, history, turns);
            Map<String, CellJvm> jvms = new LinkedHashMap<>();
            Map<String, Path> dirs = new LinkedHashMap<>();
            Map<String, RunRecord> starts = new LinkedHashMap<>();
            for (Lane lane : lanes) {
                jvms.put(lane.name(), base.inLane(lane.asked().java(), lane.flags(), history));
                dirs.put(lane.name(), lane.dir());
                starts.put(lane.name(), new RunRecord(RunRecord.SCHEMA_VERSION, id, started, null, chosen.label(),
                        RunStatus.RUNNING, host, lane.jdk(), SuiteFingerprint.read(request.home()),
                        served == null ? null : served.info(), List.of()).withLanes(new Lanes(lane.name(), names, turns.seed())));
            }
            List<RunLock> locks = new ArrayList<>();
            try {
                for (Lane lane : lanes) {
                    locks.add(RunLock.take(lane.dir()));
                    RunPlan.of(chosen, perCell, shared, cellTimeout, plans, interleaving, turns, names).write(lane.dir());
                }
                out.printf("loom-lab run: %d cells of %s, profile %s, in %d lanes taking turns fork by fork (each round's "
                                + "order shuffled, seed %d), host %s (%d CPUs)%n", plans.size(), RunSession.experiments(plans),
                        chosen.label(), lanes.size(), turns.seed(), host.name(), host.cpus());
                lanes.forEach(l -> out.printf("lane %s: %s %s (%s) at %s%s%n", l.name(), l.jdk().id(), l.jdk().runtimeVersion(),
                        l.jdk().vmName(), l.asked().java(), l.asked().flags().isEmpty() ? ""
                                : ", with " + String.join(" ", l.asked().flags())));
                LabRun run = session.labRun(dirs, starts, new LaneRouting(jvms, dirs), turnsOf, base, profilers,
                        Interleaving.ofLanes(laneAxes));
                run.run(turnsOf, 0, session.progress(turnsOf, base, first.dir()));
                return ended(lanes, run.records(), laneAxes);
            } finally {
                for (RunLock lock : locks) {
                    lock.close();
                }
            }
        });
    }

    /** Each lane's table, record and exports; then every lane against the first, paired round by round. */
    private boolean ended(List<Lane> lanes, Map<String, RunRecord> records, java.util.Set<String> laneAxes)
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
            // Cells a lane measured at values of its own match the baseline's on the other axes.
            RunDiff diff = RunDiff.of(ResultsLayout.runJson(baseline.dir()).toString(),
                    records.get(baseline.name()).without(laneAxes), ResultsLayout.runJson(lane.dir()).toString(),
                    records.get(lane.name()).without(laneAxes), VerdictRules.defaults().inRounds(), false);
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

    /** Lanes do not resume, and take turns of their own. */
    private void refuseWhatDoesNotCombine(Interleaving interleaving) {
        if (request.lanes().size() < 2) {
            throw new IllegalArgumentException("lanes take turns: give two or more, e.g. --jvm JDK_A,JDK_B or --lane a=JDK_A "
                    + "--lane b=JDK_B (got " + request.lanes().size() + ")");
        }
        if (request.resume()) {
            throw new IllegalArgumentException("--resume does not finish a run whose lanes took turns: start it again with "
                    + "another --run-id");
        }
        if (interleaving.axis() != null) {
            throw new IllegalArgumentException("--interleave " + interleaving.axis() + " does not combine with lanes: a run "
                    + "takes turns between lanes or between the values of one axis; valid: one of them");
        }
        if (request.jdkId() != null) {
            throw new IllegalArgumentException("--jdk-id names the JDK of a run on one; lanes are named with --lane NAME=JVM");
        }
    }

    /** Every lane fingerprinted and named, checked before anything is written. */
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
            if (Files.exists(dir)) {
                throw new IllegalArgumentException("run directory exists already: " + dir + " (choose another --run-id)");
            }
            Jdk named = jdk.withId(name);
            lanes.add(new Lane(name, asked, asked.image() == null ? named : named.inImage(asked.image().name(),
                    asked.image().id()), laneFlags, dir));
        }
        return lanes;
    }
}
