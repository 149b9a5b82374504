package org.loomlab.run;

import org.loomlab.plan.Policy;
import org.loomlab.plan.Stretch;

/**
 * When a group of cells (one cell alone, cells that take turns, or one cell's lanes) forks another round: what a
 * {@link ForkLoop} asks after every round. A rule is made per group ({@link Kind#start}) and may keep what it decided
 * at the group's pilot.
 *
 * <p>The pitfall that makes this a choice: a rule that reads the forks' spread after every round stops when the
 * spread happens to come out small, so the interval it stops on is too narrow and a verdict on it errs more often than
 * its level says ({@code StoppingLevelTest}: about 7 % false calls at a nominal 5 %). {@link TwoStageRule} keeps the
 * level by fixing the rounds at the pilot and leaving the pilot out of the interval's spread.
 */
interface StoppingRule {

    /** What the group does after a round. */
    enum Next {
        /** Fork another round. */
        ROUND,
        /** Stop: the lanes' ratios are as narrow as asked; no member is flagged. */
        REACHED,
        /** Stop: time, fork limit or plan is spent; members still wider than the target are flagged short of it. */
        SPENT
    }

    Next after(Standing standing);

    /** Whether {@code member}'s interval is as narrow as the policy asks (always, without a target). */
    boolean precise(Standing.Forked member);

    /**
     * The rounds at the start whose spread chose how many rounds the group runs: the interval's spread leaves them out
     * (its centre keeps them), so it does not depend on what stopped it. 0 while every round's spread counts.
     */
    int spreadFrom();

    /** The rules a run can stop by. */
    enum Kind {
        /** After every round, on the forks' spread so far: the lab's rule until it was measured to lose its level. */
        SEQUENTIAL {
            @Override
            StoppingRule start(Policy policy, Stretch stretch, int earlier, int earlierPilot) {
                return new SequentialRule(policy, stretch);
            }
        },
        /** Rounds fixed once, at the pilot, then run without looking ({@link TwoStageRule}). */
        TWO_STAGE {
            @Override
            StoppingRule start(Policy policy, Stretch stretch, int earlier, int earlierPilot) {
                return new TwoStageRule(policy, stretch, earlier, earlierPilot);
            }
        };

        /**
         * A rule for one group under {@code policy}; {@code stretch} null where the cell keeps to the policy's budget;
         * {@code earlier} rounds already run (a top-up), the first {@code earlierPilot} of them its pilot.
         */
        abstract StoppingRule start(Policy policy, Stretch stretch, int earlier, int earlierPilot);
    }
}
