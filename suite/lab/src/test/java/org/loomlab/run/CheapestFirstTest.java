package org.loomlab.run;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.loomlab.plan.Catalogued;
import org.loomlab.plan.CellPlan;
import org.loomlab.plan.Policy;
import org.loomlab.plan.Profile;
import org.loomlab.progress.CellHistory;
import org.loomlab.record.Cell;
import org.loomlab.record.Host;
import org.loomlab.record.Jdk;
import org.loomlab.record.Precision;
import org.loomlab.record.RecordJson;
import org.loomlab.record.RunRecord;
import org.loomlab.record.RunStatus;
import org.loomlab.record.Suite;

import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class CheapestFirstTest {

    @TempDir
    Path hostDir;

    private static CellPlan plan(String workload) {
        return new CellPlan(Catalogued.EXPERIMENTS.of("philosophers"), Map.of("lock", "reentrant", "workload", workload));
    }

    /** One earlier quick run here: each cell with its wall over {@code forks} forks and its forks' spread. */
    private void history(String run, int forks, Object... wallAndSpread) throws Exception {
        Host host = new Host("vm", "amd64", "CPU", 2, 1L << 34, "6.1", "Debian", null, null, null);
        Jdk jdk = new Jdk("openjdk-25", "x", 25, "25", "vm", "25", List.of(), "/jdk", 2, 2, 1L << 30, null, null);
        List<Cell> cells = new ArrayList<>();
        for (int i = 0; i < wallAndSpread.length; i += 3) {
            CellPlan p = plan((String) wallAndSpread[i]);
            double warmup = Profile.QUICK.forkShape(p.experiment(), p.params()).warmupSeconds();
            cells.add(Cell.builder("philosophers", p.params(), "avgt", "ms/op").score(100.0)
                    .wallSeconds((Double) wallAndSpread[i + 1])
                    .precision(new Precision(0.95, 0.05, 0.1, forks, 2, 1, 40, false, (Double) wallAndSpread[i + 2], "t",
                            null, warmup, null, null)).build());
        }
        RecordJson.writeAtomically(hostDir.resolve("openjdk-25").resolve(run).resolve("run.json"),
                new RunRecord(RunRecord.SCHEMA_VERSION, run, Instant.now(), Instant.now(), "quick", RunStatus.COMPLETE, host,
                        jdk, new Suite("0.1.0", null, null), null, cells));
    }

    @Test
    void aChangeToCallTakesTheCellsCheapestToCallFirstThenTheUnmeasuredThenThoseOutOfReach() throws Exception {
        // noop: 20 s a fork, spread 2 %; sleep: 2 s a fork but spread 6 %; file-read: 1 s, spread 1 %; active-wait out of reach.
        history("a", 5, "noop", 100.0, 0.02, "sleep", 10.0, 0.06, "file-read", 5.0, 0.01, "active-wait", 5.0, 0.6);
        List<CellPlan> plans = List.of(plan("noop"), plan("socket-read"), plan("active-wait"), plan("sleep"), plan("file-read"));
        Policy detect = Policy.of(Profile.QUICK).withMaxForks(20).withDetect(0.10, plans.size());
        CheapestFirst.Order order = CheapestFirst.of(plans, Profile.QUICK, detect, 2, CellHistory.of(hostDir, "quick"));
        // At Holm's first level over 5 cells (99 %): file-read 4 rounds of two 1 s forks (8 s), sleep 13 rounds of two
        // 2 s forks (52 s), noop 5 rounds of two 20 s forks (200 s); 260 s in all.
        assertThat(order.plans()).containsExactly(plan("file-read"), plan("sleep"), plan("noop"), plan("socket-read"),
                plan("active-wait"));
        assertThat(order.line()).isEqualTo("cells cheapest to call first, priced by their forks here before: 3 within 20 "
                + "rounds (about 4m20s of forks in all), 1 never measured here, 1 past 20 rounds (their pilot only)");
    }

    @Test
    void withoutAChangeToCallThePlansOrderStands() throws Exception {
        history("a", 5, "noop", 100.0, 0.02, "file-read", 5.0, 0.01);
        List<CellPlan> plans = List.of(plan("noop"), plan("file-read"));
        CheapestFirst.Order order = CheapestFirst.of(plans, Profile.QUICK, Policy.of(Profile.QUICK), 2,
                CellHistory.of(hostDir, "quick"));
        assertThat(order.plans()).isEqualTo(plans);
        assertThat(order.line()).isNull();
    }
}
