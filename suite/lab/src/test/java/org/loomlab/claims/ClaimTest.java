package org.loomlab.claims;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.loomlab.catalogue.AxisSpec;
import org.loomlab.catalogue.Catalogue;
import org.loomlab.catalogue.ExperimentSpec;
import org.loomlab.plan.Catalogued;
import org.loomlab.plan.Experiment;
import org.loomlab.record.Cell;
import org.loomlab.record.CellMatching;
import org.loomlab.record.CellStatus;
import org.loomlab.record.Pinning;
import org.loomlab.record.RecordJson;
import org.loomlab.record.RunRecord;
import org.loomlab.compare.Adjustment;
import org.loomlab.compare.Ratio;
import org.loomlab.compare.Verdict;
import org.loomlab.compare.VerdictRules;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.loomlab.report.SampleRuns.forked;
import static org.loomlab.report.SampleRuns.run;

class ClaimTest {

    private static final VerdictRules RULES = new VerdictRules(0.95, 0.02, Adjustment.HOLM);

    /** A philosophers cell measured in one fork per mean (3 samples 1 % apart), or one that did not end ok. */
    private static Cell cell(String threads, String workload, CellStatus status, double... forkMeans) {
        Map<String, String> params = new LinkedHashMap<>();
        params.put("lock", "reentrant");
        params.put("threads", threads);
        params.put("workload", workload);
        params.put("philosophers", "1000");
        if (status != CellStatus.OK) {
            return Cell.unmeasured("philosophers", params, "avgt", "ms/op", status, "6 min passed", 360, null);
        }
        return forked("philosophers", params, "avgt", "ms/op",
                Arrays.stream(forkMeans).mapToObj(m -> List.of(m * 0.99, m, m * 1.01)).toList());
    }

    private static final Claim VIRTUAL_FASTER = new Claim("virtual-faster", "001", "virtual beats platform", "yes",
            Claim.Rule.COMPARE,
            new CellSelector("philosophers", "avgt", Map.of("threads", List.of("platform"))),
            new CellSelector("philosophers", "avgt", Map.of("threads", List.of("virtual"))),
            List.of("lock", "workload", "philosophers"), List.of(Verdict.FASTER), null, null, null);

    /** Two named axes in this order (claims.json's order is kept; Map.of has none). */
    private static Map<String, List<String>> ordered(String axis, String value, String other, List<String> values) {
        Map<String, List<String>> params = new LinkedHashMap<>();
        params.put(axis, List.of(value));
        params.put(other, values);
        return params;
    }

    private static RunRecord runOf(Cell... cells) {
        return run("openjdk-25", "25.0.3", List.of(cells));
    }

    @Test
    void yesWhenEveryPairHasTheExpectedVerdict() {
        Judgement j = VIRTUAL_FASTER.judge(runOf(
                cell("platform", "noop", CellStatus.OK, 400, 410, 390, 405, 395),
                cell("virtual", "noop", CellStatus.OK, 3.5, 3.6, 3.4, 3.55, 3.45),
                cell("platform", "sleep", CellStatus.OK, 2000, 2100, 1900, 2050, 1950),
                cell("virtual", "sleep", CellStatus.OK, 1000, 1010, 990, 1005, 995)), RULES);
        assertThat(j.answer()).isEqualTo(Answer.YES);
        assertThat(j.reason()).isEqualTo("2 of 2 pairs faster (2 faster)");
        assertThat(j.evidence()).hasSize(2);
        assertThat(j.evidence().get(0)).startsWith("workload=noop").contains("adjusted").contains("faster");
    }

    @Test
    void noWhenOnePairIsDecidedAgainstIt() {
        Judgement j = VIRTUAL_FASTER.judge(runOf(
                cell("platform", "noop", CellStatus.OK, 400, 410, 390, 405, 395),
                cell("virtual", "noop", CellStatus.OK, 3.5, 3.6, 3.4, 3.55, 3.45),
                cell("platform", "file-read", CellStatus.OK, 100, 101, 99, 100.5, 99.5),
                cell("virtual", "file-read", CellStatus.OK, 300, 310, 290, 305, 295)), RULES);
        assertThat(j.answer()).isEqualTo(Answer.NO);
        assertThat(j.reason()).isEqualTo("1 of 2 pairs faster (1 faster, 1 slower)");
    }

