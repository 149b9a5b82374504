package org.loomlab.run;

import org.loomlab.plan.CellPlan;

import java.nio.file.Path;
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
}
