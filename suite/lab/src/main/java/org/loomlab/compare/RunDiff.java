package org.loomlab.compare;

import org.loomlab.compare.FingerprintDiff;
import org.loomlab.text.Figures;
import org.loomlab.text.MarkdownTable;

import com.fasterxml.jackson.annotation.JsonInclude;
import org.loomlab.record.Cell;
import org.loomlab.record.CellKey;
import org.loomlab.record.CellMatching;
import org.loomlab.record.RunRecord;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
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
 * unit: each run counts once per cell, and the runs' spread stands for the run-to-run variance.
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

        String describe() {
            return String.format("%s %s on %s, run %s (%s profile)%s", jdk, runtimeVersion, host, runId, profile,
                    slice == null ? "" : " [" + slice + "]");
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
        boolean tooFewSamples() {
            return ciLow != null && !(ciLow > 0 && ciHigh < Double.POSITIVE_INFINITY);
        }

        /** In the family whose p-values were adjusted together: compared, two forks a side, samples not all alike. */
        public boolean callable() {
            return pValue != null && method != Ratio.Method.SAMPLES && !note.contains(VerdictRules.IDENTICAL);
        }

        /** Compared over the samples of one JVM on a side, so inconclusive. */
        boolean oneFork() {
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

        /** One line under the experiment's table, or none when it has no time or rate row. */
        String line() {
            if (rows == 0) {
                return "";
            }
            String found = String.format(Locale.ROOT, "Could detect, over %d time and rate rows: median %s; %d of %d could "
                    + "call a change of 10 %%.", rows, median == null ? "none (most rows could call nothing)"
                    : detectable(median), within10, rows);
            String half = 2 * within10 >= rows ? ""
                    : halfSeconds == null ? " Half of them cannot be priced: too many have one fork on a side or no t."
                    : String.format(Locale.ROOT, " At their spreads half of them could after about %s of forks in all, "
                    + "the cheapest half's cells taking up to %d %s.", Figures.clock(java.time.Duration.ofSeconds(
                    Math.round(halfSeconds))), halfForks, counted);
            return found + half + System.lineSeparator();
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

    /** What {@code experiment}'s rows could have found ({@link Sensitivity#line()}), or "" when it has no time row. */
    public String sensitivityLine(String experiment) {
        return result.sensitivity().stream().filter(s -> s.experiment().equals(experiment)).findFirst()
                .map(Sensitivity::line).orElse("");
    }

    /**
     * The same over every experiment's time and rate rows together ("In all: ..."), or "" when the diff has one
     * experiment: whether the comparison as a whole decided anything.
     */
    public String overallLine() {
        if (rows().stream().map(Row::experiment).distinct().count() < 2) {
            return "";
        }
        String line = Sensitivity.of("all", rows()).line();
        return line.isEmpty() ? "" : "In all: " + line;
    }

    /** Cells judged slower or more: worse beyond the noise band, significantly after adjustment. */
    public List<Row> worse() {
        return rows().stream().filter(r -> r.verdict() != null && r.verdict().worse()).toList();
    }

    /** README-ready Markdown: which runs, how their fingerprints differ, one table per experiment, the count of each verdict. */
    public String markdown(boolean changedOnly) {
        StringBuilder md = new StringBuilder();
        if (result.overRuns()) {
            md.append(String.format(Locale.ROOT, "A (baseline), %d runs:%n", result.aRuns().size()));
            result.aRuns().forEach(s -> md.append("- ").append(s.describe()).append('\n'));
            md.append(String.format(Locale.ROOT, "%nB, %d runs:%n", result.bRuns().size()));
            result.bRuns().forEach(s -> md.append("- ").append(s.describe()).append('\n'));
            md.append('\n');
        } else {
            md.append("A (baseline): ").append(result.a().describe()).append('\n');
            md.append("B:            ").append(result.b().describe()).append("\n\n");
        }
        md.append(result.fingerprints().markdown(result.overRuns() ? "A's first run" : "A",
                result.overRuns() ? "B's first run" : "B"));
        if (result.fingerprints().hardware()) {
            md.append(result.acrossHardware() ? "Different hardware: judged anyway (--across-hardware).\n"
                    : "Different hardware: no cell is called faster, slower, less or more (--across-hardware to judge anyway).\n");
        }
        long compared = rows().stream().filter(r -> r.pValue() != null).count();
        long callable = rows().stream().filter(Row::callable).count();
        md.append(String.format(Locale.ROOT, "%n%s"
                        + "p adjusted: %s across %d callable cells%s; could detect: at the level %s, on each row's t "
                        + "degrees of freedom; noise band ±%s; %s.%n%n",
                result.overRuns() ? overRunsRule() : String.format(Locale.ROOT, "B/A over JVM forks: %s (%s); "
                        + "a side with one fork falls back to its samples (exact rank test) and is inconclusive. ",
                        result.pairedByRound() ? "A and B are lanes of one run whose forks took turns, so each round's B/A "
                                + "pairs its two forks and the interval is a paired t over the rounds' log ratios"
                                : "a Welch t interval on the logs of the fork means", Figures.percent(result.confidence())),
                result.adjust().label(), callable, compared == callable ? ""
                        : String.format(Locale.ROOT, " (%d compared cells with one fork on a side or identical samples can "
                        + "never be called: left out, their p unadjusted)", compared - callable),
                result.adjust() == Adjustment.NONE ? "1 - confidence"
                        : "(1 - confidence) / " + callable + " (Holm's first step, the strictest)", Figures.percent(result.noise()),
                result.pairedByRound() ? "no run-to-run allowance: the lanes took turns in one run"
                        : result.overRuns() ? "rows that fall back: " + result.runToRun().describe()
                        : result.runToRun().describe()));
        Map<String, List<Row>> groups = new LinkedHashMap<>();
        rows().forEach(r -> groups.computeIfAbsent(r.experiment(), e -> new ArrayList<>()).add(r));
        boolean any = false;
        for (Map.Entry<String, List<Row>> g : groups.entrySet()) {
            // Axes from the whole experiment, so a row kept alone by --changed still says which cell it is.
            List<String> axes = CellKey.varying(g.getValue().stream().map(Row::params).toList());
            List<Row> shown = g.getValue().stream().filter(r -> !changedOnly || r.verdict() != null
                    && r.verdict().directional()).toList();
            if (!shown.isEmpty()) {
                any = true;
                md.append("### ").append(g.getKey()).append("\n\n").append(table(axes, shown, result.adjust(), result.overRuns()))
                        .append('\n');
            }
            String reach = sensitivityLine(g.getKey());
            if (!reach.isEmpty()) {
                md.append(reach).append('\n');
            }
        }
        if (!any) {
            md.append("(no cell changed beyond the noise band)\n\n");
        }
        String all = overallLine();
        if (!all.isEmpty()) {
            md.append(all).append('\n');
        }
        md.append(summary()).append('\n');
        return md.toString();
    }

    /** The rule of a diff over runs, for its header: runs are the unit, how many a side, and the fallback. */
    private String overRunsRule() {
        return String.format(Locale.ROOT, "Runs are the unit: %d runs of A, %d of B. Per cell each run counts once, by the "
                        + "mean of its forks' log means; B/A is exp(mean over B's runs - mean over A's runs) with a Welch t "
                        + "interval over the runs (%s, Welch-Satterthwaite degrees of freedom), and no run-to-run allowance is "
                        + "added: the runs' spread is it. A cell measured ok in fewer than two runs on a side, or whose runs "
                        + "are all alike, falls back to its forks pooled per side, judged as between two runs. ",
                result.aRuns().size(), result.bRuns().size(), Figures.percent(result.confidence()));
    }

    /** One line: how many cells got each verdict, and what kept others from one. */
    public String summary() {
        Map<Verdict, Integer> counts = new EnumMap<>(Verdict.class);
        int fewSamples = 0;
        int oneFork = 0;
        int hardware = 0;
        int notCompared = 0;
        for (Row r : rows()) {
            if (r.verdict() == null) {
                notCompared++;
                continue;
            }
            counts.merge(r.verdict(), 1, Integer::sum);
            fewSamples += r.tooFewSamples() ? 1 : 0;
            oneFork += r.oneFork() ? 1 : 0;
            hardware += r.note().contains(DIFFERENT_HARDWARE) ? 1 : 0;
        }
        List<String> parts = new ArrayList<>();
        counts.forEach((v, n) -> parts.add(n + " " + v.label()));
        if (oneFork > 0) {
            parts.add(oneFork + " with one fork on a side (verdicts need two or more: --profile full)");
        }
        if (fewSamples > 0) {
            parts.add(fewSamples + " with too few samples or forks (measure more, e.g. --profile full, or lower --confidence)");
        }
        if (hardware > 0) {
            parts.add(hardware + " held back for different hardware");
        }
        if (notCompared > 0) {
            parts.add(notCompared + " not compared");
        }
        return rows().size() + " cells: " + String.join(", ", parts);
    }

    private static String table(List<String> axes, List<Row> rows, Adjustment adjust, boolean overRuns) {
        List<String> header = new ArrayList<>(axes);
        header.addAll(List.of("metric", "A median", "B median"));
        if (overRuns) {
            header.add("runs");
        }
        header.addAll(List.of("forks", "B/A", "interval", "p"));
        if (adjust != Adjustment.NONE) {
            header.add("p " + adjust.label());
        }
        header.addAll(List.of("could detect", "verdict", "note"));
        List<List<String>> out = new ArrayList<>();
        for (Row r : rows) {
            List<String> row = new ArrayList<>();
            axes.forEach(axis -> row.add(r.params().getOrDefault(axis, "")));
            row.add(r.metric() + " (" + r.unit() + ")");
            row.add(Figures.number(r.aMedian()));
            row.add(Figures.number(r.bMedian()));
            if (overRuns) {
                row.add(r.aRuns() + "/" + r.bRuns());
            }
            row.add(r.aForks() + "/" + r.bForks());
            row.add(r.ratio() == null ? "" : String.format(Locale.ROOT, "%.3f", r.ratio()));
            row.add(r.ciLow() == null ? "" : interval(r.ciLow(), r.ciHigh()));
            row.add(r.pValue() == null ? "" : String.format(Locale.ROOT, "%.3f", r.pValue()));
            if (adjust != Adjustment.NONE) {
                row.add(r.pAdjusted() == null ? "" : String.format(Locale.ROOT, "%.3f", r.pAdjusted()));
            }
            row.add(r.ratio() == null ? "" : detectable(r.detectable()));
            row.add(r.verdict() == null ? "" : r.verdict().label());
            row.add(r.note());
            out.add(row);
        }
        return MarkdownTable.render(header, out);
    }

    /**
     * {@code ±x %}: the smallest change the row's data could have called; "none" when nothing could be. Past eleven times
     * (a t quantile at one or two degrees of freedom and Holm's level can reach 10^80) the digits say nothing a reader
     * can use, so they read "over ±1000 %"; the JSON keeps the number.
     */
    public static String detectable(Double fraction) {
        if (fraction == null) {
            return "none";
        }
        return fraction > DETECTABLE_SHOWN ? "over ±1000 %" : String.format(Locale.ROOT, "±%.1f %%", fraction * 100);
    }

    private static final double DETECTABLE_SHOWN = 10.0;

    /** {@code [low, high]}, with 0 and ∞ for the ends too few samples leave open. */
    public static String interval(double low, double high) {
        return "[" + (low > 0 ? String.format(Locale.ROOT, "%.3f", low) : "0") + ", "
                + (high < Double.POSITIVE_INFINITY ? String.format(Locale.ROOT, "%.3f", high) : "∞") + "]";
    }

}