    @Test
    void openWhenPairsAreUndecidedOrMissing() {
        Judgement few = VIRTUAL_FASTER.judge(runOf(
                cell("platform", "noop", CellStatus.OK, 400),
                cell("virtual", "noop", CellStatus.OK, 3.5),
                cell("platform", "http-jdk", CellStatus.OK, 400, 410, 390, 405, 395),
                cell("virtual", "http-jdk", CellStatus.TIMEOUT)), RULES);
        assertThat(few.answer()).isEqualTo(Answer.OPEN);
        assertThat(few.evidence()).anySatisfy(e -> assertThat(e).contains(VerdictRules.ONE_FORK))
                .anySatisfy(e -> assertThat(e).contains("not compared, B timeout"));
        Judgement none = VIRTUAL_FASTER.judge(runOf(cell("platform", "noop", CellStatus.OK, 1.0, 2.0)), RULES);
        assertThat(none.answer()).isEqualTo(Answer.OPEN);
        assertThat(none.reason()).isEqualTo("not measured by this run");
    }

    @Test
    void openWhenTheRunLacksSomeOfTheCellsTheClaimNames() {
        Claim both = new Claim("virtual-faster", "001", "virtual beats platform on noop and sleep", "yes", Claim.Rule.COMPARE,
                new CellSelector("philosophers", "avgt", ordered("threads", "platform", "workload", List.of("noop", "sleep"))),
                new CellSelector("philosophers", "avgt", ordered("threads", "virtual", "workload", List.of("noop", "sleep"))),
                List.of("lock", "workload", "philosophers"), List.of(Verdict.FASTER), null, null, null);
        // A run narrowed to noop: its one pair is faster, but the claim also names sleep.
        Judgement j = both.judge(runOf(
                cell("platform", "noop", CellStatus.OK, 400, 410, 390, 405, 395),
                cell("virtual", "noop", CellStatus.OK, 3.5, 3.6, 3.4, 3.55, 3.45),
                cell("platform", "sleep", CellStatus.OK, 2000, 2100, 1900, 2050, 1950)), RULES);
        assertThat(j.answer()).isEqualTo(Answer.OPEN);
        assertThat(j.reason()).isEqualTo("1 of 1 pairs faster (1 faster); not measured: "
                + "philosophers avgt threads=virtual workload=sleep, a candidate for lock=reentrant workload=sleep philosophers=1000");
    }

    @Test
    void completesAsksEveryNamedCellToBeMeasuredAndEndOk() {
        Claim scale = new Claim("scale", "001", "1M virtual threads", "yes", Claim.Rule.COMPLETES, null,
                new CellSelector("philosophers", "avgt", ordered("threads", "virtual", "workload", List.of("noop", "sleep"))),
                null, null, null, "the scaled profile", null);
        assertThat(scale.judge(runOf(cell("virtual", "noop", CellStatus.OK, 1.0), cell("virtual", "sleep", CellStatus.OK, 1.0)),
                RULES).answer()).isEqualTo(Answer.YES);
        Judgement no = scale.judge(runOf(cell("virtual", "noop", CellStatus.OK, 1.0), cell("virtual", "sleep", CellStatus.TIMEOUT)),
                RULES);
        assertThat(no.answer()).isEqualTo(Answer.NO);
        assertThat(no.evidence()).contains("workload=sleep: timeout (6 min passed)");
        Judgement half = scale.judge(runOf(cell("virtual", "noop", CellStatus.OK, 1.0)), RULES);
        assertThat(half.answer()).isEqualTo(Answer.OPEN);
        assertThat(half.reason()).isEqualTo("1 of 1 cells ended ok; not measured: philosophers avgt threads=virtual workload=sleep");
        assertThat(scale.judge(runOf(cell("platform", "noop", CellStatus.OK, 1.0)), RULES).reason())
                .isEqualTo("not measured by this run (needs the scaled profile)");
    }

    /** Every shipped claim that compares cells, for the test that each can come out both ways. */
    static Stream<Claim> comparingClaims() {
        return Claim.all().stream().filter(c -> c.rule() == Claim.Rule.COMPARE);
    }

