package org.loomlab.compare;


import com.fasterxml.jackson.annotation.JsonInclude;
import org.loomlab.record.Cell;
import org.loomlab.record.CellKey;
import org.loomlab.record.CellMatching;
import org.loomlab.record.RunRecord;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

/**
 * The same cells of two runs side by side: for each, B/A with its confidence interval, p-values (raw and
 * adjusted across the diff), the smallest change the data could have detected, and a verdict (see
 * {@link VerdictRules}). A is the baseline. Cells are matched on {@link CellKey} ({@link CellMatching}: a record older
 * than an axis matches the value the axis declares for it); a cell that did not end ok on
 * both sides is listed with the reason. The runs' fingerprints are compared first: on different hardware
 * directional verdicts are held back unless asked for. With repeated runs a side ({@link #overRuns}) the run is the
 * unit: each run counts once per cell, and the runs' spread stands for the run-to-run variance. What a reader sees of
 * it is {@link DiffMarkdown}'s.
 */
public final class RunDiff {

    /**
     * Which run a side is, for the reader of the diff.
     *
     * @param slice the cells of the run this side holds when it is a slice ({@code diff --between}), e.g.
     *              {@code mealtime=16}; null for the whole run
     */
    public record Side(String runJson, String runId, String profile, String host, String jdk, String runtimeVersion,
                       @JsonInclude(JsonInclude.Include.NON_NULL) String slice) {

        public static Side of(String path, RunRecord r) {
            return of(path, r, null);
        }

        public static Side of(String path, RunRecord r, String slice) {
            return new Side(path, r.runId(), r.profile(), r.host().name(), r.jdk().id(), r.jdk().runtimeVersion(), slice);
        }
    }

    /**
     * One matched cell. {@code ratio}, {@code ciLow}, {@code ciHigh}, {@code pValue}, {@code pAdjusted},
     * {@code detectable} and {@code method} are null when the cell was not compared; {@code verdict} is null then
     * too and {@code note} says why.
     *
     * @param aForks     JVM forks with samples on A's side (older records: 1); over runs, every run's together
     * @param aRuns      over repeated runs, how many of A's runs measured the cell ok; null for one run a side
     * @param pAdjusted  the p-value adjusted across the family the row was judged in
     * @param pAdjusted  for a row that can never be called (one fork on a side, identical samples): its raw p, since it
     *                   is left out of the family and adjusted against nothing
     * @param detectable the smallest change, as a fraction, that would have been called: (1 + band) * exp(t * se) - 1,
     *                   t on the row's degrees of freedom at the level the adjusted p must reach (Holm's first step:
     *                   1 - confidence over the family size; a true change that size is found about half the time);
     *                   a rank interval's half-width where there is no t; null when the interval is unbounded or a
     *                   side has one fork
     * @param forksToTen   the rounds (lanes that took turns), else the forks a side, at which this row's spread would
     *                     let it call a change of 10 %, at the same level and odds as {@code detectable}; null where
     *                     more forks would not get there (a run-to-run term, a rank test, one fork on a side)
     * @param secondsToTen what those rounds or forks would take in all, both sides, at the time this cell's forks took
     * @param roundsDropped lanes paired by round: the rounds one lane has and the other lacks (a fork failed or measured
     *                      nothing), left out of both; null when none was
     */
    public record Row(String experiment, Map<String, String> params, String metric, String unit,
                      Double aMedian, Double bMedian, int aSamples, int bSamples, int aForks, int bForks,
                      @JsonInclude(JsonInclude.Include.NON_NULL) Integer aRuns,
                      @JsonInclude(JsonInclude.Include.NON_NULL) Integer bRuns, Double ratio, Double ciLow, Double ciHigh, Double pValue, Double pAdjusted, Double detectable,
                      Ratio.Method method, Verdict verdict, String note,
                      @JsonInclude(JsonInclude.Include.NON_NULL) Integer forksToTen,
                      @JsonInclude(JsonInclude.Include.NON_NULL) Double secondsToTen,
                      @JsonInclude(JsonInclude.Include.NON_NULL) Integer roundsDropped) {

        /** A row that dropped no round. */
        public Row(String experiment, Map<String, String> params, String metric, String unit, Double aMedian,
                   Double bMedian, int aSamples, int bSamples, int aForks, int bForks, Integer aRuns, Integer bRuns,
                   Double ratio, Double ciLow, Double ciHigh, Double pValue, Double pAdjusted, Double detectable,
                   Ratio.Method method, Verdict verdict, String note, Integer forksToTen, Double secondsToTen) {
            this(experiment, params, metric, unit, aMedian, bMedian, aSamples, bSamples, aForks, bForks, aRuns, bRuns,
                    ratio, ciLow, ciHigh, pValue, pAdjusted, detectable, method, verdict, note, forksToTen, secondsToTen,
                    null);
        }

        /** Compared, but the samples (or forks) were too few to bound the interval at the asked confidence. */
        public boolean tooFewSamples() {
            return ciLow != null && !(ciLow > 0 && ciHigh < Double.POSITIVE_INFINITY);
        }

        /** In the family whose p-values were adjusted together: compared, two forks a side, samples not all alike. */
        public boolean callable() {
            return pValue != null && method != Ratio.Method.SAMPLES && !note.contains(VerdictRules.IDENTICAL);
        }

        /** Compared over the samples of one JVM on a side, so inconclusive. */
        public boolean oneFork() {
            return note.contains(VerdictRules.ONE_FORK);
        }

        /** The same row with {@code more} after its note. */
        Row withNote(String more) {
            return new Row(experiment, params, metric, unit, aMedian, bMedian, aSamples, bSamples, aForks, bForks, aRuns,
                    bRuns, ratio,
                    ciLow, ciHigh, pValue, pAdjusted, detectable, method, verdict, note.isEmpty() ? more : note + "; " + more,
                    forksToTen, secondsToTen, roundsDropped);
        }
    }

