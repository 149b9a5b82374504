package org.loomlab.run;

import org.apache.commons.statistics.descriptive.Mean;
import org.apache.commons.statistics.descriptive.StandardDeviation;
import org.loomlab.compare.Ratio;
import org.loomlab.compare.Reach;
import org.loomlab.compare.RunDiff;
import org.loomlab.plan.CellPlan;
import org.loomlab.plan.Detect;
import org.loomlab.plan.ForkShape;
import org.loomlab.plan.Policy;
import org.loomlab.plan.Stretch;
import org.loomlab.plan.TurnOrder;
import org.loomlab.record.Cell;
import org.loomlab.record.CellStatus;
import org.loomlab.record.ForkMemory;
import org.loomlab.record.MealShares;
import org.loomlab.record.Pinning;
import org.loomlab.record.Precision;
import org.loomlab.record.VarianceComponents;
import org.loomlab.text.Figures;

import java.io.IOException;
import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.DoubleConsumer;
import java.util.function.LongSupplier;

/**
 * Runs a cell fork after fork until its interval is precise enough or its budget is spent, then pools the
 * forks into one cell per metric with its {@link Precision}. The first metric a fork reports (the
 * experiment's primary one) decides when to stop.
 *
 * <p>Pitfalls it guards against: iterations of one JVM are not independent samples (the interval is over
 * forks); a budget that lets a slow cell eat the run (the next fork starts only if it is expected to fit);
 * a fork that dies or hangs throws away what the others measured (they are kept, and the cell says which
 * fork ended how).
 */
final class ForkLoop {

    /** One fork of a cell: its cells (one per metric) holding that fork's measured samples only. */
    interface Fork {
        List<Cell> run(int index) throws IOException, InterruptedException;
    }

    /**
     * How far a cell's forks spread in earlier runs on this host: the median over {@code runs} runs of three or more
     * forks each. A cell stops on its target only with as many forks as this spread needs too, and prices what it still
     * needs by the wider of it and its own: in a check on this host, three forks spreading 3 % belonged to cells whose
     * sixteen spread 7-27 %, and the 3-fork intervals narrow enough to stop on held the 16-fork mean 17 % of the time.
     */
    record Usual(double spread, int runs) {
    }

    /**
     * What a topped-up cell ran before this session: its forks' cells (one list per fork, in order) and the seconds they
     * took. Its forks go on from the next index and its cells pool over all of them, as if they had run in one go.
     */
    record Earlier(List<List<Cell>> forks, double seconds) {

        static final Earlier NONE = new Earlier(List.of(), 0);

        Earlier {
            forks = List.copyOf(forks);
        }
    }

    /**
     * How a group's members take their turns: in {@code order}'s shuffle for the group named {@code group}, or as given
     * when {@code order} is null. Members that are {@code lanes} (one cell on several JDKs) are compared round by round,
     * so the group may also stop once every lane's paired ratio to the first is within the target.
     */
    record Turns(TurnOrder order, String group, boolean lanes) {

        static final Turns IN_ORDER = new Turns(null, "", false);

        List<Integer> round(int k, int members) {
            return order == null ? java.util.stream.IntStream.range(0, members).boxed().toList()
                    : order.round(group, k, members);
        }
    }

    private final Policy policy;
    /** How a cell of a run that shares its time may spend it; null: the policy's budget alone. */
    private final Stretch stretch;
    private final ForkShape shape;
    private final PrintStream out;
    private final LongSupplier clock;
    private final DoubleConsumer forkTook;

    ForkLoop(Policy policy, ForkShape shape, PrintStream out) {
        this(policy, null, shape, out, System::nanoTime, seconds -> { });
    }

    /** @param clock nanoseconds, as {@link System#nanoTime()} (a test's forks may take simulated time) */
    ForkLoop(Policy policy, Stretch stretch, ForkShape shape, PrintStream out, LongSupplier clock) {
        this(policy, stretch, shape, out, clock, seconds -> { });
    }