    /**
     * Each shipped claim on a run that measured every cell it names (5 forks a cell), once with the candidate
     * moved the way the claim expects and once the other way: the answers must be yes and no.
     */
    @ParameterizedTest
    @MethodSource("comparingClaims")
    void everyShippedClaimCanComeOutYesAndNo(Claim claim) {
        assertThat(claim.judge(runMoving(claim, claim.expect().get(0)), RULES).answer()).as("%s, expected move", claim.id())
                .isEqualTo(Answer.YES);
        assertThat(claim.judge(runMoving(claim, opposite(claim.expect().get(0), unit(claim))), RULES).answer())
                .as("%s, opposite move", claim.id()).isEqualTo(Answer.NO);
    }

    /**
     * A run with every baseline combination of the claim and its candidate partners (one per value a candidate axis
     * that is not paired on takes, e.g. each collector against G1), the candidates moved to get {@code v}.
     */
    private static RunRecord runMoving(Claim claim, Verdict v) {
        return run("openjdk-25", "25.0.3", cellsMoving(claim, v, null, 1));
    }

    /** How far {@link #runMoving} moves the candidates to get {@code v}. */
    private static double factor(Verdict v, String unit) {
        return switch (v) {
            case SAME -> 1;
            case FASTER -> unit.endsWith("/s") ? 4 : 0.25;
            case SLOWER -> unit.endsWith("/s") ? 0.25 : 4;
            case LESS -> 0.25;
            case MORE -> 4;
            case INCONCLUSIVE -> throw new IllegalArgumentException("no move gives inconclusive");
        };
    }

    /**
     * The cells of {@link #runMoving}; with {@code dinner}, served at that dinner instead of the one the claim names
     * (candidates without a dinner left out), and the baselines' scores times {@code baseFactor}.
     */
    private static List<Cell> cellsMoving(Claim claim, Verdict v, String dinner, double baseFactor) {
        String unit = unit(claim);
        double factor = factor(v, unit);
        List<Cell> cells = new ArrayList<>();
        for (Map<String, String> combination : claim.baseline().combinations()) {
            Map<String, String> base = new LinkedHashMap<>(combination);
            claim.pairOn().forEach(axis -> base.putIfAbsent(axis, "1000")); // axes the claim pairs on but does not name
            List<Map<String, String>> partners = claim.candidate().combinations().stream()
                    .filter(c -> claim.pairOn().stream().allMatch(axis -> !c.containsKey(axis) || c.get(axis).equals(base.get(axis))))
                    .toList();
            assertThat(partners).as("candidates of %s %s", claim.id(), base).isNotEmpty();
            cells.add(forkedCell(claim.baseline(), servedAt(base, dinner), unit, baseFactor));
            for (Map<String, String> partner : partners) {
                Map<String, String> candidate = new LinkedHashMap<>(partner);
                claim.pairOn().forEach(axis -> candidate.putIfAbsent(axis, base.get(axis)));
                if (dinner == null || candidate.containsKey("dinner")) {
                    cells.add(forkedCell(claim.candidate(), servedAt(candidate, dinner), unit, factor));
                }
            }
        }
        return cells;
    }

    private static Map<String, String> servedAt(Map<String, String> params, String dinner) {
        Map<String, String> out = new LinkedHashMap<>(params);
        if (dinner != null) {
            out.replace("dinner", dinner);
        }
        return out;
    }

    private static Cell forkedCell(CellSelector s, Map<String, String> params, String unit, double factor) {
        double[] means = {100, 101, 99, 100.5, 99.5};
        return forked(s.experiment(), params, s.metric(), unit,
                Arrays.stream(means).mapToObj(m -> List.of(m * factor * 0.995, m * factor, m * factor * 1.005)).toList());
    }

    private static Verdict opposite(Verdict v, String unit) {
        return switch (v) {
            case FASTER -> Verdict.SLOWER;
            case SLOWER -> Verdict.FASTER;
            case LESS -> Verdict.MORE;
            case MORE -> Verdict.LESS;
            case SAME -> unit.endsWith("/s") || unit.endsWith("/op") || List.of("s", "ms").contains(unit) ? Verdict.SLOWER : Verdict.MORE;
            case INCONCLUSIVE -> throw new IllegalArgumentException("inconclusive has no opposite");
        };
    }

    /** The unit the lab records a claim's metric in (the run records under results/ say so). */
    private static String unit(Claim claim) {
        String experiment = claim.candidate().experiment();
        return switch (claim.candidate().metric()) {
            case "avgt" -> "ms/op";
            case "light-wait-sum", "latency" -> "ms";
            case "throughput", "unlocked-throughput" -> experiment.equals("pinning-probe") ? "ops/s" : "req/s";
            case "peak-rss" -> "MB";
            case "peak-os-threads" -> "threads";
            case "gc.alloc.rate.norm" -> "B/op";
            case "table.meal.time" -> "us/meal";
            default -> throw new IllegalArgumentException("add the unit of " + experiment + " " + claim.candidate().metric());
        };
    }

