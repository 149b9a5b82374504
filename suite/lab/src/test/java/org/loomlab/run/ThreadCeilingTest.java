package org.loomlab.run;

import org.junit.jupiter.api.Test;
import org.loomlab.plan.Catalogued;
import org.loomlab.plan.CellPlan;
import org.loomlab.plan.Profile;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class ThreadCeilingTest {

    private final ThreadCeiling ceiling = new ThreadCeiling(30_000, "kernel.pid_max=32768");

    @Test
    void skipsPlatformTablesAboveTheCeilingWithTheLimitInTheReason() throws Exception {
        CellPlan big = plan("platform", "100000");
        assertThat(ceiling.refusal(big)).hasValue("philosophers=100000 need as many platform threads; "
                + "this host allows about 30000 more (kernel.pid_max=32768)");
        var cells = ceiling.guarding((p, d, n) -> {
            throw new AssertionError("a refused cell must not start");
        }).run(big, java.nio.file.Path.of("/unused"), "cell-01");
        assertThat(cells).singleElement().satisfies(c -> {
            assertThat(c.status()).isEqualTo(org.loomlab.record.CellStatus.SKIPPED);
            assertThat(c.message()).contains("kernel.pid_max");
        });
    }

    @Test
    void aGroupRunsItsAllowedCellsTogetherAndKeepsTheRefusedOnesInPlace() throws Exception {
        CellPlan big = plan("platform", "100000");
        CellPlan small = plan("platform", "1000");
        CellPlan virtual = plan("virtual", "100000");
        List<List<CellPlan>> started = new java.util.ArrayList<>();
        var cells = ceiling.guarding((group, d, names) -> {
            started.add(group);
            assertThat(names).containsExactly("cell-02", "cell-03");
            return group.stream().map(p -> List.of(org.loomlab.record.Cell.builder(p.experiment().label(), p.params(),
                    "avgt", "ms/op").score(1.0).build())).toList();
        }).run(List.of(big, small, virtual), java.nio.file.Path.of("/unused"), List.of("cell-01", "cell-02", "cell-03"));
        assertThat(started).containsExactly(List.of(small, virtual));
        assertThat(cells).extracting(c -> c.get(0).status()).containsExactly(org.loomlab.record.CellStatus.SKIPPED,
                org.loomlab.record.CellStatus.OK, org.loomlab.record.CellStatus.OK);
        assertThat(cells).extracting(c -> c.get(0).params().get("philosophers")).containsExactly("100000", "1000", "100000");
    }

    @Test
    void letsVirtualTablesAndSmallPlatformTablesRun() {
        assertThat(ceiling.refusal(plan("virtual", "1000000"))).isEmpty();
        assertThat(ceiling.refusal(plan("platform", "1000"))).isEmpty();
    }

    @Test
    void thisHostHasRoomForMoreThreadsThanThisTestRuns() {
        // This JVM runs, so the host's limits are above what runs now plus the margin (a misread limit is not).
        ThreadCeiling here = ThreadCeiling.ofThisHost();
        assertThat(here.why()).contains("tasks running=");
        assertThat(here.threads()).as(here.why()).isGreaterThan(Thread.activeCount()).isLessThan(Long.MAX_VALUE);
    }

    @Test
    void scaledProfileIsTheTalksStaircaseOnVirtualThreads() {
        List<CellPlan> cells = Catalogued.PHILOSOPHERS.cells(Profile.SCALED, Map.of());
        assertThat(cells).hasSize(18).allSatisfy(c -> assertThat(c.params())
                .containsEntry("threads", "virtual").containsEntry("workload", "noop"));
        assertThat(cells).extracting(c -> c.params().get("philosophers")).containsOnly("10000", "100000", "1000000");
        assertThat(Profile.SCALED.jvmArgs(24L << 30)).containsExactly("-Xms3g", "-Xmx12g");
        assertThat(Profile.QUICK.jvmArgs(24L << 30)).containsExactly("-Xms1g", "-Xmx4g");
    }

    private static CellPlan plan(String threads, String philosophers) {
        return Catalogued.PHILOSOPHERS.cells(Profile.SMOKE, Map.of("threads", List.of(threads),
                "philosophers", List.of(philosophers), "lock", List.of("reentrant"), "workload", List.of("noop"))).get(0);
    }
}