    /** @param forkTook told the seconds of every fork, as it ends (the run's budget prices pilots by them) */
    ForkLoop(Policy policy, Stretch stretch, ForkShape shape, PrintStream out, LongSupplier clock, DoubleConsumer forkTook) {
        this.policy = policy;
        this.stretch = policy.target() == null ? null : stretch;
        this.shape = shape;
        this.out = out;
        this.clock = clock;
        this.forkTook = forkTook;
    }

    List<Cell> run(Fork fork) throws IOException, InterruptedException {
        return runInterleaved(List.of(fork), List.of("")).get(0);
    }

    /** {@link #runInterleaved(List, List, List)} for cells with no earlier runs to go by. */
    List<List<Cell>> runInterleaved(List<Fork> forks, List<String> labels) throws IOException, InterruptedException {
        return runInterleaved(forks, labels, java.util.Collections.nCopies(forks.size(), null));
    }

    /**
     * Runs several cells fork by fork in turn (A1 B1 A2 B2 ...), so that whatever drifts during the run (the
     * machine's temperature, a neighbour, the page cache) reaches every cell alike and a comparison between them
     * needs no run-to-run allowance. They stop together: when every one has reached the target or the shared budget
     * is spent, so each keeps as many forks as the others. A cell whose fork dies drops out with the forks it
     * measured; the others go on. One list of cells per fork given, in order.
     *
     * @param labels what the progress line names each cell by (empty for a cell run alone)
     * @param usual  each cell's spread in earlier runs here, null where it has none
     */
    List<List<Cell>> runInterleaved(List<Fork> forks, List<String> labels, List<Usual> usual)
            throws IOException, InterruptedException {
        return runInterleaved(forks, labels, usual, Turns.IN_ORDER);
    }

    /** {@link #runInterleaved(List, List, List)}, each round's members in the order {@code turns} gives. */
    List<List<Cell>> runInterleaved(List<Fork> forks, List<String> labels, List<Usual> usual, Turns turns)
            throws IOException, InterruptedException {
        return runInterleaved(forks, labels, usual, turns, java.util.Collections.nCopies(forks.size(), Earlier.NONE));
    }

    /**
     * {@link #runInterleaved(List, List, List, Turns)} for members that ran {@code earlier} rounds before (a top-up):
     * round k goes on from the rounds they have, alike in every member (their rounds stay paired), and their cells pool
     * every fork, earlier ones too. The time this loop may spend is its own; what earlier forks took is only recorded.
     */
    List<List<Cell>> runInterleaved(List<Fork> forks, List<String> labels, List<Usual> usual, Turns turns,
                                    List<Earlier> earlier) throws IOException, InterruptedException {
        int from = earlier.get(0).forks().size();
        if (earlier.stream().anyMatch(e -> e.forks().size() != from)) {
            throw new IllegalArgumentException("members with different earlier rounds "
                    + earlier.stream().map(e -> e.forks().size()).toList() + " cannot take turns: their rounds would not pair");
        }
        long start = clock.getAsLong();
        List<Member> members = new ArrayList<>();
        for (int i = 0; i < forks.size(); i++) {
            members.add(new Member(forks.get(i), labels.get(i), usual.get(i), earlier.get(i)));
        }
        for (int k = from + 1; k <= policy.maxForks(); k++) {
            for (int turn : turns.round(k, members.size())) {
                Member m = members.get(turn);
                if (m.ended == null) {
                    m.fork(k);
                    if (m.ended == null) {
                        say(m.label, k, m.interval, seconds(start));
                    }
                }
            }
            List<Member> live = members.stream().filter(m -> m.ended == null).toList();
            if (live.isEmpty()) {
                break;
            }
            double elapsed = seconds(start);
            if (turns.lanes() && policy.detect() != null) {
                sayCallable(members, k);
            }
            if (turns.lanes() && k >= policy.minForks() && pairedPrecise(members)) {
                break;
            }
            // What a fork of this session takes: earlier sessions' forks are not this loop's time.
            double perFork = elapsed / (k - from);
            if (!(stretch == null ? goOn(live, k, elapsed, perFork)
                    : goOnStretched(live, k, elapsed, perFork, turns.lanes() ? members : null))) {
                // The target was missed only where the interval is still wider than it.
                live.forEach(m -> m.exhausted = !precise(m));
                break;
            }
        }
        List<List<Cell>> out = new ArrayList<>();
        for (Member m : members) {
            out.add(m.cells());
        }
        return out;
    }