    /**
     * "synchronized is slower than ReentrantLock" used to compare every workload: yes needed synchronized slower in
     * all 14 pairs, also where meals are network reads or sleeps and the lock cannot show (those are "same", which
     * answered no). It now compares the hand-off of the lock alone: noop meals.
     */
    @Test
    void synchronizedSlowerIsJudgedOnTheLockHandOffNotOnMealsThatHideTheLock() {
        Claim claim = Claim.all().stream().filter(c -> c.id().equals("synchronized-slower-than-reentrant")).findFirst().orElseThrow();
        Claim everyWorkload = new Claim(claim.id(), claim.seed(), claim.says(), claim.seedSays(), claim.rule(),
                new CellSelector("philosophers", "avgt", Map.of("lock", List.of("reentrant"))),
                new CellSelector("philosophers", "avgt", Map.of("lock", List.of("synchronized"))),
                claim.pairOn(), claim.expect(), claim.noise(), claim.needs(), claim.why());
        for (double noopFactor : new double[] {2, 1}) {
            List<Cell> cells = new ArrayList<>();
            for (String threads : List.of("platform", "virtual")) {
                for (String workload : List.of("noop", "sleep", "http-jdk")) {
                    double factor = workload.equals("noop") ? noopFactor : 1; // a sleep or a network read hides the lock
                    cells.add(lockCell("reentrant", threads, workload, 1));
                    cells.add(lockCell("synchronized", threads, workload, factor));
                }
            }
            RunRecord run = run("openjdk-25", "25.0.3", cells);
            assertThat(claim.judge(run, RULES).answer()).as("noop %sx", noopFactor).isEqualTo(noopFactor > 1 ? Answer.YES : Answer.NO);
            assertThat(everyWorkload.judge(run, RULES).answer()).as("every workload, noop %sx", noopFactor).isEqualTo(Answer.NO);
        }
    }

    /** The shipped pinning claim, on probe cells whose locked throughput is {@code factor} of the unlocked one. */
    private static Judgement pinningClaim(double factor, long lockedEvents, String unseen) {
        Claim claim = Claim.all().stream().filter(c -> c.id().equals("synchronized-pinning-fixed")).findFirst().orElseThrow();
        List<Cell> cells = new ArrayList<>();
        for (String blocking : List.of("socket-read", "sleep", "wait")) {
            Map<String, String> params = new LinkedHashMap<>();
            params.put("lock", "synchronized");
            params.put("blocking", blocking);
            Pinning none = new Pinning(0, Map.of(), Map.of(), Map.of());
            Pinning locked = new Pinning(lockedEvents, Map.of(), Map.of(), Map.of(), blocking.equals("wait") ? unseen : null);
            cells.add(forkedCell(claim.baseline(), params, "ops/s", 1).withPinning(none));
            cells.add(forkedCell(claim.candidate(), params, "ops/s", factor).withPinning(locked));
        }
        return claim.judge(run("openjdk-25", "25.0.3", cells), RULES);
    }

    /**
     * The pinning claim weighs JFR and throughput together: yes only when both say unpinned, no when either says
     * pinned and the other does not contradict it, open when they disagree or the JDK cannot emit the event.
     */
    @Test
    void pinningNeedsJfrAndThroughputToAgree() {
        assertThat(pinningClaim(1, 0, null).answer()).isEqualTo(Answer.YES);
        Judgement pinned = pinningClaim(0.25, 1449, null);
        assertThat(pinned.answer()).isEqualTo(Answer.NO);
        assertThat(pinned.evidence().get(0)).startsWith("blocking=socket-read lock=synchronized: no, 1449 pinned events beyond the unlocked cell's and starved");
        Judgement disagree = pinningClaim(1, 12, null);
        assertThat(disagree.answer()).isEqualTo(Answer.OPEN);
        assertThat(disagree.evidence()).allSatisfy(e -> assertThat(e).contains("JFR and throughput disagree"));
        assertThat(pinningClaim(0.25, 0, null).evidence()).allSatisfy(e -> assertThat(e).contains("starved with no pinned event"));
        String jdk21 = "JDK 21 emits no event for Object.wait";
        Judgement blind = pinningClaim(1, 0, jdk21);
        assertThat(blind.answer()).isEqualTo(Answer.OPEN);
        assertThat(blind.reason()).startsWith("2 of 3 pairs unpinned by JFR and throughput together (2 yes, 1 open)");
        assertThat(blind.evidence().get(2)).startsWith("blocking=wait lock=synchronized: open, not starved, and JFR cannot tell: " + jdk21);
        assertThat(pinningClaim(0.25, 0, jdk21).answer()).isEqualTo(Answer.NO);
    }

