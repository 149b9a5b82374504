package org.loomlab.run;

import org.apache.commons.statistics.distribution.ChiSquaredDistribution;
import org.loomlab.compare.Ratio;
import org.loomlab.plan.Detect;
import org.loomlab.plan.Policy;
import org.loomlab.plan.Stretch;
import org.loomlab.stats.StudentT;

import java.util.List;
import java.util.OptionalInt;

/**
 * A stopping rule that keeps its level: a pilot of {@link Stretch#PILOT_FORKS} rounds, then the group's rounds fixed
 * once from the pilot's spread (the wider of it and the cell's usual spread here), then run to that number without
 * looking again. The interval's spread leaves the pilot out ({@link #spreadFrom}), so nothing that decided when to stop
 * is in it: for normal rounds its level is exact (Stein's two-stage idea, the pilot kept in the estimate), and the
 * whole loop is simulated in {@code StoppingLevelTest}.
 *
 * <p>The rounds are chosen to call the plan's change at {@link #POWER} power, not at 50 %: with a change to call
 * ({@code --detect}) the ratio's interval must clear the diff's noise band by the change, so n is the fewest rounds with
 * {@code (t(level) + t(power)) * s / sqrt(n) <= log((1 + change) / (1 + band))}; with a half-width target,
 * {@code t(level) * s / sqrt(n) <= log(1 + target)}, both on the later rounds' degrees of freedom. A pilot's spread runs
 * low (three rounds' s is below sigma more often than not), so it is read median-unbiased: scaled by
 * {@code sqrt((n - 1) / chi2 median(n - 1))}, 1.20 for three rounds. A target the ceiling or the fork limit cannot reach
 * is tried at {@link Stretch#FALLBACK} times; a cell that reaches neither stops after its pilot, flagged.
 */
final class TwoStageRule implements StoppingRule {

    /** The chance a true change of the planned size is called: "could detect" means this. */
    static final double POWER = 0.80;
    /** Later rounds at the least: their spread is the interval's, on rounds - 1 degrees of freedom. */
    static final int LATER_ROUNDS = 3;

    private final Policy policy;
    private final Stretch stretch;
    private final int pilot;
    /** The rounds fixed after the pilot; -1 before. */
    private int planned = -1;
    private int spreadFrom;
    private final boolean toppedUp;

    /**
     * @param earlier      rounds a top-up's cell ran before: its rounds are planned from all of them
     * @param earlierPilot the pilot those rounds' interval left out of its spread, which stays out; 0 where none did
     */
    TwoStageRule(Policy policy, Stretch stretch, int earlier, int earlierPilot) {
        this.policy = policy;
        this.stretch = policy.target() == null ? null : stretch;
        this.pilot = Math.max(Math.min(Stretch.PILOT_FORKS, policy.maxForks()), earlier);
        this.toppedUp = earlier > 0;
        this.spreadFrom = earlierPilot;
    }

    @Override
    public Next after(Standing s) {
        int k = s.round();
        boolean another = k < policy.maxForks() && s.elapsed() + s.perFork() <= ceiling();
        if (planned < 0) {
            if (k < pilot) {
                return another ? Next.ROUND : Next.SPENT;
            }
            planned = plan(s);
            // A top-up keeps its first session's pilot out, and no more: the rounds that made it short of its change
            // were planned by that pilot, and leaving them out too would keep a fork that widened it out of the spread
            // but in the estimate (on heavy-tailed forks, 7.6 % false calls at 5 %).
            if (!toppedUp) {
                spreadFrom = planned - k >= LATER_ROUNDS ? k : 0;
            }
        }
        return k < planned && another ? Next.ROUND : Next.SPENT;
    }

    @Override
    public int spreadFrom() {
        return spreadFrom;
    }

    @Override
    public boolean precise(Standing.Forked m) {
        return policy.target() == null
                || m.interval() != null && m.interval().forks() >= 2 && m.interval().relativeHalfWidth() <= policy.target();
    }

    /**
     * The rounds the group runs, fixed from where it stands after its pilot: what its target takes, else what the
     * fallback takes, else none past the pilot.
     */
    private int plan(Standing s) {
        int k = s.round();
        if (policy.target() == null) {
            return Math.max(k, policy.minForks());
        }
        for (double factor : new double[] {1, Stretch.FALLBACK}) {
            OptionalInt n = rounds(s, factor);
            if (n.isPresent() && n.getAsInt() <= policy.maxForks()
                    && s.elapsed() + (n.getAsInt() - k) * s.perFork() <= ceiling()) {
                return Math.max(n.getAsInt(), policy.minForks());
            }
        }
        return k;
    }

    /** The rounds the widest member (lanes: the widest ratio) needs for {@code factor} times the target; empty: none. */
    private OptionalInt rounds(Standing s, double factor) {
        int k = s.round();
        List<Ratio> ratios = s.lanes() ? s.pairedRatios().orElse(List.of()) : List.of();
        int most = 0;
        if (!ratios.isEmpty()) {
            double goal = policy.detect() == null ? Math.log1p(factor * policy.target())
                    : Math.log((1 + factor * (policy.detect().change() - Detect.BAND) + Detect.BAND) / (1 + Detect.BAND));
            double power = policy.detect() == null ? 0.5 : POWER;
            for (Ratio r : ratios) {
                if (r.method() != Ratio.Method.PAIRED) {
                    return OptionalInt.empty();
                }
                most = Math.max(most, roundsFor(unbiased(r.roundSpread(), k), goal, s.pairedLevel(), power, k));
            }
        } else {
            for (Standing.Forked m : s.live()) {
                if (m.interval() == null || !Double.isFinite(m.interval().forkSpread())) {
                    return OptionalInt.empty();
                }
                double spread = Math.max(unbiased(m.interval().forkSpread(), k), m.usual() == null ? 0 : m.usual().spread());
                most = Math.max(most, roundsFor(spread, Math.log1p(factor * policy.target()), policy.confidence(), 0.5, k));
            }
        }
        return most == Integer.MAX_VALUE ? OptionalInt.empty() : OptionalInt.of(most);
    }

    /**
     * The fewest rounds n, past {@code pilot} by {@link #LATER_ROUNDS} or more, whose interval at {@code level} over the
     * later rounds' spread clears {@code goal} (on the log scale) with probability {@code power} when the rounds spread
     * by {@code spread}; {@link Integer#MAX_VALUE} when no number up to a million does.
     */
    static int roundsFor(double spread, double goal, double level, double power, int pilot) {
        if (!(spread >= 0) || !(goal > 0)) {
            return Integer.MAX_VALUE;
        }
        for (int n = pilot + LATER_ROUNDS; n <= 1_000_000; n = n < 1_000 ? n + 1 : n + n / 100) {
            int df = n - pilot - 1;
            double quantiles = StudentT.above(df, (1 - level) / 2) + (power > 0.5 ? StudentT.quantile(df, power) : 0);
            if (quantiles * spread / Math.sqrt(n) <= goal) {
                return n;
            }
        }
        return Integer.MAX_VALUE;
    }

    /** A spread from {@code rounds} rounds read median-unbiased: half the time sigma is above it, half below. */
    static double unbiased(double spread, int rounds) {
        if (rounds < 2) {
            return spread;
        }
        int df = rounds - 1;
        return spread * Math.sqrt(df / ChiSquaredDistribution.of(df).inverseCumulativeProbability(0.5));
    }

    private double ceiling() {
        return SequentialRule.seconds(stretch == null ? policy.budget() : stretch.ceiling());
    }
}
