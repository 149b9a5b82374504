package org.loomlab.run;

import org.junit.jupiter.api.Test;
import org.loomlab.compare.Ratio;
import org.loomlab.compare.RunDiff;
import org.loomlab.compare.Verdict;
import org.loomlab.plan.Catalogued;
import org.loomlab.plan.CellPlan;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

class TopUpChoiceTest {

    private static CellPlan plan(String workload) {
        return new CellPlan(Catalogued.EXPERIMENTS.of("philosophers"), Map.of("lock", "reentrant", "workload", workload));
    }

    /** A row of the lanes' diff for {@code workload}: what it could call, and the diff's price of calling 10 %. */
    private static RunDiff.Row row(String workload, String unit, Double detectable, Integer forksToTen, Double secondsToTen) {
        return new RunDiff.Row("philosophers", Map.of("lock", "reentrant", "workload", workload), "avgt", unit, 100.0,
                105.0, 30, 30, 3, 3, null, null, 1.05, 0.9, 1.2, 0.3, 0.9, detectable, Ratio.Method.PAIRED,
                Verdict.INCONCLUSIVE, "", forksToTen, secondsToTen);
    }

    private static List<TopUpChoice.Candidate> candidates(List<CellPlan> plans, List<RunDiff.Row> rows) {
        // Every cell has 3 rounds of 10 s, both lanes together.
        return TopUpChoice.candidates(plans, rows, 0.10, Set.of(), p -> 3, p -> 10.0);
    }

    @Test
    void aCellIsACandidateWhenOneOfItsTimeOrRateRowsCannotCallTheChangePricedAtItsDearestRow() {
        List<CellPlan> plans = List.of(plan("noop"), plan("sleep"), plan("file-read"), plan("socket-read"));
        List<TopUpChoice.Candidate> got = candidates(plans, List.of(
                row("noop", "ms/op", 0.05, 3, 60.0),
                // sleep: one row callable, one not; the allocation row (B/op) decides no speed and is left out.
                row("sleep", "ms/op", 0.08, 3, 60.0), row("sleep", "us/meal", 0.20, 12, 240.0),
                row("sleep", "B/op", 0.50, 40, 800.0),
                // file-read could call nothing yet; its two rows need 8 and 10 rounds.
                row("file-read", "ms/op", null, 8, 160.0), row("file-read", "us/meal", 0.3, 10, 200.0),
                // socket-read: one row the diff could not price.
                row("socket-read", "ms/op", 0.4, null, null)));
        assertThat(got).extracting(c -> c.plan().params().get("workload")).containsExactly("sleep", "file-read", "socket-read");
        assertThat(got.get(0).toCall()).isEqualTo(12);
        assertThat(got.get(0).price()).isEqualTo(240.0);
        assertThat(got.get(1).toCall()).isEqualTo(10);
        assertThat(got.get(1).price()).isEqualTo(200.0);
        assertThat(got.get(2).toCall()).isNull();
        // sleep lacks 9 rounds of 10 s.
        assertThat(got.get(0).more()).isEqualTo(90.0);
    }

    @Test
    void theDiffNamesACellWithoutTheLanesOwnAxes() {
        CellPlan laned = new CellPlan(Catalogued.EXPERIMENTS.of("philosophers"),
                Map.of("lock", "reentrant", "workload", "noop", "mealtime", "16"));
        List<TopUpChoice.Candidate> got = TopUpChoice.candidates(List.of(laned),
                List.of(row("noop", "ms/op", 0.2, 6, 120.0)), 0.10, Set.of("mealtime"), p -> 3, p -> 10.0);
        assertThat(got).hasSize(1);
    }

    @Test
    void cellsAreTakenCheapestFirstWhileTheRoundsTheyLackFitAndADearOneLeavesTheTimeToCheaperOnesAfterIt() {
        List<TopUpChoice.Candidate> candidates = List.of(
                new TopUpChoice.Candidate(plan("noop"), 3, 30, 600.0, 20.0),       // 27 rounds more: 540 s
                new TopUpChoice.Candidate(plan("sleep"), 3, 8, 80.0, 10.0),         // 5 more: 50 s
                new TopUpChoice.Candidate(plan("file-read"), 3, 10, 200.0, 20.0),   // 7 more: 140 s
                new TopUpChoice.Candidate(plan("socket-read"), 3, null, 0, 10.0),  // not priced
                new TopUpChoice.Candidate(plan("active-wait"), 4, 6, 300.0, 50.0)); // 2 more: 100 s, dearer by the diff
        TopUpChoice.Choice choice = TopUpChoice.of(candidates, 7, 0.10, Duration.ofMinutes(5));
        // 300 s: sleep (50), file-read (140), active-wait (100); noop's 540 s do not fit.
        assertThat(choice.taken()).extracting(c -> c.plan().params().get("workload"))
                .containsExactly("sleep", "file-read", "active-wait");
        assertThat(choice.callable()).isEqualTo(2);
        assertThat(choice.line()).contains("2 of 7 cells can call 10 % in every time and rate row", "of the 5 that cannot, 3 taken cheapest first",
                "about 4m50s of forks", "up to 10 rounds a cell", "1 past --top-up 5m00s", "1 not priced by the diff");
    }

    @Test
    void aTopUpTooShortForAnyCellWholeGivesTheCheapestWhatThereIs() {
        List<TopUpChoice.Candidate> candidates = List.of(new TopUpChoice.Candidate(plan("noop"), 3, 30, 600.0, 20.0),
                new TopUpChoice.Candidate(plan("sleep"), 3, 40, 900.0, 20.0));
        TopUpChoice.Choice choice = TopUpChoice.of(candidates, 2, 0.10, Duration.ofMinutes(1));
        assertThat(choice.taken()).extracting(c -> c.plan().params().get("workload")).containsExactly("noop");
        assertThat(choice.line()).contains("1 taken cheapest first", "about 1m00s of forks",
                "shorter than the rounds it lacks", "1 past --top-up 1m00s");
    }

    @Test
    void aTopUpShorterThanOneRoundTakesNothing() {
        TopUpChoice.Choice choice = TopUpChoice.of(List.of(new TopUpChoice.Candidate(plan("noop"), 3, 30, 600.0, 90.0)), 1,
                0.10, Duration.ofMinutes(1));
        assertThat(choice.taken()).isEmpty();
    }

    @Test
    void aCellPricedAtNoMoreRoundsThanItHasStillGetsOneRound() {
        // The diff's price is its spread's; a row short of the change at the rounds it has still needs one more.
        assertThat(new TopUpChoice.Candidate(plan("noop"), 5, 4, 100.0, 20.0).more()).isEqualTo(20.0);
    }
}
