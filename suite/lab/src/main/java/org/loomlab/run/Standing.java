package org.loomlab.run;

import org.loomlab.compare.Ratio;
import org.loomlab.plan.Detect;
import org.loomlab.plan.Policy;

import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * Where a group of cells stands after a round: what a {@link StoppingRule} reads to say whether the group forks on.
 *
 * @param round    the round just ended (rounds of earlier sessions included)
 * @param earlier  rounds run before this session (a top-up's), which this session's time does not count
 * @param elapsed  seconds this session's rounds took
 * @param members  every member, in the group's order: the first is the lanes' baseline
 * @param lanes    whether the members are lanes of one cell, compared round by round
 * @param metrics  the metrics the first member's forks report (a cell's rows in the diff); 0 before its first fork
 * @param spreadFrom the rounds left out of the intervals' spread ({@link StoppingRule#spreadFrom})
 */
record Standing(Policy policy, int round, int earlier, double elapsed, List<Forked> members, boolean lanes, int metrics,
                int spreadFrom) {

    /**
     * One member so far: its interval over the forks it has (null before its first), taken when a rule asks (a rule that
     * plans once asks once, not every round), its spread in earlier runs here (null without), its primary metric's
     * samples per fork kept, and whether a fork of it failed, so it forks no more.
     */
    static final class Forked {
        private final Supplier<ForkInterval> of;
        private final ForkLoop.Usual usual;
        private final List<double[]> forks;
        private final boolean ended;
        private ForkInterval interval;

        Forked(Supplier<ForkInterval> of, ForkLoop.Usual usual, List<double[]> forks, boolean ended) {
            this.of = of;
            this.usual = usual;
            this.forks = List.copyOf(forks);
            this.ended = ended;
        }

        ForkInterval interval() {
            if (interval == null && !forks.isEmpty()) {
                interval = of.get();
            }
            return interval;
        }

        ForkLoop.Usual usual() {
            return usual;
        }

        List<double[]> forks() {
            return forks;
        }

        boolean ended() {
            return ended;
        }
    }

    Standing {
        members = List.copyOf(members);
    }

    /** The members still forking. */
    List<Forked> live() {
        return members.stream().filter(m -> !m.ended()).toList();
    }

    /** What a fork of this session took: earlier sessions' forks are not this loop's time. */
    double perFork() {
        return elapsed / (round - earlier);
    }

    /**
     * Each later lane's ratio to the first, paired round by round ({@link Ratio#paired}); empty once a lane has dropped
     * out or has no fork yet (its rounds no longer pair with the others').
     */
    Optional<List<Ratio>> pairedRatios() {
        if (members.stream().anyMatch(m -> m.ended() || m.forks().isEmpty())) {
            return Optional.empty();
        }
        List<double[]> first = members.get(0).forks();
        double level = pairedLevel();
        return Optional.of(members.stream().skip(1).map(m -> Ratio.paired(first, m.forks(), level, spreadFrom)).toList());
    }

    /**
     * The level lanes' ratios are judged at: the policy's, or with a change to call, the level the diff's verdict on this
     * cell's rows must reach ({@link Detect#confidence}), the metrics counted from the first lane's fork.
     */
    double pairedLevel() {
        return policy.detect() == null || metrics == 0 ? policy.confidence()
                : policy.detect().confidence(policy.confidence(), metrics);
    }
}
