package org.loomlab.record;

import java.util.List;

/**
 * The lanes of one run that took turns fork by fork ({@code run --jvm A,B} or {@code --lane}): every cell ran in
 * rounds, one fork per lane a round, in an order shuffled per round from {@code seed}. Each lane keeps a record of its
 * own; this block, the same in all of them but for {@code lane}, says which records are partners, so a comparison of
 * two of them can pair their forks round by round and needs no allowance for runs made apart.
 *
 * @param lane  this record's lane
 * @param lanes every lane of the run, the first the baseline
 * @param seed  the seed of the rounds' orders: the same seed and plan give the same order
 */
public record Lanes(String lane, List<String> lanes, long seed) {

    public Lanes {
        lanes = List.copyOf(lanes);
        if (!lanes.contains(lane)) {
            throw new IllegalArgumentException("lane '" + lane + "' is not among the run's lanes " + lanes);
        }
    }

    /** Whether {@code other} is another lane of the same run: the same lanes and seed, a different lane. */
    public boolean partnerOf(Lanes other) {
        return other != null && lanes.equals(other.lanes) && seed == other.seed && !lane.equals(other.lane);
    }

    /** The same block for {@code other}, a lane of the run. */
    public Lanes as(String other) {
        return new Lanes(other, lanes, seed);
    }
}
