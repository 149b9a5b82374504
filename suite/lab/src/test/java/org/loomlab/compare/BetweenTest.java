package org.loomlab.compare;

import org.loomlab.report.SampleRuns;

import org.junit.jupiter.api.Test;
import org.loomlab.record.Cell;
import org.loomlab.record.Precision;
import org.loomlab.record.RunRecord;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class BetweenTest {

    private static Cell cell(String mealtime, String interleavedOn) {
        return Cell.builder("philosophers", Map.of("lock", "reentrant", "mealtime", mealtime), "avgt", "ms/op").score(1.0)
                .precision(new Precision(0.95, 0.05, 0.01, 3, 5, 2, 60, false, 0.02, "t", interleavedOn, null, null, null)).build();
    }

    private static RunRecord run(Cell... cells) {
        return SampleRuns.run("openjdk-25", "25.0.5", List.of(cells));
    }

    @Test
    void parsesAxisAndBothValuesAndRefusesAnythingElse() {
        assertThat(Between.parse("mealtime=16:16.8")).isEqualTo(new Between("mealtime", "16", "16.8"));
        for (String bad : List.of("mealtime", "mealtime=16", "=16:17", "mealtime=:17", "mealtime=16:")) {
            assertThatThrownBy(() -> Between.parse(bad)).isInstanceOf(IllegalArgumentException.class)
                    .hasMessage("--between '" + bad + "' is not AXIS=A:B, e.g. mealtime=16:16.8");
        }
    }

    @Test
    void slicesMatchOnTheOtherAxesAndSayWhetherTheirForksTookTurns() {
        RunRecord r = run(cell("16", "mealtime"), cell("16.8", "mealtime"));
        Between between = Between.parse("mealtime=16:16.8");
        RunRecord a = between.sliceA(r);
        RunRecord b = between.sliceB(r);
        assertThat(a.results()).singleElement().satisfies(c -> assertThat(c.params()).isEqualTo(Map.of("lock", "reentrant")));
        assertThat(b.results()).singleElement().satisfies(c -> assertThat(c.params()).isEqualTo(Map.of("lock", "reentrant")));
        assertThat(between.interleaved(a, b)).isTrue();
        RunRecord apart = run(cell("16", null), cell("16.8", null));
        assertThat(between.interleaved(between.sliceA(apart), between.sliceB(apart))).isFalse();
        RunRecord otherAxis = run(cell("16", "lock"), cell("16.8", "lock"));
        assertThat(between.interleaved(between.sliceA(otherAxis), between.sliceB(otherAxis))).isFalse();
    }

    @Test
    void aValueNoCellHasIsAOneLineErrorNamingTheValuesThereAre() {
        RunRecord r = run(cell("16", null), cell("16.8", null));
        assertThatThrownBy(() -> Between.parse("mealtime=16:17").sliceB(r)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("--between mealtime=16:17: run B has no cell with mealtime=17; its values: 16, 16.8");
    }

    @Test
    void aSliceIsAFieldOfItsSideNotPartOfTheFileName() throws Exception {
        RunRecord r = run(cell("16", "mealtime"), cell("16.8", "mealtime"));
        Between between = Between.parse("mealtime=16:16.8");
        RunRecord a = between.sliceA(r);
        RunRecord b = between.sliceB(r);
        RunDiff diff = RunDiff.of(RunDiff.Side.of("run.json", a, between.slice("16")), a,
                RunDiff.Side.of("run.json", b, between.slice("16.8")), b, new VerdictRules(0.95, 0.02, Adjustment.HOLM), false,
                org.loomlab.record.CellMatching.EXACT);
        var json = org.loomlab.record.RecordJson.mapper().valueToTree(diff.result());
        assertThat(json.path("a").path("run_json").asString()).isEqualTo("run.json");
        assertThat(json.path("a").path("slice").asString()).isEqualTo("mealtime=16");
        assertThat(json.path("b").path("slice").asString()).isEqualTo("mealtime=16.8");
        assertThat(diff.markdown(false)).contains("(quick profile) [mealtime=16]\n").contains("[mealtime=16.8]\n");
        RunDiff whole = RunDiff.of("run.json", r, "run.json", r, new VerdictRules(0.95, 0.02, Adjustment.HOLM), false);
        assertThat(org.loomlab.record.RecordJson.mapper().valueToTree(whole.result()).path("a").has("slice")).isFalse();
    }
}
