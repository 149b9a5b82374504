package org.loomlab.run;

import org.loomlab.compare.Reach;
import org.loomlab.plan.CellPlan;
import org.loomlab.plan.Detect;
import org.loomlab.plan.Policy;
import org.loomlab.plan.Profile;
import org.loomlab.plan.Stretch;
import org.loomlab.progress.CellHistory;
import org.loomlab.text.Figures;

import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The order in which a run with a change to call ({@code --detect}) takes its cells: the cheapest to call first, priced
 * by what each cost here before (seconds a fork and fork spread, {@link CellHistory}); then the cells never measured
 * here; then those whose spread puts the call past the fork limit, which will stop after their pilot. The run's budget
 * is shared among the cells as they start, so in the plan's own order a run of 21 against 25 spent 68 of its 85
 * minutes on philosophers cells that could call nothing while the pinning probe and service, cheap to call, came
 * last; cheapest first, what a cell leaves unspent goes to the cells after it.
 *
 * <p>The price takes the lanes as independent (a round's log ratio spreading by {@code sqrt(2)} times a fork's
 * spread), which overstates it where a round's swing reaches every lane alike; it orders cells, it decides nothing.
 */
final class CheapestFirst {

    /**
     * A cell's price: the rounds its ratio needs to call the change (null: the cell has no history here) and their
     * forks' seconds, every lane together.
     */
    record Price(CellPlan plan, Integer rounds, double seconds) {

        /** Where the cell goes: 0 callable within {@code maxRounds}, 1 never measured here, 2 past them. */
        int tier(int maxRounds) {
            return rounds == null ? 1 : rounds <= maxRounds ? 0 : 2;
        }
    }

    /** The cells in their new order, and what the order rests on, for the run's first lines. */
    record Order(List<CellPlan> plans, String line) {
    }

    private CheapestFirst() {
    }

    /** {@code plans} reordered for {@code policy}'s change with {@code lanes} lanes a round; as given without a change. */
    static Order of(List<CellPlan> plans, Profile profile, Policy policy, int lanes, CellHistory history) {
        Detect detect = policy.detect();
        if (detect == null) {
            return new Order(plans, null);
        }
        double level = detect.confidence(policy.confidence(), 1);
        double target = Math.log1p(detect.halfWidth());
        List<Price> prices = plans.stream().map(p -> price(p, profile, lanes, history, level, target)).toList();
        int max = policy.maxForks();
        // A stable sort: the unpriced and those past the limit keep the plan's order among themselves.
        List<Price> ordered = prices.stream().sorted(Comparator.comparingInt((Price p) -> p.tier(max))
                .thenComparingDouble(p -> p.tier(max) == 0 ? p.seconds() : 0)).toList();
        int[] tiers = new int[3];
        ordered.forEach(p -> tiers[p.tier(max)]++);
        double seconds = ordered.stream().filter(p -> p.tier(max) == 0).mapToDouble(Price::seconds).sum();
        String line = String.format(Locale.ROOT, "cells cheapest to call first, priced by their forks here before: %d "
                        + "within %d rounds (about %s of forks in all), %d never measured here, %d past %d rounds (their "
                        + "pilot only)", tiers[0], max, Figures.clock(Duration.ofSeconds(Math.round(seconds))), tiers[1],
                tiers[2], max);
        return new Order(ordered.stream().map(Price::plan).toList(), line);
    }

    private static Price price(CellPlan plan, Profile profile, int lanes, CellHistory history, double level,
                               double target) {
        Optional<Double> spread = history.spread(plan, profile.forkShape(plan.experiment(), plan.params()).warmupSeconds());
        Optional<Double> fork = history.forkSeconds(plan);
        if (spread.isEmpty() || fork.isEmpty()) {
            return new Price(plan, null, 0);
        }
        int needed = Reach.forksFor(Math.sqrt(2) * spread.get(), target, level);
        int rounds = needed == Integer.MAX_VALUE ? needed : Math.max(Stretch.PILOT_FORKS, needed);
        return new Price(plan, rounds, (double) rounds * lanes * fork.get());
    }
}
