package org.loomlab.run;

import org.loomlab.compare.Ratio;
import org.loomlab.compare.Reach;
import org.loomlab.plan.Policy;
import org.loomlab.plan.Stretch;

import java.time.Duration;

/**
 * The rule that reads the forks' spread after every round: a group stops once every member is within the target after
 * the policy's minimum forks (lanes: once every lane's paired ratio to the first is), or when the next round would
 * overrun the budget or the fork limit. In a run that shares its time ({@link Stretch}) it runs the pilot, then goes on
 * only while some member is short of its target and its spread puts the target (or the fallback) within reach.
 *
 * <p>Its intervals are a little too narrow, since it stops on spreads that came out small ({@link StoppingRule}).
 */
final class SequentialRule implements StoppingRule {

    private final Policy policy;
    /** How a cell of a run that shares its time may spend it; null: the policy's budget alone. */
    private final Stretch stretch;

    SequentialRule(Policy policy, Stretch stretch) {
        this.policy = policy;
        this.stretch = policy.target() == null ? null : stretch;
    }

    @Override
    public Next after(Standing s) {
        int k = s.round();
        if (s.lanes() && k >= policy.minForks() && pairedPrecise(s)) {
            return Next.REACHED;
        }
        boolean on = stretch == null ? goOn(s, k) : goOnStretched(s, k);
        return on ? Next.ROUND : Next.SPENT;
    }

    @Override
    public int spreadFrom() {
        return 0;
    }

    /**
     * Alone: on until every cell is precise after the policy's minimum forks, or the next fork would overrun the budget
     * or the forks are all spent.
     */
    private boolean goOn(Standing s, int k) {
        // Lanes with a change to call stop on their ratios alone (pairedPrecise), however wide a lane's own interval.
        if (k >= policy.minForks() && s.live().stream().allMatch(this::precise) && policy.detect() == null) {
            return false;
        }
        return s.elapsed() + s.perFork() <= seconds(policy.budget()) && k < policy.maxForks();
    }

    /**
     * In a run that shares its time: the pilot, then on only while some cell is short of its target and its forks'
     * spread says the target is within reach of the ceiling; or, the target out of reach, while it is short of the
     * fallback ({@link Stretch#FALLBACK} times the target) and that is within reach. Lanes are judged by their ratio to
     * the first as well ({@link #pairedShort}).
     */
    private boolean goOnStretched(Standing s, int k) {
        double ceiling = seconds(stretch.ceiling());
        double elapsed = s.elapsed();
        double perFork = s.perFork();
        if (elapsed + perFork > ceiling || k >= policy.maxForks()) {
            return false;
        }
        if (k < stretch.pilotForks()) {
            return true;
        }
        double fallback = Stretch.FALLBACK * policy.target();
        if (s.lanes() && policy.detect() != null) {
            return pairedShort(s, k, ceiling);
        }
        return s.live().stream().anyMatch(m -> !precise(m) && (reachable(m, policy.target(), k, elapsed, perFork, ceiling)
                || !within(m, fallback) && reachable(m, fallback, k, elapsed, perFork, ceiling)))
                || s.lanes() && pairedShort(s, k, ceiling);
    }

    /**
     * Lanes are compared, not read alone: a lane whose own forks spread too far for its target (1,000 threads on 2 cores
     * swing from fork to fork) may still be compared closely, since the swing of a round reaches every lane in it. So a
     * cell of lanes also forks on while some lane's paired ratio to the first is short of the target, or of the
     * fallback, and its rounds' spread puts that within reach: a run of openjdk-21 against 25 stopped such cells after
     * their pilot of three rounds, where the ratio's interval is t(2) = 4.3 times its standard error.
     */
    private boolean pairedShort(Standing s, int k, double ceiling) {
        double fallback = Stretch.FALLBACK * policy.target();
        double level = s.pairedLevel();
        return s.pairedRatios().map(ratios -> ratios.stream().anyMatch(r -> {
            if (r.method() != Ratio.Method.PAIRED) {
                return false;
            }
            double half = Math.exp(r.logHalfWidth()) - 1;
            double spread = r.roundSpread();
            return half > policy.target() && roundsReach(spread, policy.target(), level, s, k, ceiling)
                    || half > fallback && roundsReach(spread, fallback, level, s, k, ceiling);
        })).orElse(false);
    }

    /**
     * Whether rounds whose log ratios spread by {@code spread} reach a relative half-width of {@code relative} at
     * {@code level} within the ceiling and fork limit.
     */
    private boolean roundsReach(double spread, double relative, double level, Standing s, int k, double ceiling) {
        int needed = Reach.forksFor(spread, Math.log1p(relative), level);
        return needed > k && needed <= policy.maxForks() && s.elapsed() + (needed - k) * s.perFork() <= ceiling;
    }

    /**
     * Whether {@code m}'s interval over two or more forks is within {@code relative} of its score, with as many forks as
     * its usual spread ({@link ForkLoop.Usual}) needs for that.
     */
    private boolean within(Standing.Forked m, double relative) {
        return m.interval().forks() >= 2 && m.interval().relativeHalfWidth() <= relative
                && usualForks(m, relative) <= m.interval().forks();
    }

    /**
     * Whether {@code m}'s forks, spreading as they did (or as usual, if wider), reach {@code relative} within
     * {@code ceiling} and the fork limit.
     */
    private boolean reachable(Standing.Forked m, double relative, int k, double elapsed, double perFork, double ceiling) {
        int needed = Math.max(m.interval().forksFor(relative, policy.confidence()), usualForks(m, relative));
        return needed > k && needed <= policy.maxForks() && elapsed + (needed - k) * perFork <= ceiling;
    }

    /** The forks {@code m}'s usual spread needs for {@code relative}; 0 without one. */
    private int usualForks(Standing.Forked m, double relative) {
        return m.usual() == null ? 0 : Reach.forksFor(m.usual().spread(), relative, policy.confidence());
    }

    /**
     * Whether every lane's ratio to the first, paired round by round ({@link Ratio#paired}), is within the target: what a
     * comparison of lanes needs, however wide each lane's own interval still is. Never without a target, or once a lane
     * has dropped out (its rounds no longer pair with the others').
     */
    private boolean pairedPrecise(Standing s) {
        return policy.target() != null && s.pairedRatios().map(ratios -> ratios.stream().allMatch(r ->
                r.method() == Ratio.Method.PAIRED && r.bounded() && Math.exp(r.logHalfWidth()) - 1 <= policy.target()))
                .orElse(false);
    }

    /**
     * Whether a cell's interval is as narrow as the policy asks (always, without a target). One fork's interval is over
     * its own samples and never is: it leaves out how JVMs differ.
     */
    @Override
    public boolean precise(Standing.Forked m) {
        return policy.target() == null || within(m, policy.target());
    }

    static double seconds(Duration d) {
        return d.toMillis() / 1000.0;
    }
}
