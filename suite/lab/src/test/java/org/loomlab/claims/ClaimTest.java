package org.loomlab.claims;

import org.junit.jupiter.api.Test;
import org.loomlab.record.Cell;
import org.loomlab.record.CellStatus;
import org.loomlab.record.RecordJson;
import org.loomlab.record.RunRecord;
import org.loomlab.report.Verdict;
import org.loomlab.run.AxisSpec;
import org.loomlab.run.Experiment;

import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.loomlab.report.SampleRuns.run;

class ClaimTest {

    private static Cell cell(String threads, String workload, CellStatus status, Double... samples) {
        Map<String, String> params = new LinkedHashMap<>();
        params.put("lock", "reentrant");
        params.put("threads", threads);
        params.put("workload", workload);
        params.put("philosophers", "1000");
        return new Cell("philosophers", params, "avgt", "ms/op", samples.length == 0 ? null : samples[0], null, null, null,
                List.of(samples), null, null, status, status == CellStatus.OK ? null : "6 min passed", 1, null);
    }

    private static final Claim VIRTUAL_FASTER = new Claim("virtual-faster", "001", "virtual beats platform", "yes",
            Claim.Rule.COMPARE,
            new CellSelector("philosophers", "avgt", Map.of("threads", List.of("platform"))),
            new CellSelector("philosophers", "avgt", Map.of("threads", List.of("virtual"))),
            List.of("lock", "workload", "philosophers"), List.of(Verdict.FASTER), null, null, null);

    private static RunRecord runOf(Cell... cells) {
        return run("openjdk-25", "25.0.3", List.of(cells));
    }

    @Test
    void yesWhenEveryPairHasTheExpectedVerdict() {
        Judgement j = VIRTUAL_FASTER.judge(runOf(
                cell("platform", "noop", CellStatus.OK, 400.0, 410.0, 390.0, 405.0, 395.0),
                cell("virtual", "noop", CellStatus.OK, 3.5, 3.6, 3.4, 3.55, 3.45),
                cell("platform", "sleep", CellStatus.OK, 2000.0, 2100.0, 1900.0, 2050.0, 1950.0),
                cell("virtual", "sleep", CellStatus.OK, 1000.0, 1010.0, 990.0, 1005.0, 995.0)), 0.95, 0.02);
        assertThat(j.answer()).isEqualTo(Answer.YES);
        assertThat(j.reason()).isEqualTo("2 of 2 pairs faster (2 faster)");
        assertThat(j.evidence()).hasSize(2);
        assertThat(j.evidence().get(0)).startsWith("workload=noop").contains("faster");
    }

    @Test
    void noWhenOnePairIsDecidedAgainstIt() {
        Judgement j = VIRTUAL_FASTER.judge(runOf(
                cell("platform", "noop", CellStatus.OK, 400.0, 410.0, 390.0, 405.0, 395.0),
                cell("virtual", "noop", CellStatus.OK, 3.5, 3.6, 3.4, 3.55, 3.45),
                cell("platform", "file-read", CellStatus.OK, 100.0, 101.0, 99.0, 100.5, 99.5),
                cell("virtual", "file-read", CellStatus.OK, 300.0, 310.0, 290.0, 305.0, 295.0)), 0.95, 0.02);
        assertThat(j.answer()).isEqualTo(Answer.NO);
        assertThat(j.reason()).isEqualTo("1 of 2 pairs faster (1 faster, 1 slower)");
    }

    @Test
    void openWhenPairsAreUndecidedOrMissing() {
        Judgement few = VIRTUAL_FASTER.judge(runOf(
                cell("platform", "noop", CellStatus.OK, 400.0, 410.0, 390.0),
                cell("virtual", "noop", CellStatus.OK, 3.5, 3.6, 3.4),
                cell("platform", "http-jdk", CellStatus.OK, 400.0, 410.0, 390.0, 405.0, 395.0),
                cell("virtual", "http-jdk", CellStatus.TIMEOUT)), 0.95, 0.02);
        assertThat(few.answer()).isEqualTo(Answer.OPEN);
        assertThat(few.evidence()).anySatisfy(e -> assertThat(e).contains("too few samples"))
                .anySatisfy(e -> assertThat(e).contains("not compared, B timeout"));
        Judgement none = VIRTUAL_FASTER.judge(runOf(cell("platform", "noop", CellStatus.OK, 1.0, 2.0)), 0.95, 0.02);
        assertThat(none.answer()).isEqualTo(Answer.OPEN);
        assertThat(none.reason()).isEqualTo("not measured by this run");
    }

    @Test
    void completesAsksEveryCellToEndOk() {
        Claim scale = new Claim("scale", "001", "1M virtual threads", "yes", Claim.Rule.COMPLETES, null,
                new CellSelector("philosophers", "avgt", Map.of("threads", List.of("virtual"), "philosophers", List.of("1000"))),
                null, null, null, "the scaled profile", null);
        assertThat(scale.judge(runOf(cell("virtual", "noop", CellStatus.OK, 1.0)), 0.95, 0.02).answer()).isEqualTo(Answer.YES);
        Judgement no = scale.judge(runOf(cell("virtual", "noop", CellStatus.OK, 1.0), cell("virtual", "sleep", CellStatus.TIMEOUT)),
                0.95, 0.02);
        assertThat(no.answer()).isEqualTo(Answer.NO);
        assertThat(no.evidence()).contains("workload=sleep: timeout (6 min passed)");
        assertThat(scale.judge(runOf(cell("platform", "noop", CellStatus.OK, 1.0)), 0.95, 0.02).reason())
                .isEqualTo("not measured by this run (needs the scaled profile)");
    }

    @Test
    void theShippedClaimsNameRealExperimentsAndAxes() {
        List<Claim> claims = Claim.all();
        assertThat(claims).hasSizeGreaterThanOrEqualTo(12);
        assertThat(claims.stream().map(Claim::id).distinct()).hasSize(claims.size());
        assertThat(claims.stream().map(Claim::seed)).allMatch(s -> List.of("000", "001", "002", "003", "004").contains(s));
        // The talk's eight claims are all there, with its answers.
        assertThat(claims.stream().filter(c -> c.seed().equals("001"))).hasSize(8);
        for (Claim c : claims) {
            Stream.of(c.baseline(), c.candidate()).filter(s -> s != null).forEach(s -> {
                Experiment e = Experiment.of(s.experiment());
                var axes = new HashSet<>(e.axes().stream().map(AxisSpec::name).toList());
                assertThat(axes).as("axes of %s in claim %s", s.experiment(), c.id()).containsAll(s.params().keySet());
            });
        }
    }

    @Test
    void aClaimWithoutItsRulesFieldsIsRefusedByName() {
        String json = "[{\"id\": \"half\", \"seed\": \"001\", \"says\": \"x\", \"seed_says\": \"yes\", \"rule\": \"compare\"}]";
        assertThatThrownBy(() -> RecordJson.mapper().readValue(json, Claim[].class))
                .hasMessageContaining("claim half needs baseline, candidate and expect");
    }
}