    /**
     * The whole diff as written by {@code --json}.
     *
     * @param a     A's run, or the first of A's runs
     * @param aRuns with repeated runs a side, every run of A in the order given; empty for one run a side
     * @param bRuns the same for B
     */
    public record Result(Side a, Side b, @JsonInclude(JsonInclude.Include.NON_EMPTY) List<Side> aRuns,
                         @JsonInclude(JsonInclude.Include.NON_EMPTY) List<Side> bRuns, double confidence, double noise,
                         Adjustment adjust, RunToRun runToRun, boolean pairedByRound, boolean acrossHardware,
                         FingerprintDiff fingerprints, List<Row> rows, List<Sensitivity> sensitivity) {

        public Result {
            aRuns = List.copyOf(aRuns);
            bRuns = List.copyOf(bRuns);
        }

        /** Repeated runs a side, the run the unit. */
        public boolean overRuns() {
            return !aRuns.isEmpty();
        }
    }

    /**
     * What one experiment's comparison could have found: over its time and rate rows (the ones a JDK is judged faster or
     * slower on), the median change the data could have called at the adjusted level, and how many of them could call a
     * change of {@link #TEN_PERCENT}. A row that could call nothing (one fork a side, an unbounded interval) counts as
     * unable, and as infinitely far in the median: a comparison is as decisive as its rows are, not as its best ones.
     * Where fewer than half could call 10 %, what half of them would take at their spreads: the cheapest half's cells run
     * to the rounds (or forks) each needs.
     *
     * @param median      the median of the rows' detectable changes, as a fraction; null when more than half could call
     *                    nothing
     * @param halfSeconds the least measuring time, both sides, after which half of the rows could call 10 % at their
     *                    spreads; null when fewer than half of them can be priced ({@link Row#forksToTen()})
     * @param halfForks   the most rounds (or forks a side) a cell of that cheapest half needs; null with halfSeconds
     * @param counted     what halfForks counts: rounds (lanes paired by round), forks a side, or both; null with it
     */
    public record Sensitivity(String experiment, int rows, int within10, Double median, Double halfSeconds,
                              Integer halfForks, String counted) {

        static Sensitivity of(String experiment, List<Row> rows) {
            List<Row> timed = rows.stream().filter(r -> r.ratio() != null && Verdict.decidesSpeed(r.unit())).toList();
            double[] d = timed.stream().mapToDouble(r -> r.detectable() == null ? Double.POSITIVE_INFINITY : r.detectable())
                    .sorted().toArray();
            int within = (int) java.util.Arrays.stream(d).filter(x -> x <= TEN_PERCENT).count();
            Double median = null;
            if (d.length > 0) {
                double m = d.length % 2 == 1 ? d[d.length / 2] : (d[d.length / 2 - 1] + d[d.length / 2]) / 2;
                median = Double.isFinite(m) ? m : null;
            }
            // The cheapest half: rows by what they would take, each cell counted once at the most its rows need.
            int half = (timed.size() + 1) / 2;
            List<Row> priced = timed.stream().filter(r -> r.secondsToTen() != null)
                    .sorted(java.util.Comparator.comparingDouble(Row::secondsToTen)).limit(half).toList();
            Double seconds = null;
            Integer forks = null;
            if (half > 0 && priced.size() == half) {
                Map<Map.Entry<String, Map<String, String>>, Row> byCell = new LinkedHashMap<>();
                priced.forEach(r -> byCell.merge(Map.entry(r.experiment(), r.params()), r, (x, y) -> x.secondsToTen() >= y.secondsToTen() ? x : y));
                seconds = byCell.values().stream().mapToDouble(Row::secondsToTen).sum();
                forks = priced.stream().mapToInt(Row::forksToTen).max().orElseThrow();
            }
            long paired = priced.stream().filter(r -> r.method() == Ratio.Method.PAIRED).count();
            String counted = forks == null ? null : paired == priced.size() ? "rounds" : paired == 0 ? "forks a side"
                    : "rounds or forks a side";
            return new Sensitivity(experiment, d.length, within, median, seconds, forks, counted);
        }

    }