    /**
     * Alone: on until every cell is precise after the policy's minimum forks, or the next fork would overrun the budget
     * or the forks are all spent.
     */
    private boolean goOn(List<Member> live, int k, double elapsed, double perFork) {
        // Lanes with a change to call stop on their ratios alone (pairedPrecise), however wide a lane's own interval.
        if (k >= policy.minForks() && live.stream().allMatch(this::precise) && policy.detect() == null) {
            return false;
        }
        return elapsed + perFork <= seconds(policy.budget()) && k < policy.maxForks();
    }

    /**
     * In a run that shares its time ({@link Stretch}): the pilot, then on only while some cell is short of its target
     * and its forks' spread says the target is within reach of the ceiling; or, the target out of reach, while it is
     * short of the fallback ({@link Stretch#FALLBACK} times the target) and that is within reach. Lanes are judged by
     * their ratio to the first as well ({@link #pairedShort}).
     *
     * @param lanes the group's members when they are lanes, null otherwise
     */
    private boolean goOnStretched(List<Member> live, int k, double elapsed, double perFork, List<Member> lanes) {
        double ceiling = seconds(stretch.ceiling());
        if (elapsed + perFork > ceiling || k >= policy.maxForks()) {
            return false;
        }
        if (k < stretch.pilotForks()) {
            return true;
        }
        double fallback = Stretch.FALLBACK * policy.target();
        if (lanes != null && policy.detect() != null) {
            return pairedShort(lanes, k, elapsed, perFork, ceiling);
        }
        return live.stream().anyMatch(m -> !precise(m) && (reachable(m, policy.target(), k, elapsed, perFork, ceiling)
                || !within(m, fallback) && reachable(m, fallback, k, elapsed, perFork, ceiling)))
                || lanes != null && pairedShort(lanes, k, elapsed, perFork, ceiling);
    }

    /**
     * Lanes are compared, not read alone: a lane whose own forks spread too far for its target (1,000 threads on 2 cores
     * swing from fork to fork) may still be compared closely, since the swing of a round reaches every lane in it. So a
     * cell of lanes also forks on while some lane's paired ratio to the first is short of the target, or of the
     * fallback, and its rounds' spread puts that within reach: a run of openjdk-21 against 25 stopped such cells after
     * their pilot of three rounds, where the ratio's interval is t(2) = 4.3 times its standard error.
     */
    private boolean pairedShort(List<Member> lanes, int k, double elapsed, double perFork, double ceiling) {
        double fallback = Stretch.FALLBACK * policy.target();
        return pairedRatios(lanes).map(ratios -> ratios.stream().anyMatch(r -> {
            if (r.method() != Ratio.Method.PAIRED) {
                return false;
            }
            double half = Math.exp(r.logHalfWidth()) - 1;
            double spread = r.roundSpread();
            double level = pairedConfidence(lanes);
            return half > policy.target() && roundsReach(spread, policy.target(), level, k, elapsed, perFork, ceiling)
                    || half > fallback && roundsReach(spread, fallback, level, k, elapsed, perFork, ceiling);
        })).orElse(false);
    }

    /**
     * Whether rounds whose log ratios spread by {@code spread} reach a relative half-width of {@code relative} at
     * {@code level} within the ceiling and fork limit.
     */
    private boolean roundsReach(double spread, double relative, double level, int k, double elapsed, double perFork,
                                double ceiling) {
        int needed = Reach.forksFor(spread, Math.log1p(relative), level);
        return needed > k && needed <= policy.maxForks() && elapsed + (needed - k) * perFork <= ceiling;
    }

    /**
     * Whether {@code m}'s interval over two or more forks is within {@code relative} of its score, with as many forks as
     * its usual spread ({@link Usual}) needs for that.
     */
    private boolean within(Member m, double relative) {
        return m.interval.forks() >= 2 && m.interval.relativeHalfWidth() <= relative
                && usualForks(m, relative) <= m.interval.forks();
    }

