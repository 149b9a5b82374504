package org.loomlab.run;

import org.apache.commons.statistics.descriptive.Mean;
import org.apache.commons.statistics.descriptive.StandardDeviation;
import org.loomlab.compare.Reach;
import org.loomlab.plan.ForkShape;
import org.loomlab.plan.Policy;
import org.loomlab.plan.Stretch;
import org.loomlab.record.Cell;
import org.loomlab.record.CellStatus;
import org.loomlab.record.ForkMemory;
import org.loomlab.record.MealShares;
import org.loomlab.record.Pinning;
import org.loomlab.record.Precision;
import org.loomlab.record.VarianceComponents;
import org.loomlab.text.Figures;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

import static org.loomlab.run.ForkLoop.join;

/**
 * A cell's forks pooled into one cell per metric: the interval over forks, the sums and means of what forks count, and
 * where the target was missed, what would reach it. Apart from the loop that decides how many forks there are.
 *
 * @param budget what a cell may spend: its stretch's ceiling in a run that shares its time, else the policy's budget
 */
record ForkPool(Policy policy, ForkShape shape, Duration budget) {

    /** The primary metric's samples per fork so far. */
    static List<List<Double>> primaryForks(List<List<Cell>> forks) {
        return forks.stream().map(f -> f.get(0).samples()).toList();
    }

    /**
     * One cell per metric over {@code forks}: its score and interval from {@link ForkInterval} (its spread from the
     * rounds after the first {@code spreadFrom}, {@link StoppingRule#spreadFrom}), its precision said.
     */
    List<Cell> pool(List<List<Cell>> forks, boolean exhausted, double wall, ForkLoop.Usual usual, int spreadFrom) {
        Map<String, List<Cell>> byMetric = new LinkedHashMap<>();
        forks.forEach(f -> f.forEach(c -> byMetric.computeIfAbsent(c.metric(), m -> new ArrayList<>()).add(c)));
        List<Cell> out = new ArrayList<>();
        byMetric.forEach((metric, cells) -> {
            List<List<Double>> samples = cells.stream().map(Cell::samples).filter(s -> !s.isEmpty()).toList();
            Cell last = cells.get(cells.size() - 1);
            if (samples.isEmpty()) {
                out.add(last.inRounds(null).withStatus(last.status(), last.message(), wall, last.rawFile()));
                return;
            }
            ForkInterval iv = ForkInterval.of(samples, policy.confidence(), spreadFrom);
            // The first metric a fork reports decided when to stop: the budget and the usual spread are said of it.
            boolean primary = metric.equals(forks.get(0).get(0).metric());
            Precision precision = new Precision(policy.confidence(), policy.target(),
                    iv.bounded() ? iv.relativeHalfWidth() : null, samples.size(), shape.samples(), shape.warmupDiscarded(),
                    seconds(budget), exhausted && primary,
                    Double.isFinite(iv.forkSpread()) ? iv.forkSpread() : null, iv.method(), null,
                    shape.warmupSeconds(), samples.size() == 1 ? sampleSpread(samples.get(0)) : null,
                    usual != null && primary ? usual.spread() : null,
                    iv.spreadFrom() > 0 ? iv.spreadFrom() : null);
            Double error = iv.bounded() ? (iv.high() - iv.low()) / 2 : null;
            Cell pooled = last.withMeasurement(iv.score(), error, iv.bounded() ? iv.low() : null,
                    iv.bounded() ? iv.high() : null, samples, precision);
            // The round each kept fork ran in (lanes pair on it), and how the forks' variance splits.
            pooled = pooled.inRounds(rounds(forks, metric)).withComponents(VarianceComponents.ofCell(pooled));
            pooled = withSums(pooled, cells);
            String note = precision.budgetExhausted() ? shortfall(precision, iv, wall, usual) : null;
            out.add(pooled.withStatus(CellStatus.OK, join(pooled.message(), note), wall, pooled.rawFile()));
        });
        return out;
    }

    /**
     * The round each fork with {@code metric}'s samples ran in, as the loop tagged its cells; an earlier fork given
     * untagged stands at its position.
     */
    private static List<Integer> rounds(List<List<Cell>> forks, String metric) {
        List<Integer> out = new ArrayList<>();
        for (int i = 0; i < forks.size(); i++) {
            for (Cell c : forks.get(i)) {
                if (c.metric().equals(metric) && !c.samples().isEmpty()) {
                    out.add(c.forkRounds() != null && c.forkRounds().size() == 1 ? c.forkRounds().get(0) : i + 1);
                }
            }
        }
        return out;
    }