    private static Cell lockCell(String lock, String threads, String workload, double factor) {
        Map<String, String> params = new LinkedHashMap<>();
        params.put("lock", lock);
        params.put("threads", threads);
        params.put("workload", workload);
        params.put("dinner", "talk");
        params.put("mealtime", "16");
        params.put("philosophers", "1000");
        params.put("meals", "10000");
        params.put("gc", "g1");
        return forked("philosophers", params, "avgt", "ms/op", fiveForks(factor));
    }

    @Test
    void theShippedClaimsNameRealExperimentsAndAxes() {
        List<Claim> claims = Claim.all();
        assertThat(claims).hasSizeGreaterThanOrEqualTo(12);
        assertThat(claims.stream().map(Claim::id).distinct()).hasSize(claims.size());
        assertThat(claims.stream().map(Claim::seed)).allMatch(s -> List.of("000", "001", "002", "003", "004").contains(s));
        // The talk's eight claims are all there, with its answers, and nine on its Q&A's open questions.
        assertThat(claims.stream().filter(c -> c.seed().equals("001"))).hasSize(8 + 9);
        for (Claim c : claims) {
            List<CellSelector> sides = Stream.of(c.baseline(), c.candidate()).filter(s -> s != null).toList();
            Set<String> sideAxes = new HashSet<>();
            sides.forEach(s -> {
                Experiment e = Catalogued.EXPERIMENTS.of(s.experiment());
                var axes = new HashSet<>(e.axes().stream().map(AxisSpec::name).toList());
                sideAxes.addAll(axes);
                assertThat(axes).as("axes of %s in claim %s", s.experiment(), c.id()).containsAll(s.params().keySet());
                // Every value named is one the lab would run (validated throws naming the bad value and the valid ones).
                s.params().forEach((axis, values) -> values.forEach(value -> e.axes().stream()
                        .filter(a -> a.name().equals(axis)).findFirst().orElseThrow().validated(value)));
                // A JMH cell's score, the allocation JMH's gc profiler records beside it or a dinner's time per table
                // meal (a scenario records several).
                if (e.kind() == ExperimentSpec.Kind.JMH) {
                    assertThat(s.metric()).as("metric of %s in claim %s", s.experiment(), c.id())
                            .isIn(e.metric(), "gc.alloc.rate.norm", Cell.TABLE_MEAL_TIME);
                }
            });
            assertThat(sideAxes).as("pair_on of claim %s", c.id()).containsAll(c.pairOn());
        }
    }

    private static final CellMatching CATALOGUE = CellMatching.of(Catalogue.onClassPath());

    private static Claim shipped(String id) {
        return Claim.all().stream().filter(c -> c.id().equals(id)).findFirst().orElseThrow();
    }
    /** The shipped claims about the talk's table: on philosophers cells, naming the talk's dinner. */
    static Stream<Claim> talkTableClaims() {
        return Claim.all().stream().filter(c -> Stream.of(c.baseline(), c.candidate()).filter(Objects::nonNull)
                .anyMatch(s -> s.experiment().equals("philosophers") && s.params().get("dinner") != null
                        && s.params().get("dinner").equals(List.of("talk"))));
    }

    @Test
    void everyClaimOnPhilosophersCellsNamesItsDinnerOrComparesEachDinnerWithItself() {
        assertThat(talkTableClaims().map(Claim::id)).containsExactlyInAnyOrder("virtual-threads-scale",
                "virtual-switch-faster", "virtual-blocking-io-faster", "vertx-comparable", "synchronized-slower-than-reentrant",
                "consume-cpu-agrees-with-spin", "unfairness-does-not-decide", "virtual-table-eats-faster",
                "virtual-dinner-allocates-more", "file-read-is-served-from-the-page-cache");
        for (Claim c : Claim.all()) {
            Stream.of(c.baseline(), c.candidate()).filter(s -> s != null && s.experiment().equals("philosophers"))
                    .forEach(s -> assertThat(s.params().containsKey("dinner") || c.pairOn().contains("dinner"))
                            .as("%s names a dinner or pairs on it", c.id()).isTrue());
        }
    }

