package org.loomlab.run;

import org.loomlab.compare.RunDiff;
import org.loomlab.compare.Verdict;
import org.loomlab.plan.CellPlan;
import org.loomlab.text.Figures;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.ToDoubleFunction;
import java.util.function.ToIntFunction;

/**
 * Which finished cells of a lanes run a top-up ({@code --top-up}) gives more rounds, in what order: those with a time or
 * rate row whose paired ratio cannot yet call the plan's change, cheapest first by the price the run's own diff puts on
 * them (its "could after about ... of forks" line: the rounds the row's spread needs at the diff's level, at the time
 * the cell's forks took, each cell at the most its rows need), as many as the rounds they lack fit in the top-up's
 * time. A cell the diff cannot price (a lane's fork failed, no t) is left out: more rounds could not be judged to help.
 */
final class TopUpChoice {

    /**
     * A finished cell that cannot call the change yet.
     *
     * @param rounds          the rounds it has
     * @param toCall          the rounds the dearest of its uncallable rows needs; null: the diff could not price one
     * @param price           the diff's seconds for those rounds, both sides of that row
     * @param secondsPerRound what a round of its forks took, every lane together
     */
    record Candidate(CellPlan plan, int rounds, Integer toCall, double price, double secondsPerRound) {

        /** The forks' time the rounds it lacks take. */
        double more() {
            return Math.max(1, toCall - rounds) * secondsPerRound;
        }
    }

    /**
     * The cells taken, cheapest first, and the line that says why.
     *
     * @param callable the cells whose every time and rate row can already call the change
     */
    record Choice(List<Candidate> taken, int callable, String line) {
    }

    private TopUpChoice() {
    }

    /**
     * The cells of {@code plans} whose rows (the diffs of every lane against the first, lane axes left out) cannot call
     * {@code change}, as candidates; the others are counted in {@link Choice#callable()} by {@link #of}.
     *
     * @param rounds          a planned cell's rounds so far
     * @param secondsPerRound what one of its rounds took, every lane together
     */
    static List<Candidate> candidates(List<CellPlan> plans, List<RunDiff.Row> rows, double change, Set<String> laneAxes,
                                      ToIntFunction<CellPlan> rounds, ToDoubleFunction<CellPlan> secondsPerRound) {
        Map<String, List<RunDiff.Row>> byCell = new LinkedHashMap<>();
        rows.stream().filter(r -> r.ratio() != null && Verdict.decidesSpeed(r.unit()))
                .filter(r -> r.detectable() == null || r.detectable() > change)
                .forEach(r -> byCell.computeIfAbsent(key(r.experiment(), r.params(), laneAxes), k -> new ArrayList<>()).add(r));
        List<Candidate> out = new ArrayList<>();
        for (CellPlan p : plans) {
            List<RunDiff.Row> short_ = byCell.get(key(p.experiment().label(), p.params(), laneAxes));
            if (short_ == null) {
                continue;
            }
            boolean priced = short_.stream().allMatch(r -> r.forksToTen() != null && r.secondsToTen() != null);
            out.add(new Candidate(p, rounds.applyAsInt(p),
                    priced ? short_.stream().mapToInt(RunDiff.Row::forksToTen).max().orElseThrow() : null,
                    priced ? short_.stream().mapToDouble(RunDiff.Row::secondsToTen).max().orElseThrow() : 0,
                    secondsPerRound.applyAsDouble(p)));
        }
        return out;
    }

    /**
     * The candidates a top-up of {@code budget} takes: priced ones cheapest first, each while the rounds it lacks fit in
     * what is left of the budget (a dearer one that does not fit leaves it to cheaper ones after it); when none fits whole,
     * the cheapest, in part.
     *
     * @param cells  the run's cells, callable or not
     * @param change the plan's change to call, as the first line names it
     */
    static Choice of(List<Candidate> candidates, int cells, double change, Duration budget) {
        List<Candidate> priced = candidates.stream().filter(c -> c.toCall() != null)
                .sorted(Comparator.comparingDouble(Candidate::price)).toList();
        double left = budget.toMillis() / 1000.0;
        List<Candidate> taken = new ArrayList<>();
        for (Candidate c : priced) {
            if (c.more() <= left) {
                taken.add(c);
                left -= c.more();
            }
        }
        // Too short for any cell whole, the cheapest still gets what there is: its interval narrows toward the change,
        // and the next top-up goes on from its rounds.
        boolean inPart = taken.isEmpty() && !priced.isEmpty() && priced.get(0).secondsPerRound() <= left;
        if (inPart) {
            taken.add(priced.get(0));
        }
        double more = Math.min(budget.toMillis() / 1000.0, taken.stream().mapToDouble(Candidate::more).sum());
        int dearest = taken.stream().mapToInt(Candidate::toCall).max().orElse(0);
        int callable = cells - candidates.size();
        String line = String.format(Locale.ROOT, "top-up: %d of %d cells can call %s in every time and rate row; "
                        + "of the %d that cannot, %d taken cheapest first (their missing rounds about %s of forks, up to %d "
                        + "rounds a cell%s), %d past --top-up %s, %d not priced by the diff", callable, cells,
                Figures.percent(change),
                candidates.size(), taken.size(), clock(more), dearest,
                inPart ? "; the top-up is shorter than the rounds it lacks, so it gets what there is" : "",
                priced.size() - taken.size(), clock(budget.toSeconds()),
                candidates.size() - priced.size());
        return new Choice(List.copyOf(taken), callable, line);
    }

    private static String clock(double seconds) {
        return Figures.clock(Duration.ofSeconds(Math.round(seconds)));
    }

    // sorted, the lane axes left out: how the diff of the lanes names a cell
    private static String key(String experiment, Map<String, String> params, Set<String> laneAxes) {
        Map<String, String> kept = new TreeMap<>(params);
        kept.keySet().removeAll(laneAxes);
        return experiment + " " + kept;
    }
}
