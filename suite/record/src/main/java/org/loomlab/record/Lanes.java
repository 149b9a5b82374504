package org.loomlab.record;

import com.fasterxml.jackson.annotation.JsonInclude;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The lanes of one run that took turns fork by fork ({@code run --jvm A,B} or {@code --lane}): every cell ran in
 * rounds, one fork per lane a round, in an order shuffled per round from {@code seed}. Each lane keeps a record of its
 * own; this block, the same in all of them but for {@code lane}, says which records are partners, so a comparison of
 * two of them can pair their forks round by round and needs no allowance for runs made apart.
 *
 * @param lane     this record's lane
 * @param lanes    every lane of the run, the first the baseline
 * @param seed     the seed of the rounds' orders: the same seed and plan give the same order
 * @param sessions once the run was topped up ({@code --top-up}), which rounds of which cells each session ran, the
 *                 run's own first; empty for a run whose rounds all came from its own session(s)
 */
public record Lanes(String lane, List<String> lanes, long seed,
                    @JsonInclude(JsonInclude.Include.NON_EMPTY) List<Session> sessions) {

    /**
     * One session of forks: when it ran and the rounds it added to each cell. A cell's rounds may span sessions; the
     * lanes of a round always ran in the same one, so what drifted between sessions reaches both forks of a round.
     */
    public record Session(Instant started, Instant finished, List<Rounds> cells) {

        public Session {
            cells = List.copyOf(cells);
        }
    }

    /** Rounds {@code first} to {@code last} (from 1) of one cell, named as its record names it. */
    public record Rounds(String experiment, Map<String, String> params, int first, int last) {

        public Rounds {
            params = Map.copyOf(params);
        }
    }

    public Lanes {
        lanes = List.copyOf(lanes);
        sessions = sessions == null ? List.of() : List.copyOf(sessions);
        if (!lanes.contains(lane)) {
            throw new IllegalArgumentException("lane '" + lane + "' is not among the run's lanes " + lanes);
        }
    }

    public Lanes(String lane, List<String> lanes, long seed) {
        this(lane, lanes, seed, List.of());
    }

    /** Whether {@code other} is another lane of the same run: the same lanes and seed, a different lane. */
    public boolean partnerOf(Lanes other) {
        return other != null && lanes.equals(other.lanes) && seed == other.seed && !lane.equals(other.lane);
    }

    /** The same block for {@code other}, a lane of the run. */
    public Lanes as(String other) {
        return new Lanes(other, lanes, seed, sessions);
    }

    /** The same block with one more session. */
    public Lanes withSession(Session session) {
        List<Session> more = new ArrayList<>(sessions);
        more.add(session);
        return new Lanes(lane, lanes, seed, more);
    }
}
