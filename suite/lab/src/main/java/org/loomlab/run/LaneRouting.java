package org.loomlab.run;

import org.loomlab.plan.CellPlan;

import org.loomlab.plan.ForkShape;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * Where a planned cell forks and writes when the run's JDKs take turns: its lane's JDK and flags, and its lane's run
 * directory. A cell without a lane forks as the run does and writes into the run's directory.
 *
 * @param jvms each lane's way of forking
 * @param dirs each lane's run directory ({@code results/<host>/<lane>/<run>})
 */
record LaneRouting(Map<String, CellJvm> jvms, Map<String, Path> dirs) {

    static final LaneRouting NONE = new LaneRouting(Map.of(), Map.of());

    LaneRouting {
        jvms = Map.copyOf(jvms);
        dirs = Map.copyOf(dirs);
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
        List<ForkLoop.Fork> forks = new java.util.ArrayList<>();
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
