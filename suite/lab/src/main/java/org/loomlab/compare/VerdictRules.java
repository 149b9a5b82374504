package org.loomlab.compare;

import org.loomlab.compare.MealSpread;
import org.loomlab.text.Figures;

import org.apache.commons.statistics.descriptive.Median;
import org.loomlab.stats.StudentT;
import org.loomlab.record.Cell;
import org.loomlab.record.CellKey;
import org.loomlab.record.CellStatus;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * How a family of compared cells (the cells of one diff, the pairs of one claim) becomes verdicts. Each pair
 * gets B/A with its interval and p ({@link Ratio}); the family's p-values are adjusted together; and a pair is
 * {@code faster}, {@code slower}, {@code less} or {@code more} only when all of these hold: its interval lies
 * beyond the noise band, its adjusted p is at most 1 - confidence, both sides have at least two JVM forks, and
 * nothing else holds verdicts back (different hardware). {@code same} needs the interval inside the band and two
 * forks a side too; with one fork on a side a pair is {@code inconclusive} unless every sample is the same number.
 * The pitfall it guards against: a verdict from one JVM's iterations, or the one cell in twenty that moves by
 * chance, read as a change of the code. A pairing over repeated runs a side ({@link Pairing#overRuns}) counts each
 * run once ({@link Ratio#overRuns}), its rows in the same family and held to the same rules.
 *
 * @param confidence of each interval, e.g. 0.95
 * @param noise      half-width of the band around 1 that counts as no change, e.g. 0.02
 * @param adjust     how the family's p-values are adjusted
 * @param runToRun   how much wider than their forks' the intervals of two different runs must be ({@link RunToRun})
 * @param byRound    the two sides are lanes of one run whose forks took turns: B/A pairs them round by round
 *                   ({@link Ratio#paired}) and needs no run-to-run allowance
 */
public record VerdictRules(double confidence, double noise, Adjustment adjust, RunToRun runToRun, boolean byRound) {

    /** The rules {@code diff} applies unless told otherwise: 95 %, a noise band of ±2 %, Holm across the family. */
    public static VerdictRules defaults() {
        return new VerdictRules(0.95, 0.02, Adjustment.HOLM);
    }

    /** Rules for cells of one run (a claim's pairs): intervals over forks as measured. */
    public VerdictRules(double confidence, double noise, Adjustment adjust) {
        this(confidence, noise, adjust, RunToRun.NONE);
    }

    public VerdictRules(double confidence, double noise, Adjustment adjust, RunToRun runToRun) {
        this(confidence, noise, adjust, runToRun, false);
    }

    /** The same rules, comparing two runs whose variance between them {@code r} estimates. */
    public VerdictRules withRunToRun(RunToRun r) {
        return new VerdictRules(confidence, noise, adjust, r == null ? RunToRun.NONE : r, false);
    }

    /** The same rules for two lanes of one run: paired round by round, nothing to widen. */
    public VerdictRules inRounds() {
        return new VerdictRules(confidence, noise, adjust, RunToRun.NONE, true);
    }

    /** Note of a row compared over the samples of one JVM on a side. */
    public static final String ONE_FORK = "1 fork: JVM-to-JVM variance not in the interval";

    /** Note of a row whose variance is mostly the runs' own (tau²), which more forks a run cannot shrink. */
    public static final String RUNS_NOT_FORKS = "runs, not forks, would narrow it";

    /** Note of a row over runs that fell back to its forks: fewer than two runs on a side, or runs all alike. */
    public static final String FORKS_POOLED = "forks pooled per side: too few runs, or runs all alike";

    /** Note of a paired row whose rounds' ratios are all the same: its interval is that ratio, no measured spread. */
    public static final String ROUNDS_ALIKE = "every round's B/A alike: a paired interval of zero width";

    /** Note of a paired row that left out rounds one lane lacks, e.g. "2 rounds dropped: missing or empty in a lane". */
    static String roundsDropped(int n) {
        return n + " round" + (n == 1 ? "" : "s") + " dropped: missing or empty in a lane";
    }

    /** Note of a row whose every sample is the same number on both sides. */
    public static final String IDENTICAL = "identical samples";

    /**
     * Two cells to compare, keyed as the row will be; either may be null when a run lacks it.
     *
     * @param apart the cells ran apart (two runs, or cells of one run that did not take turns), so the run-to-run
     *              allowance applies to them; false for cells whose forks took turns
     * @param aRuns with repeated runs a side, the cell in each of A's runs, in run order (null where a run lacks it);
     *              empty when the row compares one run a side. {@code a} is then the first of them that ran ok.
     * @param bRuns the same for B
     */
    public record Pairing(CellKey key, Cell a, Cell b, boolean apart, List<Cell> aRuns, List<Cell> bRuns) {

        public Pairing {
            aRuns = Collections.unmodifiableList(new ArrayList<>(aRuns));
            bRuns = Collections.unmodifiableList(new ArrayList<>(bRuns));
        }

        public Pairing(CellKey key, Cell a, Cell b, boolean apart) {
            this(key, a, b, apart, List.of(), List.of());
        }

        /** Two cells of two runs (or of one run's slices), as {@code diff} pairs them: apart. */
        public Pairing(CellKey key, Cell a, Cell b) {
            this(key, a, b, true);
        }

        /**
         * One cell over repeated runs a side ({@code diff A1 A2 --vs B1 B2}): the runs are the unit, so the row's ratio
         * is over runs ({@link Ratio#overRuns}).
         */
        public static Pairing overRuns(CellKey key, List<Cell> aRuns, List<Cell> bRuns) {
            return new Pairing(key, representative(aRuns), representative(bRuns), true, aRuns, bRuns);
        }

        /** The first run's cell that ended ok, else the first there is, else null. */
        private static Cell representative(List<Cell> runs) {
            return runs.stream().filter(c -> c != null && c.status() == CellStatus.OK).findFirst()
                    .orElse(runs.stream().filter(Objects::nonNull).findFirst().orElse(null));
        }

        /** Compared over repeated runs a side. */
        public boolean overRuns() {
            return !aRuns.isEmpty() || !bRuns.isEmpty();
        }

        /** Two cells compared as one row, keyed as B (a claim may compare different cells, e.g. two metrics). */
        public static Pairing of(Cell a, Cell b) {
            return new Pairing(CellKey.of(b), a, b);
        }

        /**
         * Two cells of one run compared as one row, keyed as B, by diff's rule for slices of one run ({@link Between}):
         * they need no run-to-run allowance only when their forks took turns (both interleaved on the same axis).
         */
        public static Pairing inOneRun(Cell a, Cell b) {
            String turnsA = a.precision() == null ? null : a.precision().interleavedOn();
            String turnsB = b.precision() == null ? null : b.precision().interleavedOn();
            return new Pairing(CellKey.of(b), a, b, turnsA == null || !turnsA.equals(turnsB));
        }
    }

    /** The same rules with another noise band; null keeps this one's. */
    public VerdictRules withNoise(Double band) {
        return band == null ? this : new VerdictRules(confidence, band, adjust, runToRun, byRound);
    }

    /**
     * @param heldBack why directional verdicts are refused for the whole family (e.g. "different hardware"),
     *                 or null
     */
    public List<RunDiff.Row> judge(List<Pairing> pairs, String heldBack) {
        List<Measured> measured = pairs.stream().map(this::measure).toList();
        // Holm's family holds only rows that could be called: a row that never can (one fork on a side, identical
        // samples) would only raise the others' adjusted p. Such a row keeps its raw p as its "adjusted" one: it was
        // adjusted against nothing.
        double[] adjusted = adjust.adjust(measured.stream().filter(Measured::callable)
                .mapToDouble(m -> m.ratio.pValue()).toArray());
        List<RunDiff.Row> rows = new ArrayList<>();
        int k = 0;
        for (Measured m : measured) {
            rows.add(m.ratio == null ? m.row(null, null, null, m.unjudged, m.why)
                    : verdict(m, m.callable() ? adjusted[k++] : m.ratio.pValue(), adjusted.length, heldBack));
        }
        return withSharing(withWarmUps(rows, pairs), pairs);
    }

    /**
     * A row whose two cells' forks warmed up for different times says so: a cell measured closer to its JVM's start
     * is measured slower, and the verdict is then partly about the method. Older records keep no warm-up time; their
     * rows say nothing (docs/NOTES.md, "History moved out of code comments").
     */
    private static List<RunDiff.Row> withWarmUps(List<RunDiff.Row> rows, List<Pairing> pairs) {
        List<RunDiff.Row> out = new ArrayList<>(rows);
        for (int i = 0; i < rows.size(); i++) {
            Double a = warmupSeconds(pairs.get(i).a());
            Double b = warmupSeconds(pairs.get(i).b());
            if (a != null && b != null && !a.equals(b)) {
                out.set(i, rows.get(i).withNote("warmed up " + Figures.plain(a) + " s a fork in A, " + Figures.plain(b)
                        + " s in B"));
            }
        }
        return out;
    }

    private static Double warmupSeconds(Cell c) {
        return c == null || c.precision() == null ? null : c.precision().warmupSeconds();
    }

    /** Note of a dinner's time whose verdict its time per table meal does not share. */
    public static final String SHARING = "the table shares its meals differently";

    /**
     * A dinner ends when its first philosopher is full, so its time moves with the table's speed or with how evenly the
     * table shares its meals. Where the time got a direction and its time per table meal ({@link Cell#TABLE_MEAL_TIME})
     * did not get the same one, the time's row says so and gives the meal's ratio, and the meal spread's when both
     * sides' forks allow it: a slower dinner of a table that eats as fast is not a slower table.
     */
    private List<RunDiff.Row> withSharing(List<RunDiff.Row> rows, List<Pairing> pairs) {
        Map<Map.Entry<String, Map<String, String>>, Integer> meals = new HashMap<>();
        for (int i = 0; i < rows.size(); i++) {
            RunDiff.Row r = rows.get(i);
            if (r.metric().equals(Cell.TABLE_MEAL_TIME) && r.ratio() != null) {
                meals.putIfAbsent(Map.entry(r.experiment(), r.params()), i);
            }
        }
        List<RunDiff.Row> out = new ArrayList<>(rows);
        for (int i = 0; i < rows.size(); i++) {
            RunDiff.Row r = rows.get(i);
            Integer m = meals.get(Map.entry(r.experiment(), r.params()));
            // The meal row itself agrees with itself; an allocation row is no time; a row without a ratio has no verdict.
            if (m == null || r.ratio() == null || rows.get(m).verdict() == r.verdict() || !r.verdict().directional()
                    || !Verdict.isTime(r.unit())) {
                continue;
            }
            RunDiff.Row meal = rows.get(m);
            String spread = spreadRatio(pairs.get(i), pairs.get(m)).map(s -> String.format(Locale.ROOT,
                    "; meal spread %.3f %s", s.estimate(), DiffMarkdown.interval(s.low(), s.high()))).orElse("");
            out.set(i, r.withNote(String.format(Locale.ROOT, "per table meal %.3f %s, %s%s: %s", meal.ratio(),
                    DiffMarkdown.interval(meal.ciLow(), meal.ciHigh()), meal.verdict().label(), spread, SHARING)));
        }
        return List.copyOf(out);
    }

    /**
     * B/A of the meal spread over forks, as widened as the rows' ratios (over runs when the rows are); empty when a
     * side's forks do not allow it.
     */
    private Optional<Ratio> spreadRatio(Pairing dinner, Pairing meal) {
        if (dinner.overRuns()) {
            List<List<double[]>> a = spreadRuns(dinner.aRuns(), meal.aRuns());
            List<List<double[]>> b = spreadRuns(dinner.bRuns(), meal.bRuns());
            boolean runs = a.size() >= 2 && b.size() >= 2;
            boolean forks = a.stream().mapToInt(List::size).sum() >= 2 && b.stream().mapToInt(List::size).sum() >= 2;
            return runs || forks ? Optional.of(Ratio.overRuns(a, b, confidence, runToRun.factor(), 0)) : Optional.empty();
        }
        Optional<List<double[]>> a = MealSpread.forks(dinner.a(), meal.a());
        Optional<List<double[]>> b = MealSpread.forks(dinner.b(), meal.b());
        if (a.isEmpty() || b.isEmpty() || a.get().size() < 2 || b.get().size() < 2) {
            return Optional.empty();
        }
        return Optional.of(Ratio.of(a.get(), b.get(), confidence, runToRun.factor()));
    }

    /** Each run's per-fork meal spreads, for the runs whose dinner and meal cells both ended ok and allow it. */
    private static List<List<double[]>> spreadRuns(List<Cell> dinners, List<Cell> meals) {
        List<List<double[]>> out = new ArrayList<>();
        for (int i = 0; i < Math.min(dinners.size(), meals.size()); i++) {
            Cell d = dinners.get(i);
            Cell m = meals.get(i);
            if (d != null && m != null && d.status() == CellStatus.OK && m.status() == CellStatus.OK) {
                MealSpread.forks(d, m).filter(f -> !f.isEmpty()).ifPresent(out::add);
            }
        }
        return out;
    }

    private RunDiff.Row verdict(Measured m, double pAdjusted, int family, String heldBack) {
        Ratio r = m.ratio;
        List<String> notes = new ArrayList<>();
        if (m.identical) {
            notes.add(IDENTICAL);
        }
        if (m.overRuns && !m.identical && r.method() != Ratio.Method.RUNS) {
            notes.add(FORKS_POOLED);
        }
        if (r.degenerate() && !m.identical) {
            notes.add(ROUNDS_ALIKE);
        }
        if (m.roundsDropped > 0) {
            notes.add(roundsDropped(m.roundsDropped));
        }
        if (!r.bounded()) {
            boolean samples = r.method() == Ratio.Method.SAMPLES;
            boolean runs = r.method() == Ratio.Method.RUNS;
            notes.add(String.format(Locale.ROOT, "too few %s (%d and %d) for %s confidence",
                    samples ? "samples" : runs ? "runs" : "forks",
                    samples ? m.a.samples : runs ? m.a.runs.size() : m.a.forks.size(),
                    samples ? m.b.samples : runs ? m.b.runs.size() : m.b.forks.size(), Figures.percent(confidence)));
        }
        boolean oneFork = r.method() == Ratio.Method.SAMPLES && !m.identical;
        Verdict v;
        if (m.identical) {
            v = Verdict.SAME;
        } else if (oneFork) {
            // Without JVM-to-JVM variance the interval is too narrow both ways: "same" overclaims as much as
            // "faster" (and allowing it alone would let one-fork runs confirm claims of no change, never refute them).
            notes.add(ONE_FORK);
            v = Verdict.INCONCLUSIVE;
        } else {
            v = Verdict.of(r, noise, m.key.unit());
            double alpha = 1 - confidence;
            // Same tolerance as the interval: 1 - 0.9 is 0.09999999999999998 in doubles.
            String why = !v.directional() ? null : heldBack != null ? heldBack : pAdjusted > alpha * (1 + 1e-9)
                    ? String.format(Locale.ROOT, "%s %.3f > %s", adjust == Adjustment.NONE ? "p" : adjust.label() + " p",
                    pAdjusted, Figures.plain(alpha)) : null;
            if (why != null) {
                v = Verdict.INCONCLUSIVE;
                notes.add(why);
            }
        }
        if (m.runVariance != null && 2 * m.runVariance > 0.5 * r.logSe() * r.logSe()) {
            notes.add(RUNS_NOT_FORKS);
        }
        // One fork on a side gives no verdict at all, so it could detect nothing.
        double detectable = oneFork ? Double.NaN : (1 + noise) * Math.exp(detectableHalfWidth(r, family)) - 1;
        Integer toTen = oneFork || m.runVariance != null ? null : forksToCall(m, RunDiff.TEN_PERCENT, family);
        double seconds = toTen == null ? Double.NaN : toTen * (m.a.secondsPerFork + m.b.secondsPerFork);
        return m.row(r, pAdjusted, Double.isFinite(detectable) ? detectable : null, v, String.join("; ", notes), toTen,
                Double.isFinite(seconds) ? seconds : null);
    }

    /** The level an adjusted p must reach in a family of {@code family} callable rows, at its strictest (Holm's first step). */
    private double level(int family) {
        return adjust == Adjustment.NONE ? 1 - confidence : (1 - confidence) / Math.max(1, family);
    }

    /**
     * The rounds (paired lanes), else forks a side, at which {@code m}'s ratio could call {@code change}: the fewest n
     * whose detectable change ({@link #detectableHalfWidth}) is within it, its standard error shrinking as one over the
     * root of n from the spread the row shows, t on n - 1 degrees of freedom (for Welch, which has more, a little more
     * than it needs). Null for a ratio with no t, or one that would take more forks than any run makes.
     */
    private Integer forksToCall(Measured m, double change, int family) {
        Ratio r = m.ratio;
        if (!(r.logSe() > 0) || !(r.df() > 0) || (r.method() != Ratio.Method.PAIRED && r.method() != Ratio.Method.FORKS)) {
            return null;
        }
        double spread = r.method() == Ratio.Method.PAIRED ? r.roundSpread()
                : r.logSe() * Math.sqrt(Math.min(m.a.forks.size(), m.b.forks.size()));
        // A band as wide as the change leaves nothing to call at any n (claims may set such a band).
        double target = Math.log((1 + change) / (1 + noise));
        int n = Reach.forksFor(spread, target, 1 - level(family));
        return n > MOST_FORKS ? null : n;
    }

    /** More forks a side than a lab would run for one cell: past this a row is not priced. */
    private static final int MOST_FORKS = 1000;

    /**
     * How far beyond the band a shift must lie, on the log scale, for a verdict: t on the row's own degrees of freedom
     * at the level the adjusted p must reach. For Holm (and BH) that is 1 - confidence over the family size, the level
     * of Holm's first step: conservative, since a row later in the order needs less, and a row that clears it clears
     * the interval's own level too. A ratio with no t (ranks) keeps its interval's half-width.
     */
    private double detectableHalfWidth(Ratio r, int family) {
        if (!(r.logSe() > 0) || !(r.df() > 0)) {
            return r.logHalfWidth();
        }
        return StudentT.above(r.df(), level(family) / 2) * r.logSe();
    }

    /** A cell's samples grouped by fork as it recorded them, missing samples and empty forks left out. */
    static List<double[]> forks(Cell c) {
        return c.forks().stream().map(VerdictRules::clean).filter(f -> f.length > 0).toList();
    }

    private static double[] clean(List<Double> fork) {
        return fork.stream().filter(v -> v != null && !v.isNaN()).mapToDouble(Double::doubleValue).toArray();
    }

    /**
     * One side's samples: grouped by fork as the cell recorded them, and flat; with repeated runs, grouped by run too
     * ({@code forks} then pools every run's forks).
     */
    private record Side(List<double[]> forks, double[] flat, int samples, List<List<double[]>> runs, double secondsPerFork,
                        SortedMap<Integer, double[]> rounds) {

        static Side of(Cell c) {
            if (c == null) {
                return new Side(List.of(), new double[0], 0, List.of(), Double.NaN, new TreeMap<>());
            }
            List<double[]> forks = VerdictRules.forks(c);
            double[] flat = forks.stream().flatMapToDouble(Arrays::stream).toArray();
            return new Side(forks, flat, flat.length, List.of(),
                    forks.isEmpty() || !(c.wallSeconds() > 0) ? Double.NaN : c.wallSeconds() / forks.size(), byRound(c));
        }

        /** The cell's forks keyed by the round each ran in, an empty fork's round left out. */
        private static SortedMap<Integer, double[]> byRound(Cell c) {
            SortedMap<Integer, double[]> out = new TreeMap<>();
            List<List<Double>> forks = c.forks();
            List<Integer> rounds = c.rounds();
            for (int i = 0; i < forks.size(); i++) {
                double[] kept = clean(forks.get(i));
                if (kept.length > 0) {
                    out.put(rounds.get(i), kept);
                }
            }
            return out;
        }

        /** The runs' cells that ended ok with samples, one entry per such run; the rest are left out. */
        static Side ofRuns(List<Cell> cells) {
            List<List<double[]>> runs = cells.stream().filter(c -> c != null && c.status() == CellStatus.OK)
                    .map(VerdictRules::forks).filter(f -> !f.isEmpty()).toList();
            List<double[]> forks = runs.stream().flatMap(List::stream).toList();
            double[] flat = forks.stream().flatMapToDouble(Arrays::stream).toArray();
            return new Side(forks, flat, flat.length, runs, Double.NaN, new TreeMap<>());
        }

        Double median() {
            return flat.length == 0 ? null : Median.withDefaults().withCopy(true).evaluate(flat);
        }

        boolean constant(double value) {
            return Arrays.stream(flat).allMatch(v -> v == value);
        }
    }

    private Measured measure(Pairing p) {
        boolean overRuns = p.overRuns();
        Side a = overRuns ? Side.ofRuns(p.aRuns()) : Side.of(p.a());
        Side b = overRuns ? Side.ofRuns(p.bRuns()) : Side.of(p.b());
        // Over runs, p.a() is the first run's cell that ended ok: when it did not, none of A's runs did.
        String why = p.a() == null ? "only in B" : p.b() == null ? "only in A"
                : p.a().status() != CellStatus.OK ? "A " + p.a().status().label()
                : p.b().status() != CellStatus.OK ? "B " + p.b().status().label()
                : a.samples == 0 || b.samples == 0 ? "no samples" : null;
        if (why != null) {
            return new Measured(p.key(), a, b, null, false, why, null, null, overRuns);
        }
        if (a.constant(a.flat[0]) && b.constant(a.flat[0])) {
            boolean forks = a.forks.size() >= 2 && b.forks.size() >= 2;
            boolean runs = a.runs.size() >= 2 && b.runs.size() >= 2;
            return new Measured(p.key(), a, b, new Ratio(1, 1, 1, 1, runs ? Ratio.Method.RUNS : forks ? Ratio.Method.FORKS
                    : Ratio.Method.SAMPLES), true, null, null, null, overRuns);
        }
        // Between runs made apart: the cell's run variance where calibrated, else the host's factor. Allocation is an
        // amount, and both were fitted on times: its rows are as measured.
        boolean allowed = p.apart() && !p.key().metric().equals(Cell.ALLOCATION);
        Double tau2 = allowed ? runToRun.runVariance(p.key()) : null;
        double widen = allowed && tau2 == null ? runToRun.factor() : 1;
        String none = Ratio.whyNone(a.forks, b.forks);
        if (none != null) {
            return new Measured(p.key(), a, b, null, false, "no ratio: " + none, Verdict.INCONCLUSIVE, null, overRuns);
        }
        // Lanes pair on the round each fork ran in: a round one lane lacks is dropped from both, not paired off by one.
        Ratio.Rounds joined = byRound && !overRuns ? Ratio.Rounds.join(a.rounds, b.rounds) : null;
        if (joined != null && joined.a().isEmpty()) {
            return new Measured(p.key(), a, b, null, false, "no ratio: no round measured in both lanes",
                    Verdict.INCONCLUSIVE, null, overRuns, joined.dropped());
        }
        // Over runs the runs' spread is the run-to-run variance; the allowance is for the fallback alone.
        Ratio r = overRuns ? Ratio.overRuns(a.runs, b.runs, confidence, widen, tau2 == null ? 0 : tau2)
                : joined != null ? Ratio.paired(joined.a(), joined.b(), confidence, spreadFrom(p.a(), p.b()))
                : Ratio.of(a.forks, b.forks, confidence, widen, tau2 == null ? 0 : tau2);
        return new Measured(p.key(), a, b, r, false, null, null, r.method() == Ratio.Method.FORKS ? tau2 : null,
                overRuns, joined == null ? 0 : joined.dropped());
    }

    /**
     * The rounds whose spread chose how many rounds two lanes ran ({@link org.loomlab.record.Precision#spreadFrom}): the
     * paired interval leaves them out of its spread, as each lane's own interval does.
     */
    private static int spreadFrom(Cell a, Cell b) {
        int ra = a.precision() == null ? 0 : a.precision().pilotLeftOut();
        int rb = b.precision() == null ? 0 : b.precision().pilotLeftOut();
        return Math.max(ra, rb);
    }

    /**
     * A pairing measured: its ratio, or why there is none ({@code unjudged} is the verdict of a pair without a
     * ratio: null when it was not compared, inconclusive when its samples allow no ratio).
     */
    private record Measured(CellKey key, Side a, Side b, Ratio ratio, boolean identical, String why, Verdict unjudged,
                            Double runVariance, boolean overRuns, int roundsDropped) {

        Measured(CellKey key, Side a, Side b, Ratio ratio, boolean identical, String why, Verdict unjudged,
                 Double runVariance, boolean overRuns) {
            this(key, a, b, ratio, identical, why, unjudged, runVariance, overRuns, 0);
        }

        /** Whether any verdict but inconclusive or same could come of it: two forks a side, samples not all alike. */
        boolean callable() {
            return ratio != null && !identical && ratio.method() != Ratio.Method.SAMPLES;
        }

        RunDiff.Row row(Ratio r, Double pAdjusted, Double detectable, Verdict verdict, String note) {
            return row(r, pAdjusted, detectable, verdict, note, null, null);
        }

        RunDiff.Row row(Ratio r, Double pAdjusted, Double detectable, Verdict verdict, String note, Integer forksToTen,
                        Double secondsToTen) {
            return new RunDiff.Row(key.experiment(), key.params(), key.metric(), key.unit(), a.median(), b.median(),
                    a.samples, b.samples, a.forks.size(), b.forks.size(),
                    overRuns ? a.runs.size() : null, overRuns ? b.runs.size() : null,
                    r == null ? null : r.estimate(), r == null ? null : r.low(), r == null ? null : r.high(),
                    r == null ? null : r.pValue(), pAdjusted, detectable, r == null ? null : r.method(),
                    verdict, Objects.requireNonNullElse(note, ""), forksToTen, secondsToTen,
                    roundsDropped > 0 ? roundsDropped : null);
        }
    }
}