    /** The change a comparison of JDKs is expected to find where there is one. */
    public static final double TEN_PERCENT = 0.10;

    /** The note of rows whose directional verdict was held back because the machines differ. */
    public static final String DIFFERENT_HARDWARE = "different hardware";

    private final Result result;

    /**
     * @param acrossHardware judge directional verdicts even when the CPU model, count or architecture differ
     * @param matching       which cells are the same point when one record is older than an axis the other has
     */
    public RunDiff(Side a, RunRecord ra, Side b, RunRecord rb, VerdictRules rules, boolean acrossHardware,
                   CellMatching matching) {
        this(List.of(a), List.of(ra), List.of(b), List.of(rb), rules, acrossHardware, matching, false);
    }

    private RunDiff(List<Side> as, List<RunRecord> ras, List<Side> bs, List<RunRecord> rbs, VerdictRules rules,
                    boolean acrossHardware, CellMatching matching, boolean overRuns) {
        CellMatching both = matching.among(Stream.concat(ras.stream(), rbs.stream()).flatMap(r -> r.results().stream()).toList());
        List<Map<CellKey, Cell>> left = ras.stream().map(r -> both.index(r.results())).toList();
        List<Map<CellKey, Cell>> right = rbs.stream().map(r -> both.index(r.results())).toList();
        Set<CellKey> keys = new LinkedHashSet<>();
        Stream.concat(left.stream(), right.stream()).forEach(m -> keys.addAll(m.keySet()));
        List<VerdictRules.Pairing> pairs = keys.stream().map(k -> overRuns
                ? VerdictRules.Pairing.overRuns(k, left.stream().map(m -> m.get(k)).toList(),
                        right.stream().map(m -> m.get(k)).toList())
                : new VerdictRules.Pairing(k, left.get(0).get(k), right.get(0).get(k))).toList();
        RunRecord ra = ras.get(0);
        RunRecord rb = rbs.get(0);
        Side a = as.get(0);
        Side b = bs.get(0);
        FingerprintDiff fingerprints = FingerprintDiff.between(ra, rb);
        List<Row> rows = rules.judge(pairs, fingerprints.hardware() && !acrossHardware ? DIFFERENT_HARDWARE : null);
        Map<String, List<Row>> byExperiment = new LinkedHashMap<>();
        rows.forEach(r -> byExperiment.computeIfAbsent(r.experiment(), e -> new ArrayList<>()).add(r));
        List<Sensitivity> sensitivity = byExperiment.entrySet().stream().map(e -> Sensitivity.of(e.getKey(), e.getValue()))
                .toList();
        this.result = new Result(a, b, overRuns ? as : List.of(), overRuns ? bs : List.of(), rules.confidence(),
                rules.noise(), rules.adjust(), rules.runToRun(), rules.byRound() && !overRuns, acrossHardware, fingerprints,
                rows, sensitivity);
    }

