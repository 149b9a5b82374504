package org.loomlab.run;

import org.loomlab.plan.CellPlan;
import org.loomlab.record.Cell;
import org.loomlab.record.Pinning;

import org.loomlab.plan.ForkShape;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Where a planned cell forks and writes when the run's JDKs take turns: its lane's JDK and flags, and its lane's run
 * directory. A cell without a lane forks as the run does and writes into the run's directory.
 *
 * @param jvms each lane's way of forking
 * @param dirs each lane's run directory ({@code results/<host>/<lane>/<run>})
 */
record LaneRouting(Map<String, CellJvm> jvms, Map<String, Path> dirs, Map<String, ToppedUp> toppedUp) {

    static final LaneRouting NONE = new LaneRouting(Map.of(), Map.of());

    LaneRouting {
        jvms = Map.copyOf(jvms);
        dirs = Map.copyOf(dirs);
        toppedUp = Map.copyOf(toppedUp);
    }

    LaneRouting(Map<String, CellJvm> jvms, Map<String, Path> dirs) {
        this(jvms, dirs, Map.of());
    }

    /** Where a top-up finds a lane's finished cell: keyed by lane and cell ({@link CellKeys#of(CellPlan)}). */
    static String key(CellPlan plan) {
        return plan.lane() + " " + CellKeys.of(plan);
    }

    /** Whether {@code group} is a topped-up cell's lanes: its files are kept and its forks go on from its rounds. */
    boolean toppingUp(List<CellPlan> group) {
        return group.stream().anyMatch(p -> p.lane() != null && toppedUp.containsKey(key(p)));
    }

    /** The finished cell a member tops up, if it does. */
    Optional<ToppedUp> toppedUp(CellPlan plan) {
        return plan.lane() == null ? Optional.empty() : Optional.ofNullable(toppedUp.get(key(plan)));
    }

    /** A member's pooled cell with the percentiles {@code read} over its files, or a topped-up cell's as it keeps them. */
    Cell withPercentiles(CellPlan plan, Cell pooled, Map<String, Double> read) {
        Optional<ToppedUp> t = toppedUp(plan);
        return t.isPresent() ? t.get().withPercentiles(pooled, read) : pooled.withPercentiles(read);
    }

    /** A member's pooled cell with the pinning {@code read} over its files, or a topped-up cell's as it keeps it. */
    Cell withPinning(CellPlan plan, Cell pooled, Pinning read) {
        Optional<ToppedUp> t = toppedUp(plan);
        return t.isPresent() ? t.get().withPinning(pooled, read) : pooled.withPinning(read);
    }

    /** How a runner reads a member's earlier forks. */
    interface Readers {
        ToppedUp.Reader of(CellPlan plan);
    }

    /** Each member's earlier forks, none for a cell not topped up. */
    List<ForkLoop.Earlier> earlier(List<CellPlan> group, Readers readers) throws IOException {
        List<ForkLoop.Earlier> out = new ArrayList<>();
        for (CellPlan p : group) {
            Optional<ToppedUp> t = toppedUp(p);
            out.add(t.isEmpty() ? ForkLoop.Earlier.NONE : t.get().read(readers.of(p)));
        }
        return out;
    }

    CellJvm jvm(CellPlan plan, CellJvm own) {
        // A cell planned under other settings (settings=talk) forks its lane's JDK the way the run does for it.
        return plan.lane() == null ? own : jvms.get(plan.lane()).under(own.profile());
    }

    Path dir(CellPlan plan, Path own) {
        return plan.lane() == null ? own : dirs.get(plan.lane());
    }

    /** How one member of a group forks, its files in {@code dir} under {@code name}. */
    interface MemberForks {
        ForkLoop.Fork of(CellPlan plan, Path dir, String name) throws IOException;
    }

    /** Each member's forks, in its lane's run directory (or the run's own). */
    List<ForkLoop.Fork> forks(List<CellPlan> group, Path runDir, List<String> names, MemberForks each) throws IOException {
        List<ForkLoop.Fork> forks = new ArrayList<>();
        for (int i = 0; i < group.size(); i++) {
            forks.add(each.of(group.get(i), dir(group.get(i), runDir), names.get(i)));
        }
        return forks;
    }

    /** How far each member's forks spread in earlier runs of its own JDK here, forked as {@code shape} ({@link ForkLoop}). */
    List<ForkLoop.Usual> usual(List<CellPlan> group, CellJvm own, ForkShape shape) {
        return group.stream().map(p -> jvm(p, own).usual(List.of(p), shape).get(0)).toList();
    }
}