    /**
     * Whether {@code m}'s forks, spreading as they did (or as usual, if wider), reach {@code relative} within
     * {@code ceiling} and the fork limit.
     */
    private boolean reachable(Member m, double relative, int k, double elapsed, double perFork, double ceiling) {
        int needed = Math.max(m.interval.forksFor(relative, policy.confidence()), usualForks(m, relative));
        return needed > k && needed <= policy.maxForks() && elapsed + (needed - k) * perFork <= ceiling;
    }

    /** The forks {@code m}'s usual spread needs for {@code relative}; 0 without one. */
    private int usualForks(Member m, double relative) {
        return m.usual == null ? 0 : Reach.forksFor(m.usual.spread(), relative, policy.confidence());
    }

    /**
     * Whether every lane's ratio to the first, paired round by round ({@link Ratio#paired}), is within the target: what a
     * comparison of lanes needs, however wide each lane's own interval still is. Never without a target, or once a lane
     * has dropped out (its rounds no longer pair with the others').
     */
    private boolean pairedPrecise(List<Member> members) {
        return policy.target() != null && pairedRatios(members).map(ratios -> ratios.stream().allMatch(r ->
                r.method() == Ratio.Method.PAIRED && r.bounded() && Math.exp(r.logHalfWidth()) - 1 <= policy.target()))
                .orElse(false);
    }

    /**
     * Each later lane's ratio to the first, paired round by round; empty once a lane has dropped out or has no fork yet
     * (its rounds no longer pair with the others').
     */
    private Optional<List<Ratio>> pairedRatios(List<Member> lanes) {
        if (lanes.stream().anyMatch(m -> m.ended != null || m.done.isEmpty())) {
            return Optional.empty();
        }
        List<double[]> first = forkSamples(lanes.get(0));
        double level = pairedConfidence(lanes);
        return Optional.of(lanes.stream().skip(1).map(m -> Ratio.paired(first, forkSamples(m), level)).toList());
    }

    /**
     * The level lanes' ratios are judged at: the policy's, or with a change to call, the level the diff's verdict on this
     * cell's rows must reach ({@link Detect#confidence}), the metrics counted from the first lane's fork.
     */
    private double pairedConfidence(List<Member> lanes) {
        return policy.detect() == null || lanes.get(0).done.isEmpty() ? policy.confidence()
                : policy.detect().confidence(policy.confidence(), lanes.get(0).done.get(0).size());
    }

    /**
     * Each lane's ratio to the first after round {@code k}, and the change it could call so far as the diff would judge
     * it: what a run with a change to call is waiting for.
     */
    private void sayCallable(List<Member> lanes, int k) {
        if (out == null) {
            return;
        }
        pairedRatios(lanes).ifPresent(ratios -> {
            for (int i = 0; i < ratios.size(); i++) {
                Ratio r = ratios.get(i);
                double could = (1 + Detect.BAND) * Math.exp(r.logHalfWidth()) - 1;
                out.printf(Locale.ROOT, "         round %d: %s/%s %s, could call %s (to call: %s)%n", k,
                        lanes.get(i + 1).label, lanes.get(0).label, Figures.number(r.estimate()),
                        r.bounded() && Double.isFinite(could) ? RunDiff.detectable(could) : "nothing yet",
                        Figures.percent(policy.detect().change()));
            }
            out.flush();
        });
    }

    private static List<double[]> forkSamples(Member m) {
        return primaryForks(m.done).stream().map(f -> f.stream().mapToDouble(Double::doubleValue).toArray()).toList();
    }

    /**
     * What each cell of an interleaved group is called in the progress lines: the params that differ within the
     * group (none for a cell run alone).
     */
    static List<String> labels(List<CellPlan> group) {
        if (group.size() == 1) {
            return List.of("");
        }
        if (group.get(0).lane() != null) {
            return group.stream().map(CellPlan::lane).toList();
        }
        return group.stream().map(p -> p.params().entrySet().stream()
                .filter(e -> group.stream().anyMatch(o -> !e.getValue().equals(o.params().get(e.getKey()))))
                .map(e -> e.getKey() + "=" + e.getValue()).collect(java.util.stream.Collectors.joining(" "))).toList();
    }

