package org.loomlab.run;

import org.loomlab.compare.Ratio;
import org.loomlab.compare.RunDiff;
import org.loomlab.plan.CellPlan;
import org.loomlab.plan.Detect;
import org.loomlab.plan.ForkShape;
import org.loomlab.plan.Policy;
import org.loomlab.plan.Stretch;
import org.loomlab.plan.TurnOrder;
import org.loomlab.record.Cell;
import org.loomlab.record.CellStatus;
import org.loomlab.text.Figures;

import java.io.IOException;
import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
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
     * What a topped-up cell ran before this session: its forks' cells (one list per fork, in order), the seconds they
     * took and the first forks its interval's spread left out ({@link StoppingRule#spreadFrom}), which stay out. Its forks go on from the next index and its cells pool over all of them, as if they had run in one go.
     */
    record Earlier(List<List<Cell>> forks, double seconds, int spreadFrom) {

        static final Earlier NONE = new Earlier(List.of(), 0, 0);

        Earlier {
            forks = List.copyOf(forks);
        }

        /** Earlier forks whose every spread counts (they stopped by the sequential rule, or made before the choice). */
        Earlier(List<List<Cell>> forks, double seconds) {
            this(forks, seconds, 0);
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
    private final StoppingRule.Kind rule;
    private final ForkPool pool;
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
        this(policy, stretch, StoppingRule.Kind.SEQUENTIAL, shape, out, clock, forkTook);
    }

    /** @param rule when a group of lanes stops forking ({@link StoppingRule}); other groups stop by the sequential rule */
    ForkLoop(Policy policy, Stretch stretch, StoppingRule.Kind rule, ForkShape shape, PrintStream out, LongSupplier clock,
             DoubleConsumer forkTook) {
        this.policy = policy;
        this.stretch = policy.target() == null ? null : stretch;
        this.rule = rule;
        this.pool = new ForkPool(policy, shape, this.stretch == null ? policy.budget() : this.stretch.ceiling());
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
        // Lanes are compared, and a verdict on them must keep its level; a cell alone keeps the rule it had.
        StoppingRule stopping = (turns.lanes() ? rule : StoppingRule.Kind.SEQUENTIAL)
                .start(policy, stretch, from, earlier.get(0).spreadFrom());
        List<Member> members = new ArrayList<>();
        for (int i = 0; i < forks.size(); i++) {
            members.add(new Member(forks.get(i), labels.get(i), usual.get(i), earlier.get(i)));
        }
        for (int k = from + 1; k <= policy.maxForks(); k++) {
            for (int turn : turns.round(k, members.size())) {
                Member m = members.get(turn);
                if (m.ended == null) {
                    m.fork(k);
                    if (m.ended == null && out != null) {
                        say(m.label, k, m.interval(stopping.spreadFrom()), seconds(start));
                    }
                }
            }
            if (members.stream().allMatch(m -> m.ended != null)) {
                break;
            }
            Standing standing = standing(members, k, from, seconds(start), turns.lanes(), stopping.spreadFrom());
            if (turns.lanes() && policy.detect() != null) {
                sayCallable(standing, members, k);
            }
            StoppingRule.Next next = stopping.after(standing);
            if (next == StoppingRule.Next.SPENT) {
                // The target was missed only where the interval is still wider than it (as the rule now reads it).
                Standing now = standing(members, k, from, seconds(start), turns.lanes(), stopping.spreadFrom());
                for (int i = 0; i < members.size(); i++) {
                    Member m = members.get(i);
                    if (m.ended == null) {
                        m.exhausted = !stopping.precise(now.members().get(i));
                    }
                }
            }
            if (next != StoppingRule.Next.ROUND) {
                break;
            }
        }
        List<List<Cell>> out = new ArrayList<>();
        for (Member m : members) {
            out.add(m.cells(stopping.spreadFrom()));
        }
        return out;
    }

    /** Where the group stands after round {@code k}, its intervals' spread from round {@code spreadFrom} on. */
    private Standing standing(List<Member> members, int k, int from, double elapsed, boolean lanes, int spreadFrom) {
        List<Standing.Forked> forked = members.stream().map(m -> new Standing.Forked(() -> m.interval(spreadFrom), m.usual,
                forkSamples(m), m.ended != null)).toList();
        int metrics = members.get(0).done.isEmpty() ? 0 : members.get(0).done.get(0).size();
        return new Standing(policy, k, from, elapsed, forked, lanes, metrics, spreadFrom);
    }

    /**
     * Each lane's ratio to the first after round {@code k}, and the change it could call so far as the diff would judge
     * it: what a run with a change to call is waiting for.
     */
    private void sayCallable(Standing standing, List<Member> lanes, int k) {
        if (out == null) {
            return;
        }
        standing.pairedRatios().ifPresent(ratios -> {
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
        return ForkPool.primaryForks(m.done).stream().map(f -> f.stream().mapToDouble(Double::doubleValue).toArray()).toList();
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

    /** One cell of an interleaved group: its forks so far, how its last one ended, the time its forks took. */
    private final class Member {
        final Fork fork;
        final String label;
        final Usual usual;
        final List<List<Cell>> done = new ArrayList<>();
        List<Cell> ended;
        boolean exhausted;
        double seconds;

        Member(Fork fork, String label, Usual usual, Earlier earlier) {
            this.fork = fork;
            this.label = label;
            this.usual = usual;
            done.addAll(earlier.forks());
            seconds = earlier.seconds();
        }

        /** Its interval over the forks so far, their spread from round {@code spreadFrom} on. */
        ForkInterval interval(int spreadFrom) {
            return ForkInterval.of(ForkPool.primaryForks(done), policy.confidence(), spreadFrom);
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
            done.add(got.stream().map(c -> c.inRound(k)).toList()); // each fork's cells keep their round
        }

        /** The pooled cells, or how the first fork ended; a later fork's end is said beside the forks kept. */
        List<Cell> cells(int spreadFrom) {
            double wall = seconds;
            if (done.isEmpty()) {
                return ended.stream().map(c -> c.withStatus(c.status(), c.status() == CellStatus.TIMEOUT
                        ? join(c.message(), ForkPool.timedOut(wall)) : c.message(), wall, c.rawFile())).toList();
            }
            List<Cell> pooled = pool.pool(done, exhausted, wall, usual, spreadFrom);
            if (ended == null) {
                return pooled;
            }
            Cell why = ended.get(0);
            String kept = "; kept the " + done.size() + " fork" + (done.size() == 1 ? "" : "s") + " measured before it";
            return pooled.stream().map(c -> c.withStatus(why.status(), "fork " + (done.size() + 1) + ": " + why.message()
                    + kept, wall, c.rawFile())).toList();
        }
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
