package org.loomlab.claims;

import org.junit.jupiter.api.Test;
import org.loomlab.record.Cell;
import org.loomlab.record.RecordJson;
import org.loomlab.record.CellMatching;
import org.loomlab.record.RunRecord;
import org.loomlab.compare.Adjustment;
import org.loomlab.compare.Verdict;
import org.loomlab.compare.VerdictRules;
import tools.jackson.databind.JsonNode;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.loomlab.report.SampleRuns.forked;
import static org.loomlab.report.SampleRuns.run;

class ClaimsPageTest {

    private static final VerdictRules RULES = new VerdictRules(0.95, 0.02, Adjustment.HOLM);

    private static final Claim VIRTUAL_FASTER = new Claim("virtual-faster", "001", "virtual beats platform", "yes",
            Claim.Rule.COMPARE,
            new CellSelector("philosophers", "avgt", Map.of("threads", List.of("platform"))),
            new CellSelector("philosophers", "avgt", Map.of("threads", List.of("virtual"))),
            List.of("workload"), List.of(Verdict.FASTER), null, null, null);

    /** A noop philosophers cell measured in five forks around {@code mean} ms/op. */
    private static Cell cell(String threads, double mean) {
        Map<String, String> params = new LinkedHashMap<>();
        params.put("threads", threads);
        params.put("workload", "noop");
        return forked("philosophers", params, "avgt", "ms/op", List.of(0.99, 1.01, 1.0, 0.995, 1.005).stream()
                .map(f -> List.of(mean * f * 0.99, mean * f, mean * f * 1.01)).toList());
    }

    /** openjdk-21, where virtual threads are 100 times faster, and openjdk-25, where they are twice as slow. */
    private static ClaimsPage page() {
        Map<Path, RunRecord> runs = new LinkedHashMap<>();
        runs.put(Path.of("results/lab-1/openjdk-21/m1/run.json"),
                run("openjdk-21", "21.0.8", List.of(cell("platform", 400), cell("virtual", 4))));
        runs.put(Path.of("results/lab-1/openjdk-25/m1/run.json"),
                run("openjdk-25", "25.0.2", List.of(cell("platform", 400), cell("virtual", 800))));
        return ClaimsPage.judge(List.of(VIRTUAL_FASTER), runs, RULES, CellMatching.EXACT);
    }

    @Test
    void tabulatesEachClaimsAnswerPerRunAfterHowTheRunsDiffer() {
        String md = page().markdown(false);
        assertThat(md).startsWith("- openjdk-21: 21.0.8 on lab-1, run m1 (results/lab-1/openjdk-21/m1/run.json)\n"
                + "- openjdk-25: 25.0.2 on lab-1, run m1 (results/lab-1/openjdk-25/m1/run.json)\n");
        assertThat(md).contains("Fingerprints: ").contains("(openjdk-21 | openjdk-25)")
                .contains("Verdicts at 95 % confidence").contains("p adjusted: holm within each claim");
        assertThat(md.lines().map(l -> l.replaceAll(" +", " ")))
                .contains("| claim | seed | seed says | openjdk-21 | openjdk-25 |",
                        "| virtual beats platform | 001 | yes | yes | no |");
        assertThat(md).contains("**virtual-faster**: virtual beats platform\n- openjdk-21: yes, ")
                .contains("\n- openjdk-25: no, ");
        assertThat(md).doesNotContain("  - workload=noop");
    }

    @Test
    void listsEveryComparedPairUnderItsAnswerOnlyWhenAskedForEvidence() {
        String md = page().markdown(true);
        assertThat(md.lines().filter(l -> l.startsWith("  - workload=noop"))).hasSize(2)
                .anySatisfy(l -> assertThat(l).contains("faster")).anySatisfy(l -> assertThat(l).contains("slower"));
    }

    @Test
    void writesTheSameAnswersAsJson() throws Exception {
        JsonNode json = RecordJson.mapper().readTree(RecordJson.mapper().writeValueAsString(page()));
        assertThat(json.propertyNames())
                .containsExactly("confidence", "noise", "adjust", "runs", "fingerprints", "claims");
        assertThat(json.get("runs").findValuesAsString("label")).containsExactly("openjdk-21", "openjdk-25");
        assertThat(json.get("fingerprints").get(0).get("against").asString()).isEqualTo("openjdk-21");
        assertThat(json.get("claims").get(0).get("judgements").findValuesAsString("answer")).containsExactly("yes", "no");
    }

    @Test
    void namesColumnsByHostAndRunWhenTheJdkAloneIsAmbiguous() {
        RunRecord a = run("openjdk-25", "25.0.2", List.of(cell("platform", 400), cell("virtual", 4)));
        Map<Path, RunRecord> runs = new LinkedHashMap<>();
        runs.put(Path.of("a/run.json"), a);
        runs.put(Path.of("b/run.json"), new RunRecord(a.schema(), "m2", a.started(), a.finished(), a.profile(), a.status(),
                a.host(), a.jdk(), a.suite(), a.fixture(), a.results()));
        assertThat(ClaimsPage.judge(List.of(VIRTUAL_FASTER), runs, RULES, CellMatching.EXACT).runs())
                .extracting(ClaimsPage.Column::label).containsExactly("openjdk-25@lab-1 m1", "openjdk-25@lab-1 m2");
    }
}