    /**
     * Whether a cell's interval is as narrow as the policy asks (always, without a target). One fork's interval is over
     * its own samples and never is: it leaves out how JVMs differ.
     */
    private boolean precise(Member m) {
        return policy.target() == null || within(m, policy.target());
    }

    /** One cell of an interleaved group: its forks so far, how its last one ended, the time its forks took. */
    private final class Member {
        final Fork fork;
        final String label;
        final Usual usual;
        final List<List<Cell>> done = new ArrayList<>();
        List<Cell> ended;
        ForkInterval interval;
        boolean exhausted;
        double seconds;

        Member(Fork fork, String label, Usual usual, Earlier earlier) {
            this.fork = fork;
            this.label = label;
            this.usual = usual;
            done.addAll(earlier.forks());
            seconds = earlier.seconds();
            interval = done.isEmpty() ? null : ForkInterval.of(primaryForks(done), policy.confidence());
        }

        void fork(int k) throws IOException, InterruptedException {
            long t0 = clock.getAsLong();
            List<Cell> got = fork.run(k);
            double took = seconds(t0);
            seconds += took;
            forkTook.accept(took);
            if (got.get(0).status() != CellStatus.OK) {
                ended = got;
                return;
            }
            done.add(got.stream().map(c -> c.inRound(k)).toList()); // issue 55: each fork's cells keep their round
            interval = ForkInterval.of(primaryForks(done), policy.confidence());
        }

        /** The pooled cells, or how the first fork ended; a later fork's end is said beside the forks kept. */
        List<Cell> cells() {
            double wall = seconds;
            if (done.isEmpty()) {
                return ended.stream().map(c -> c.withStatus(c.status(), c.status() == CellStatus.TIMEOUT
                        ? join(c.message(), timedOut(wall)) : c.message(), wall, c.rawFile())).toList();
            }
            List<Cell> pooled = pool(done, exhausted, wall, usual);
            if (ended == null) {
                return pooled;
            }
            Cell why = ended.get(0);
            String kept = "; kept the " + done.size() + " fork" + (done.size() == 1 ? "" : "s") + " measured before it";
            return pooled.stream().map(c -> c.withStatus(why.status(), "fork " + (done.size() + 1) + ": " + why.message()
                    + kept, wall, c.rawFile())).toList();
        }
    }

    /** The primary metric's samples per fork so far. */
    private static List<List<Double>> primaryForks(List<List<Cell>> forks) {
        return forks.stream().map(f -> f.get(0).samples()).toList();
    }

    /** One cell per metric over every fork: its score and interval from {@link ForkInterval}, its precision said. */
    private List<Cell> pool(List<List<Cell>> forks, boolean exhausted, double wall, Usual usual) {
        Map<String, List<Cell>> byMetric = new LinkedHashMap<>();
        forks.forEach(f -> f.forEach(c -> byMetric.computeIfAbsent(c.metric(), m -> new ArrayList<>()).add(c)));
        List<Cell> out = new ArrayList<>();
        byMetric.forEach((metric, cells) -> {
            List<List<Double>> samples = cells.stream().map(Cell::samples).filter(s -> !s.isEmpty()).toList();
            Cell last = cells.get(cells.size() - 1);
            if (samples.isEmpty()) {
                out.add(last.inRounds(null).withStatus(last.status(), last.message(), wall, last.rawFile())); // issue 55
                return;
            }
            ForkInterval iv = ForkInterval.of(samples, policy.confidence());
            // The first metric a fork reports decided when to stop: the budget and the usual spread are said of it.
            boolean primary = metric.equals(forks.get(0).get(0).metric());
            Precision precision = new Precision(policy.confidence(), policy.target(),
                    iv.bounded() ? iv.relativeHalfWidth() : null, samples.size(), shape.samples(), shape.warmupDiscarded(),
                    seconds(budget()), exhausted && primary,
                    Double.isFinite(iv.forkSpread()) ? iv.forkSpread() : null, iv.method(), null,
                    shape.warmupSeconds(), samples.size() == 1 ? sampleSpread(samples.get(0)) : null,
                    usual != null && primary ? usual.spread() : null);
            Double error = iv.bounded() ? (iv.high() - iv.low()) / 2 : null;
            Cell pooled = last.withMeasurement(iv.score(), error, iv.bounded() ? iv.low() : null,
                    iv.bounded() ? iv.high() : null, samples, precision);
            // issue 55 and 54 (record helper): the round each kept fork ran in, and how the forks' variance splits.
            pooled = pooled.inRounds(rounds(forks, metric)).withComponents(VarianceComponents.ofCell(pooled));
            pooled = withSums(pooled, cells);
            String note = precision.budgetExhausted() ? shortfall(precision, iv, wall, usual) : null;
            out.add(pooled.withStatus(CellStatus.OK, join(pooled.message(), note), wall, pooled.rawFile()));
        });
        return out;
    }