    /**
     * Each claim about the talk's table on a run that also served the arbiter's and the lab's dinners, their cells
     * moved against the claim (as the arbiter's fast platform noop dinners did to "switching is faster on virtual
     * threads"): only the talk's cells decide. Without them the claim is open; without its dinner named, no.
     */
    @ParameterizedTest
    @MethodSource("talkTableClaims")
    void aClaimOnTheTalksTableIsDecidedByTheTalksCellsAlone(Claim claim) {
        if (claim.rule() == Claim.Rule.COMPLETES) {
            return; // virtual-threads-scale: its own test below
        }
        Verdict expected = claim.expect().get(0);
        // Other dinners' baselines, moved so that the candidates would look the other way against them.
        double against = expected == Verdict.SAME ? 0.25 : Math.pow(factor(expected, unit(claim)), 2);
        List<Cell> others = new ArrayList<>(cellsMoving(claim, expected, "arbiter", against));
        others.addAll(cellsMoving(claim, expected, "lab", against));
        List<Cell> all = new ArrayList<>(cellsMoving(claim, expected, null, 1));
        all.addAll(others);
        assertThat(claim.judge(run("openjdk-25", "25.0.3", all), RULES).answer()).as("%s, every dinner", claim.id())
                .isEqualTo(Answer.YES);
        Judgement elsewhere = claim.judge(run("openjdk-25", "25.0.3", others), RULES);
        assertThat(elsewhere.answer()).as("%s, without the talk's dinner", claim.id()).isEqualTo(Answer.OPEN);
        assertThat(elsewhere.reason()).startsWith("not measured by this run");
        Claim anyDinner = new Claim(claim.id(), claim.seed(), claim.says(), claim.seedSays(), claim.rule(),
                withoutDinner(claim.baseline()), withoutDinner(claim.candidate()), claim.pairOn(), claim.expect(),
                claim.noise(), claim.needs(), claim.why());
        assertThat(anyDinner.judge(run("openjdk-25", "25.0.3", all), RULES).answer()).as("%s, dinner not named", claim.id())
                .isEqualTo(Answer.NO);
    }

    private static CellSelector withoutDinner(CellSelector s) {
        Map<String, List<String>> params = new LinkedHashMap<>(s.params());
        params.remove("dinner");
        return new CellSelector(s.experiment(), s.metric(), params);
    }

    private static Cell scaled(String dinner, String philosophers, CellStatus status) {
        Map<String, String> params = new LinkedHashMap<>();
        params.put("dinner", dinner);
        params.put("threads", "virtual");
        params.put("philosophers", philosophers);
        return status == CellStatus.OK ? forked("philosophers", params, "avgt", "ms/op", List.of(List.of(1.0)))
                : Cell.unmeasured("philosophers", params, "avgt", "ms/op", status, "6 min passed", 360, null);
    }

    @Test
    void virtualThreadsScaleOnTheTalksTableWhateverTheArbitersCellsDid() {
        Claim claim = shipped("virtual-threads-scale");
        List<Cell> talk = List.of(scaled("talk", "10000", CellStatus.OK), scaled("talk", "100000", CellStatus.OK),
                scaled("talk", "1000000", CellStatus.OK));
        List<Cell> all = new ArrayList<>(talk);
        all.add(scaled("arbiter", "1000000", CellStatus.TIMEOUT));
        assertThat(claim.judge(run("openjdk-25", "25.0.3", all), RULES).answer()).isEqualTo(Answer.YES);
        List<Cell> failed = new ArrayList<>(talk.subList(0, 2));
        failed.add(scaled("talk", "1000000", CellStatus.TIMEOUT));
        assertThat(claim.judge(run("openjdk-25", "25.0.3", failed), RULES).answer()).isEqualTo(Answer.NO);
        assertThat(claim.judge(run("openjdk-25", "25.0.3", List.of(scaled("arbiter", "1000000", CellStatus.OK))), RULES)
                .answer()).isEqualTo(Answer.OPEN);
    }

