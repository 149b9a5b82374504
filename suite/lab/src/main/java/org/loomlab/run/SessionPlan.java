package org.loomlab.run;

import org.loomlab.plan.CellPlan;
import org.loomlab.plan.Experiments;
import org.loomlab.plan.Interleaving;
import org.loomlab.plan.Policy;
import org.loomlab.plan.PlanRequest;
import org.loomlab.plan.Profile;
import org.loomlab.plan.RunBudget;
import org.loomlab.plan.RunPlan;
import org.loomlab.plan.TurnOrder;
import org.loomlab.progress.CellHistory;
import org.loomlab.record.Cell;
import org.loomlab.record.RunRecord;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * What a session keeps to: as asked, or, resumed, as its plan says (each lane's record starts from the cells every lane
 * finished, so each cell's rounds all come from one session and stay paired).
 *
 * @param plans        every planned cell of the run
 * @param todo         the cells this session runs, in their order
 * @param perCell      a cell's policy (lanes taking turns: its budget its lanes' together)
 * @param shared       the run's budget as planned (what the plan keeps)
 * @param running      what this session's cells share of it
 * @param interleaving which cells of a run of one JDK take turns ({@code --interleave})
 * @param alreadyRun   cells (lane by lane) finished before this session, after which its cell files are numbered
 * @param orderLine    what the cells' order rests on, for the run's first lines; null when it is the plan's
 */