    /**
     * Issue 55 (record helper): the round each fork with {@code metric}'s samples ran in, as {@link Member#fork} tagged
     * its cells; an earlier fork given untagged stands at its position.
     */
    private static List<Integer> rounds(List<List<Cell>> forks, String metric) {
        List<Integer> out = new ArrayList<>();
        for (int i = 0; i < forks.size(); i++) {
            for (Cell c : forks.get(i)) {
                if (c.metric().equals(metric) && !c.samples().isEmpty()) {
                    out.add(c.forkRounds() != null && c.forkRounds().size() == 1 ? c.forkRounds().get(0) : i + 1);
                }
            }
        }
        return out;
    }

    /**
     * Counts add up over forks (failed operations, pinned events); the meal spread, the meal shares and the
     * calibrated CPU tokens are the forks' means; each fork's memory peaks are kept, in fork order.
     */
    private static Cell withSums(Cell pooled, List<Cell> forks) {
        Cell c = pooled;
        if (forks.stream().anyMatch(f -> f.pinning() != null)) {
            c = c.withPinning(forks.stream().map(Cell::pinning).filter(Objects::nonNull)
                    .reduce(Pinning::plus).orElseThrow());
        }
        if (forks.stream().anyMatch(f -> f.errors() != null)) {
            long errors = forks.stream().mapToLong(f -> f.errors() == null ? 0 : f.errors()).sum();
            c = c.withErrors(errors, errors > 0 ? errors + " failed operations in the measured iterations of "
                    + forks.size() + " forks (see the cell's log)" : null);
        }
        double[] spreads = forks.stream().filter(f -> f.mealSpread() != null).mapToDouble(Cell::mealSpread).toArray();
        if (spreads.length > 0) {
            c = c.withMealSpread(java.util.Arrays.stream(spreads).average().orElseThrow());
        }
        List<MealShares> shares = forks.stream().map(Cell::mealShares).filter(Objects::nonNull).toList();
        if (!shares.isEmpty()) {
            c = c.withMealShares(new MealShares(shares.stream().mapToDouble(MealShares::gini).average().orElseThrow(),
                    shares.stream().mapToDouble(MealShares::minMaxRatio).average().orElseThrow()));
        }
        long[] tokens = forks.stream().filter(f -> f.cpuTokens() != null).mapToLong(Cell::cpuTokens).toArray();
        if (tokens.length > 0) {
            c = c.withCpuTokens(Math.round(java.util.Arrays.stream(tokens).average().orElseThrow()));
        }
        List<ForkMemory> memory = forks.stream().map(Cell::forkMemory).filter(Objects::nonNull).flatMap(List::stream)
                .toList();
        if (!memory.isEmpty()) {
            c = c.withForkMemory(memory);
        }
        return c;
    }

    /** What a cell may spend: its stretch's ceiling in a run that shares its time, else the policy's budget. */
    private Duration budget() {
        return stretch == null ? policy.budget() : stretch.ceiling();
    }