    /** A philosophers cell as a record older than the dinner, mealtime and gc axes wrote it: none of those params. */
    private static Cell older(String threads, String workload, double factor) {
        Map<String, String> params = new LinkedHashMap<>();
        params.put("lock", "reentrant");
        params.put("threads", threads);
        params.put("workload", workload);
        params.put("philosophers", "1000");
        params.put("meals", "10000");
        return forked("philosophers", params, "avgt", "ms/op", fiveForks(factor));
    }

    /** Five forks of three samples about 100 ms apiece, times {@code factor}: a cell whose interval is about ±1 %. */
    private static List<List<Double>> fiveForks(double factor) {
        return Arrays.stream(new double[] {100, 101, 99, 100.5, 99.5})
                .mapToObj(m -> List.of(m * factor * 0.995, m * factor, m * factor * 1.005)).toList();
    }

    /**
     * Records older than the dinner axis served the lab's dinner (docs/RESULTS.md, "Which dinner"): the catalogue says so, so
     * a claim on the talk's table does not count their cells, and one on the lab's does.
     */
    @Test
    void anOlderRecordsCellsServedTheLabsDinner() {
        RunRecord old = run("openjdk-25", "25.0.3", List.of(older("platform", "noop", 1), older("virtual", "noop", 0.25)));
        Claim talk = shipped("virtual-switch-faster");
        Judgement j = talk.judge(old, RULES, CATALOGUE);
        assertThat(j.answer()).isEqualTo(Answer.OPEN);
        assertThat(j.reason()).startsWith("not measured by this run");
        Claim atTheLabs = new Claim(talk.id(), talk.seed(), talk.says(), talk.seedSays(), talk.rule(),
                servedAt(talk.baseline(), "lab"), servedAt(talk.candidate(), "lab"), talk.pairOn(), talk.expect(),
                talk.noise(), talk.needs(), talk.why());
        assertThat(atTheLabs.judge(old, RULES, CATALOGUE).answer()).as("as the catalogue says").isEqualTo(Answer.YES);
        assertThat(atTheLabs.judge(old, RULES).answer()).as("as recorded").isEqualTo(Answer.OPEN);
    }

    private static CellSelector servedAt(CellSelector s, String dinner) {
        Map<String, List<String>> params = new LinkedHashMap<>(s.params());
        params.put("dinner", List.of(dinner));
        return new CellSelector(s.experiment(), s.metric(), params);
    }

    private static Cell coroutineCell(String dispatcher, String workload, double factor) {
        Map<String, String> params = new LinkedHashMap<>();
        params.put("dispatcher", dispatcher);
        params.put("workload", workload);
        params.put("mealtime", "16");
        params.put("philosophers", "1000");
        params.put("meals", "10000");
        return forked("coroutine-philosophers", params, "avgt", "ms/op", fiveForks(factor));
    }

    private static Cell labCell(String dinner, String workload, double factor) {
        Map<String, String> params = new LinkedHashMap<>(older("virtual", workload, factor).params());
        params.put("dinner", dinner);
        params.put("mealtime", "16");
        params.put("gc", "g1");
        return forked("philosophers", params, "avgt", "ms/op", fiveForks(factor));
    }

    /**
     * Coroutines against virtual threads, both at the lab's dinner (the coroutine table serves it): as fast is yes,
     * 25 % slower no (beyond the 10 % band), the coroutine cells alone (as questions-b ran them) or beside the talk's
     * dinner only open. Other dispatchers and the talk's dinner do not count.
     */
    @Test
    void coroutinesAreComparedWithVirtualThreadsAtTheLabsDinner() {
        Claim claim = shipped("coroutines-keep-up-with-virtual-threads");
        for (double factor : new double[] {1, 0.5, 1.25}) {
            List<Cell> cells = new ArrayList<>();
            for (String workload : List.of("noop", "active-wait", "sleep")) {
                cells.add(labCell("lab", workload, 1));
                cells.add(labCell("talk", workload, 0.25)); // the talk's table, much faster: not the coroutines' dinner
                cells.add(coroutineCell("default", workload, factor));
                cells.add(coroutineCell("io", workload, 4)); // another dispatcher, much slower: not the claim's
            }
            Judgement j = claim.judge(run("openjdk-25", "25.0.3", cells), RULES);
            assertThat(j.answer()).as("coroutines %sx", factor).isEqualTo(factor > 1.1 ? Answer.NO : Answer.YES);
            assertThat(j.evidence()).hasSize(3);
        }
        List<Cell> alone = new ArrayList<>();
        List<Cell> besideTheTalk = new ArrayList<>();
        for (String workload : List.of("noop", "active-wait", "sleep")) {
            alone.add(coroutineCell("default", workload, 1));
            besideTheTalk.add(coroutineCell("default", workload, 1));
            besideTheTalk.add(labCell("talk", workload, 1));
        }
        Judgement open = claim.judge(run("openjdk-25", "25.0.3", alone), RULES);
        assertThat(open.answer()).isEqualTo(Answer.OPEN);
        assertThat(open.reason()).isEqualTo("not measured by this run (needs " + claim.needs() + ")");
        assertThat(claim.judge(run("openjdk-25", "25.0.3", besideTheTalk), RULES).answer()).isEqualTo(Answer.OPEN);
    }

