package org.loomlab.plan;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.stream.IntStream;

/**
 * In which order the members of a group take their turn in each round: the lanes of a run whose JDKs take turns, or the
 * cells of an {@code --interleave} group. A fixed order (A1 B1 A2 B2 ...) would give B every fork right after an A
 * fork, so whatever A leaves behind (a hot cache, a busy collector thread dying down, the JIT of a neighbour) would
 * always fall on B; shuffled per round, it falls on each alike. Reproducible: the seed is kept in the plan and the
 * record, and the same seed, cell and round give the same order.
 *
 * @param seed the seed of every round's shuffle
 */
public record TurnOrder(long seed) {

    /** The order of {@code seed}, or of a fresh random seed when it is null. */
    public static TurnOrder seeded(Long seed) {
        return new TurnOrder(seed != null ? seed : new Random().nextLong());
    }

    /**
     * The members' indexes in the order they take round {@code round} of the group whose first cell is named
     * {@code group} (e.g. {@code cell-03}, unique in a run).
     */
    public List<Integer> round(String group, int round, int members) {
        List<Integer> order = new ArrayList<>(IntStream.range(0, members).boxed().toList());
        if (members > 1) {
            // One stream per group and round, so a cell's order does not depend on how many rounds cells before it ran.
            Collections.shuffle(order, new Random(seed ^ (31L * group.hashCode() + round) * 0x9E3779B97F4A7C15L));
        }
        return List.copyOf(order);
    }
}