    /**
     * The diff of repeated runs a side, the run the unit ({@link Ratio#overRuns}): each side's runs in the order given,
     * each with the path it was read from. {@code rules}' run-to-run allowance serves only the rows that fall back to
     * today's rule (fewer than two runs on a side measured the cell); rounds are never paired across runs.
     */
    public static RunDiff overRuns(List<Side> as, List<RunRecord> ras, List<Side> bs, List<RunRecord> rbs,
                                   VerdictRules rules, boolean acrossHardware, CellMatching matching) {
        if (as.isEmpty() || bs.isEmpty() || as.size() != ras.size() || bs.size() != rbs.size()) {
            throw new IllegalArgumentException("a diff over runs needs one or more runs a side, each named");
        }
        return new RunDiff(as, ras, bs, rbs, rules.byRound() ? rules.withRunToRun(RunToRun.NONE) : rules, acrossHardware,
                matching, true);
    }

    /** The diff of two records whose cells match as recorded. */
    public static RunDiff of(String pathA, RunRecord a, String pathB, RunRecord b, VerdictRules rules, boolean acrossHardware) {
        return of(pathA, a, pathB, b, rules, acrossHardware, CellMatching.EXACT);
    }

    public static RunDiff of(String pathA, RunRecord a, String pathB, RunRecord b, VerdictRules rules, boolean acrossHardware,
                             CellMatching matching) {
        return of(Side.of(pathA, a), a, Side.of(pathB, b), b, rules, acrossHardware, matching);
    }

    /** The diff of two sides named as given (slices of runs among them). */
    public static RunDiff of(Side sideA, RunRecord a, Side sideB, RunRecord b, VerdictRules rules, boolean acrossHardware,
                             CellMatching matching) {
        return new RunDiff(sideA, a, sideB, b, rules, acrossHardware, matching);
    }

    public Result result() {
        return result;
    }

    public List<Row> rows() {
        return result.rows();
    }

    /** Cells judged slower or more: worse beyond the noise band, significantly after adjustment. */
    public List<Row> worse() {
        return rows().stream().filter(r -> r.verdict() != null && r.verdict().worse()).toList();
    }

    /** README-ready Markdown ({@link DiffMarkdown}): which runs, how their fingerprints differ, a table per experiment. */
    public String markdown(boolean changedOnly) {
        return new DiffMarkdown(result).markdown(changedOnly);
    }

    /** What {@code experiment}'s rows could have found, or "" when it has no time row ({@link DiffMarkdown}). */
    public String sensitivityLine(String experiment) {
        return new DiffMarkdown(result).sensitivityLine(experiment);
    }

    /** The same over every experiment's time and rate rows together, or "" with one experiment ({@link DiffMarkdown}). */
    public String overallLine() {
        return new DiffMarkdown(result).overallLine();
    }

    /** One line: how many cells got each verdict, and what kept others from one ({@link DiffMarkdown}). */
    public String summary() {
        return new DiffMarkdown(result).summary();
    }

    /** {@link DiffMarkdown#detectable}. */
    public static String detectable(Double fraction) {
        return DiffMarkdown.detectable(fraction);
    }

    /** {@link DiffMarkdown#interval}. */
    public static String interval(double low, double high) {
        return DiffMarkdown.interval(low, high);
    }
}