    /** Allocation per dinner: open on a run that recorded none, whatever its times say. */
    @Test
    void theAllocationClaimIsOpenWithoutAllocationCells() {
        Claim claim = shipped("virtual-dinner-allocates-more");
        List<Cell> times = new ArrayList<>();
        for (String threads : List.of("platform", "virtual")) {
            for (String workload : List.of("noop", "active-wait", "sleep")) {
                Cell c = labCell("talk", workload, threads.equals("virtual") ? 4 : 1);
                Map<String, String> params = new LinkedHashMap<>(c.params());
                params.put("threads", threads);
                times.add(forked("philosophers", params, "avgt", "ms/op", List.of(List.of(1.0, 1.0), List.of(1.0, 1.0))));
            }
        }
        Judgement j = claim.judge(run("openjdk-25", "25.0.3", times), RULES);
        assertThat(j.answer()).isEqualTo(Answer.OPEN);
        assertThat(j.reason()).isEqualTo("not measured by this run (needs " + claim.needs() + ")");
    }

    /**
     * Allocation per dinner, as JMH's gc profiler records it beside each cell: virtual dinners allocating 4x the
     * platform ones' is yes, a quarter is no, a run missing a workload's pair is open.
     */
    @Test
    void theAllocationClaimReadsBytesPerDinner() {
        Claim claim = shipped("virtual-dinner-allocates-more");
        for (double factor : new double[] {4, 0.25}) {
            List<Cell> cells = new ArrayList<>();
            for (String workload : List.of("noop", "active-wait")) {
                cells.add(allocation("platform", workload, 1));
                cells.add(allocation("virtual", workload, factor));
            }
            Judgement j = claim.judge(run("openjdk-25", "25.0.3", cells), RULES);
            assertThat(j.answer()).as("virtual %sx", factor).isEqualTo(factor > 1 ? Answer.YES : Answer.NO);
            assertThat(j.reason()).contains(factor > 1 ? "2 more" : "2 less");
            Judgement half = claim.judge(run("openjdk-25", "25.0.3", cells.subList(0, 3)), RULES);
            assertThat(half.answer()).as("without active-wait on virtual threads, virtual %sx", factor).isEqualTo(factor > 1 ? Answer.OPEN : Answer.NO);
        }
    }

    /** A talk-dinner cell's allocation per dinner: about 2 MB, times {@code factor}, in five forks. */
    private static Cell allocation(String threads, String workload, double factor) {
        Map<String, String> params = new LinkedHashMap<>();
        params.put("lock", "reentrant");
        params.put("threads", threads);
        params.put("workload", workload);
        params.put("dinner", "talk");
        params.put("mealtime", "16");
        params.put("philosophers", "1000");
        params.put("meals", "10000");
        params.put("gc", "g1");
        return forked("philosophers", params, "gc.alloc.rate.norm", "B/op", Arrays.stream(new double[] {2.0e6, 2.02e6, 1.98e6,
                2.01e6, 1.99e6}).mapToObj(m -> List.of(m * factor * 0.995, m * factor, m * factor * 1.005)).toList());
    }

    @Test
    void aClaimWithoutItsRulesFieldsIsRefusedByName() {
        String json = "[{\"id\": \"half\", \"seed\": \"001\", \"says\": \"x\", \"seed_says\": \"yes\", \"rule\": \"compare\"}]";
        assertThatThrownBy(() -> RecordJson.mapper().readValue(json, Claim[].class))
                .hasMessageContaining("claim half needs baseline, candidate and expect");
    }
}
