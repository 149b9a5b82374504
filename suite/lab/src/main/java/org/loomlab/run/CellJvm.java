package org.loomlab.run;

import org.loomlab.plan.CellPlan;
import org.loomlab.plan.ForkShape;
import org.loomlab.plan.Policy;
import org.loomlab.plan.Profile;
import org.loomlab.plan.RunBudget;
import org.loomlab.plan.Settings;
import org.loomlab.plan.TurnOrder;
import org.loomlab.progress.CellHistory;

import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * How every cell of a run is forked: on which JDK, from which jar, with which flags, under which
 * profile and timeout, and with which fixture. One value shared by the JMH and the scenario runners.
 *
 * @param policy     when a cell has measured enough (target, budget, forks)
 * @param timeout    the hard limit of one fork
 * @param fixtureUrl the HTTP fixture's base URL, or null when no cell of the run calls it
 * @param progress   where a line per finished fork goes, or null for none
 * @param runBudget  the run's time shared among its cells, which may cut a cell's budget below the policy's
 * @param history    earlier runs of the profile on this host: how far each cell's forks spread there
 * @param turnOrder  the order in which the members of a group take each round's turns
 */
public record CellJvm(Path java, Path benchmarksJar, List<String> jvmArgs, Profile profile, Policy policy,
                      Duration timeout, String fixtureUrl, PrintStream progress, RunBudget runBudget, CellHistory history,
                      TurnOrder turnOrder) {

    public CellJvm {
        jvmArgs = List.copyOf(jvmArgs);
    }

    /** Without a run budget: every cell gets the policy's. */
    public CellJvm(Path java, Path benchmarksJar, List<String> jvmArgs, Profile profile, Policy policy,
                   Duration timeout, String fixtureUrl, PrintStream progress) {
        this(java, benchmarksJar, jvmArgs, profile, policy, timeout, fixtureUrl, progress, RunBudget.none(),
                CellHistory.none(), new TurnOrder(0));
    }

    /**
     * How cells measured under {@code cellProfile} fork ({@link Settings}): this run's way for its own profile, else
     * that profile's options, policy (at this run's confidence) and fork limit.
     */
    public CellJvm under(Profile cellProfile) {
        return cellProfile == profile ? this : new CellJvm(java, benchmarksJar, jvmArgs, cellProfile,
                Settings.policy(cellProfile, profile, policy), Settings.timeout(cellProfile, profile, timeout), fixtureUrl,
                progress, runBudget, history, turnOrder);
    }

    /** This way of forking for a lane: its JDK, its flags, its earlier runs. */
    CellJvm inLane(Path laneJava, List<String> laneArgs, CellHistory laneHistory) {
        return new CellJvm(laneJava, benchmarksJar, laneArgs, profile, policy, timeout, fixtureUrl, progress, runBudget,
                laneHistory, turnOrder);
    }

    /** How {@code group}'s members, the first named {@code names.get(0)}, take their turns each round. */
    ForkLoop.Turns turns(List<CellPlan> group, List<String> names) {
        return new ForkLoop.Turns(turnOrder, names.get(0), group.get(0).lane() != null);
    }

    /**
     * The loop that forks the cells now starting: the policy with its budget cut to their share of the run's, and its
     * {@link org.loomlab.plan.Stretch}; each fork's time goes back to the run's budget.
     */
    ForkLoop forkLoop(ForkShape shape) {
        return new ForkLoop(runBudget.policyOf(policy), runBudget.stretchOf(policy), StoppingRule.Kind.TWO_STAGE, shape,
                progress, System::nanoTime, runBudget::forkTook);
    }

    /**
     * The spread each cell of {@code group} showed in earlier runs here whose forks were shaped as {@code shape}, null
     * where none did ({@link ForkLoop}).
     */
    List<ForkLoop.Usual> usual(List<CellPlan> group, ForkShape shape) {
        return group.stream().map(p -> history.spread(p, shape.warmupSeconds())
                .map(s -> new ForkLoop.Usual(s, history.spreadRuns(p, shape.warmupSeconds()))).orElse(null)).toList();
    }
}