record SessionPlan(Profile chosen, List<CellPlan> plans, List<CellPlan> todo, Policy perCell, RunBudget shared,
                   RunBudget running, Duration timeout, Interleaving interleaving, TurnOrder turns, int alreadyRun,
                   String orderLine) {

    /** Every planned cell to run, as asked. */
    static SessionPlan asked(Profile chosen, List<CellPlan> plans, Policy policy, RunBudget shared, Duration timeout,
                             Interleaving interleaving, TurnOrder turns) {
        return new SessionPlan(chosen, plans, plans, policy, shared, shared, timeout, interleaving, turns, 0, null);
    }

    /** Whether the session has no cell to run. */
    boolean nothingLeft() {
        return todo.isEmpty();
    }

    /**
     * The plan of the one lane of a run of one JDK: new, as asked, the groups of {@code --interleave} together; resumed,
     * as its plan.json says (made before plans were kept, the record's profile and the cells the flags name), its
     * unfinished cells left.
     */
    SessionPlan forOneJdk(RunOptions options, SessionLane lane, String id, Experiments catalogue, String benchmarks)
            throws IOException {
        RunRecord previous = lane.previous();
        if (previous == null) {
            return new SessionPlan(chosen, plans, interleaving.order(plans), perCell, shared, running, timeout,
                    interleaving, turns, 0, null);
        }
        Optional<RunPlan> planned = RunPlan.read(lane.dir());
        if (options.topUp() != null) {
            // No lanes given: a run of one JDK, or lanes not named again.
            TopUpRefusal.refuseWithoutLanes(id, planned.map(RunPlan::lanes).orElse(null));
        }
        SessionPlan resumed;
        if (planned.isPresent()) {
            // The run goes on as it was planned; flags typed again could only make a record of two kinds.
            options.refuseOverrides(id, planned.get());
            planned.get().refuseOtherBenchmarks(id, benchmarks);
            RunPlan p = planned.get();
            resumed = asked(p.chosenProfile(), p.cellPlans(catalogue), p.policy(), p.runBudget(), p.timeout(),
                    p.interleaving(), p.turnOrder());
        } else {
            // Made before plans were kept: the record's profile, the cells the flags name.
            PlanRequest asked = options.plan();
            if (asked.profile() != null && !asked.profile().equals(previous.profile())) {
                throw new IllegalArgumentException("--profile " + asked.profile() + " does not match the profile of run " + id
                        + " (" + previous.profile() + "); leave --profile out to finish it as it began");
            }
            Profile recorded = Profile.of(previous.profile());
            List<CellPlan> cells = asked.cells(catalogue, recorded);
            resumed = asked(recorded, cells, asked.policy(recorded), asked.runBudget(recorded), asked.timeout(recorded),
                    interleaving, turns);
        }
        List<CellPlan> todo = resumed.interleaving.order(CellKeys.missing(resumed.plans, previous));
        return new SessionPlan(resumed.chosen, resumed.plans, todo, resumed.perCell, resumed.shared,
                resumed.shared.forCellsLeft(todo.size(), resumed.plans.size()), resumed.timeout, resumed.interleaving,
                resumed.turns, resumed.plans.size() - todo.size(), null);
    }

    /**
     * A new run of lanes that take turns: a cell's budget its lanes' together, and, with a change to call, the cells
     * cheapest to call first ({@link CheapestFirst}).
     */
    SessionPlan inTurns(int lanes, CellHistory history) {
        Policy policy = perCell.forCells(plans.size()).withBudget(perCell.budget().multipliedBy(lanes));
        CheapestFirst.Order order = CheapestFirst.of(plans, chosen, policy, lanes, history);
        return new SessionPlan(chosen, order.plans(), order.plans(), policy, shared, shared, timeout, interleaving,
                turns, 0, order.line());
    }

    /**
     * The run of lanes as planned, carried on: the cells every lane finished are kept, the others (a cell some lane did
     * not finish, its rounds cut short by whatever stopped the run) run again whole. A one-line error when the lanes or
     * their flags are not the ones the run began with, or a lane's record holds cells the plan does not.
     */
    static SessionPlan resumedInTurns(RunOptions options, List<SessionLane> lanes, String id, Experiments catalogue,
                                      String benchmarks) throws IOException {
        Path firstDir = lanes.get(0).dir();
        RunPlan plan = RunPlan.read(firstDir).orElseThrow(() -> new IllegalArgumentException("--resume: run " + id
                + " kept no plan (" + firstDir.resolve(RunPlan.FILE) + "); start it again with another --run-id"));
        List<String> names = lanes.stream().map(SessionLane::name).toList();
        if (!names.equals(plan.lanes())) {
            throw new IllegalArgumentException("--resume: run " + id + " took turns in lanes " + plan.lanes() + ", not "
                    + names + "; give the lanes it began with, in that order");
        }
        options.refuseOverrides(id, plan);
        plan.refuseOtherBenchmarks(id, benchmarks);
        if (options.topUp() != null) {
            TopUpRefusal.refuseUnlessTopUppable(id, plan);
        }
        List<CellPlan> plans = plan.cellPlans(catalogue);
        Map<String, Set<String>> finished = new LinkedHashMap<>();
        for (SessionLane lane : lanes) {
            Set<String> planned = plans.stream().map(lane::keyOf).collect(Collectors.toSet());
            Set<String> ended = new HashSet<>();
            for (Cell c : CellKeys.finished(lane.previous())) {
                if (!planned.contains(CellKeys.of(c))) {
                    throw new IllegalArgumentException("--resume: lane " + lane.name() + "'s record holds a cell this plan "
                            + "does not (" + c.experiment() + " " + c.params() + "); give the --lane-params it began with");
                }
                ended.add(CellKeys.of(c));
            }
            finished.put(lane.name(), ended);
        }
        List<CellPlan> todo = plans.stream()
                .filter(p -> lanes.stream().anyMatch(l -> !finished.get(l.name()).contains(l.keyOf(p)))).toList();
        return new SessionPlan(plan.chosenProfile(), plans, todo, plan.policy(), plan.runBudget(),
                plan.runBudget().forCellsLeft(todo.size(), plans.size()), plan.timeout(), Interleaving.NONE,
                plan.turnOrder(), (plans.size() - todo.size()) * lanes.size(), null);
    }

    /** The cells of {@code lane}'s record a resumed session keeps: those of the planned cells every lane finished. */
    List<Cell> kept(SessionLane lane) {
        Set<String> left = todo.stream().map(lane::keyOf).collect(Collectors.toSet());
        return CellKeys.finished(lane.previous()).stream().filter(c -> !left.contains(CellKeys.of(c))).toList();
    }
}