    /**
     * Why the target was missed and what would reach it, and its double ({@link Stretch#FALLBACK}) where that was missed
     * too: the forks' own spread and the time that many forks take; under two forks, a floor ({@link Reach}).
     */
    private String shortfall(Precision p, ForkInterval iv, double wall, Usual usual) {
        String took = human(wall);
        double target = policy.target();
        Optional<Reach> reach = Reach.of(p, wall, target);
        if (reach.isEmpty()) {
            return String.format(Locale.ROOT, "precision %s after %d forks in %s (target ±%s); their means are zero, no "
                    + "spread to price more forks by", iv.text(), iv.forks(), took, Figures.percent(target));
        }
        Reach toTarget = reach.get();
        Reach toFallback = Reach.of(p, wall, Stretch.FALLBACK * target).orElseThrow();
        if (iv.forks() < 2) {
            // One fork's interval is over its own samples, so no precision over forks was reached.
            // Two samples estimate their spread loosely: the floor is an estimate too, hence "about ... or more".
            String samples = p.sampleSpread() == null ? "" : String.format(Locale.ROOT, "its %d samples spread %.1f %%, so "
                    + "forks likely spread %.1f %% or more: ", p.samplesPerFork(), 100 * p.sampleSpread(),
                    100 * Reach.sampleFloor(p));
            return String.format(Locale.ROOT, "one fork in %s filled the budget of %s (target ±%s over forks); %s±%s takes "
                    + "about %d forks (%s) or more, ±%s about %d (%s) or more; a larger --budget or --run-budget gives more", took,
                    JmhCell.human(budget()), Figures.percent(target), samples, Figures.percent(target), toTarget.forks(),
                    human(toTarget.seconds()), Figures.percent(Stretch.FALLBACK * target), toFallback.forks(),
                    human(toFallback.seconds()));
        }
        String fallback = !toFallback.beyond(iv.forks()) ? "" : String.format(Locale.ROOT, ", ±%s about %d (%s)",
                Figures.percent(Stretch.FALLBACK * target), toFallback.forks(), human(toFallback.seconds()));
        String before = usual == null ? "" : String.format(Locale.ROOT, ", %.1f %% in %d earlier run%s here", 100 * usual.spread(),
                usual.runs(), usual.runs() == 1 ? "" : "s");
        return String.format(Locale.ROOT, "precision %s after %d forks in %s (target ±%s); the forks spread %.1f %%%s: "
                + "about %d forks (%s) would reach it%s", iv.text(), iv.forks(), took, Figures.percent(target),
                100 * iv.forkSpread(), before, toTarget.forks(), human(toTarget.seconds()), fallback);
    }

    /** What a cell whose first fork was killed at its limit after {@code wall} seconds would take at the least. */
    private static String timedOut(double wall) {
        Reach r = Reach.killed(wall, 0);
        return "a fork of this cell takes longer than that here: an interval over forks takes " + r.forks()
                + " forks or more (over " + human(r.seconds()) + ") and a --timeout past one fork";
    }

    /** One fork's samples' coefficient of variation, or null below two samples or for a mean that is not positive. */
    private static Double sampleSpread(List<Double> samples) {
        double[] v = samples.stream().mapToDouble(Double::doubleValue).toArray();
        double mean = v.length < 2 ? Double.NaN : Mean.of(v).getAsDouble();
        return mean > 0 ? StandardDeviation.of(v).getAsDouble() / mean : null;
    }

    /** Seconds as a clock ({@code 13h18m}, {@code 2m13s}): what many forks take runs to hours. */
    private static String human(double seconds) {
        return Figures.clock(Duration.ofSeconds(Math.round(seconds)));
    }

    private void say(String label, int k, ForkInterval iv, double elapsed) {
        if (out != null) {
            out.printf(Locale.ROOT, "         fork %d%s: %s %s at %.0fs%n", k, label.isEmpty() ? "" : " of " + label,
                    Figures.number(iv.score()), iv.text(), elapsed);
            out.flush();
        }
    }

    /** Two notes as one message, either may be absent. */
    static String join(String a, String b) {
        return a == null || a.isEmpty() ? b : b == null ? a : a + "; " + b;
    }

    private double seconds(long startNanos) {
        return (clock.getAsLong() - startNanos) / 1e9;
    }

    private static double seconds(Duration d) {
        return d.toMillis() / 1000.0;
    }
}