    /**
     * Counts add up over forks (failed operations, pinned events); the meal spread, the meal shares and the
     * calibrated CPU tokens are the forks' means; each fork's memory peaks are kept, in fork order.
     */
    private static Cell withSums(Cell pooled, List<Cell> forks) {
        Cell c = pooled;
        if (forks.stream().anyMatch(f -> f.pinning() != null)) {
            c = c.withPinning(forks.stream().map(Cell::pinning).filter(Objects::nonNull)
                    .reduce(Pinning::plus).orElseThrow());
        }
        if (forks.stream().anyMatch(f -> f.errors() != null)) {
            long errors = forks.stream().mapToLong(f -> f.errors() == null ? 0 : f.errors()).sum();
            c = c.withErrors(errors, errors > 0 ? errors + " failed operations in the measured iterations of "
                    + forks.size() + " forks (see the cell's log)" : null);
        }
        double[] spreads = forks.stream().filter(f -> f.mealSpread() != null).mapToDouble(Cell::mealSpread).toArray();
        if (spreads.length > 0) {
            c = c.withMealSpread(java.util.Arrays.stream(spreads).average().orElseThrow());
        }
        List<MealShares> shares = forks.stream().map(Cell::mealShares).filter(Objects::nonNull).toList();
        if (!shares.isEmpty()) {
            c = c.withMealShares(new MealShares(shares.stream().mapToDouble(MealShares::gini).average().orElseThrow(),
                    shares.stream().mapToDouble(MealShares::minMaxRatio).average().orElseThrow()));
        }
        long[] tokens = forks.stream().filter(f -> f.cpuTokens() != null).mapToLong(Cell::cpuTokens).toArray();
        if (tokens.length > 0) {
            c = c.withCpuTokens(Math.round(java.util.Arrays.stream(tokens).average().orElseThrow()));
        }
        List<ForkMemory> memory = forks.stream().map(Cell::forkMemory).filter(Objects::nonNull).flatMap(List::stream)
                .toList();
        if (!memory.isEmpty()) {
            c = c.withForkMemory(memory);
        }
        return c;
    }

    /**
     * Why the target was missed and what would reach it, and its double ({@link Stretch#FALLBACK}) where that was missed
     * too: the forks' own spread and the time that many forks take; under two forks, a floor ({@link Reach}).
     */
    private String shortfall(Precision p, ForkInterval iv, double wall, ForkLoop.Usual usual) {
        String took = human(wall);
        double target = policy.target();
        Optional<Reach> reach = Reach.of(p, wall, target);
        if (reach.isEmpty()) {
            return String.format(Locale.ROOT, "precision %s after %d forks in %s (target ±%s); their means are zero, no "
                    + "spread to price more forks by", iv.text(), iv.forks(), took, Figures.percent(target));
        }
        Reach toTarget = reach.get();
        Reach toFallback = Reach.of(p, wall, Stretch.FALLBACK * target).orElseThrow();
        if (iv.forks() < 2) {
            // One fork's interval is over its own samples, so no precision over forks was reached.
            // Two samples estimate their spread loosely: the floor is an estimate too, hence "about ... or more".
            String samples = p.sampleSpread() == null ? "" : String.format(Locale.ROOT, "its %d samples spread %.1f %%, so "
                    + "forks likely spread %.1f %% or more: ", p.samplesPerFork(), 100 * p.sampleSpread(),
                    100 * Reach.sampleFloor(p));
            return String.format(Locale.ROOT, "one fork in %s filled the budget of %s (target ±%s over forks); %s±%s takes "
                    + "about %d forks (%s) or more, ±%s about %d (%s) or more; a larger --budget or --run-budget gives more", took,
                    JmhCell.human(budget), Figures.percent(target), samples, Figures.percent(target), toTarget.forks(),
                    human(toTarget.seconds()), Figures.percent(Stretch.FALLBACK * target), toFallback.forks(),
                    human(toFallback.seconds()));
        }
        String fallback = !toFallback.beyond(iv.forks()) ? "" : String.format(Locale.ROOT, ", ±%s about %d (%s)",
                Figures.percent(Stretch.FALLBACK * target), toFallback.forks(), human(toFallback.seconds()));
        String before = usual == null ? "" : String.format(Locale.ROOT, ", %.1f %% in %d earlier run%s here", 100 * usual.spread(),
                usual.runs(), usual.runs() == 1 ? "" : "s");
        return String.format(Locale.ROOT, "precision %s after %d forks in %s (target ±%s); the forks spread %.1f %%%s: "
                + "about %d forks (%s) would reach it%s", iv.text(), iv.forks(), took, Figures.percent(target),
                100 * iv.forkSpread(), before, toTarget.forks(), human(toTarget.seconds()), fallback);
    }

    /** What a cell whose first fork was killed at its limit after {@code wall} seconds would take at the least. */
    static String timedOut(double wall) {
        Reach r = Reach.killed(wall, 0);
        return "a fork of this cell takes longer than that here: an interval over forks takes " + r.forks()
                + " forks or more (over " + human(r.seconds()) + ") and a --timeout past one fork";
    }

    /** One fork's samples' coefficient of variation, or null below two samples or for a mean that is not positive. */
    private static Double sampleSpread(List<Double> samples) {
        double[] v = samples.stream().mapToDouble(Double::doubleValue).toArray();
        double mean = v.length < 2 ? Double.NaN : Mean.of(v).getAsDouble();
        return mean > 0 ? StandardDeviation.of(v).getAsDouble() / mean : null;
    }

    /** Seconds as a clock ({@code 13h18m}, {@code 2m13s}): what many forks take runs to hours. */
    static String human(double seconds) {
        return Figures.clock(Duration.ofSeconds(Math.round(seconds)));
    }

    private static double seconds(Duration d) {
        return d.toMillis() / 1000.0;
    }
}
