package org.loomlab.compare;


import org.apache.commons.statistics.descriptive.Mean;
import org.apache.commons.statistics.descriptive.Variance;
import org.loomlab.record.Cell;
import org.loomlab.record.CellKey;
import org.loomlab.record.CellMatching;
import org.loomlab.record.CellStatus;
import org.loomlab.record.RecordJson;
import org.loomlab.record.RunRecord;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.BiConsumer;
import java.util.stream.Stream;

/**
 * How much more two runs of the same cells differ than their forks say, as the factor by which {@code diff} widens
 * B/A's interval over forks when A and B are different runs. Forks of one run share the machine's state (the VM's
 * neighbours, an idle engine, what ran before); runs made at different times do not, and the A/A runs here showed
 * whole runs moving by 10-50 % on noop cells while their forks agreed.
 *
 * <p>Estimated from A/A pairs, two runs of the same JDK on the same host each: every cell's shift in units of its
 * standard error over forks, z = log(B/A) / se (Welch's t). If the forks told the whole story, z would be Student-t on
 * its degrees of freedom v, and z² would average v / (v - 2). The factor is sqrt(mean of z² / (v / (v - 2))), at least 1.
 * The mean, not the median: the cells that move most between runs are the ones a verdict must not be fooled by.
 *
 * <p>The factor multiplies the forks' standard error, so it shrinks with more forks while a run's own shift does not.
 * Calibrations since carry that shift as its own term too (Kalibera and Jones, "Rigorous benchmarking in reasonable
 * time"): tau², the variance of a run's log mean about the cell's, per cell. A pair's (log mean B - log mean A)² is
 * 2 tau² plus the forks' variance of that difference (sA²/nA + sB²/nB); its half-excess, averaged over the pairs that
 * have the cell and floored at 0, is the cell's raw tau². A cell in two pairs says little alone, so it is shrunk toward
 * its experiment's pooled value with the weight of {@value #PRIOR_PAIRS} pairs: (k raw + 3 pooled) / (k + 3). These
 * are point estimates without intervals. Allocation (an amount, not a time) has none.
 *
 * @param factor             the standard error's multiplier, at least 1
 * @param cells              the cells it was estimated from (both sides with two or more forks and some spread; v above 2)
 * @param runs               the A/A runs, pair after pair, as the paths they were read from
 * @param z                  each cell's z, by the pair's first run and the cell as {@code diff} names it
 * @param cellVariance       tau² per cell as {@code diff} names it, shrunk; empty in calibrations older than it
 * @param experimentVariance tau² pooled per experiment, for cells with no value of their own
 * @param experimentPairs    per experiment, how many (pair, cell) shifts its pooled tau² rests on
 */
public record RunToRun(double factor, int cells, List<String> runs, Map<String, Double> z,
                       Map<String, Double> cellVariance, Map<String, Double> experimentVariance,
                       Map<String, Integer> experimentPairs) {

    /** Where a host's estimate lives: {@code results/<host>/calibration/run-to-run.json}. */
    public static final String FILE = "run-to-run.json";
    /** Fewer cells than this give no estimate: a mean of a handful says little. */
    static final int MIN_CELLS = 8;
    /** The weight, in pairs, of an experiment's pooled tau² in each of its cells'. */
    static final int PRIOR_PAIRS = 3;
    /** Cells of one run: nothing to widen. */
    public static final RunToRun NONE = new RunToRun(1, 0, List.of(), Map.of());

    public RunToRun {
        if (!(factor >= 1) || Double.isInfinite(factor)) {
            throw new IllegalArgumentException("run-to-run factor " + factor + " is out of range; valid: 1 or more");
        }
        runs = List.copyOf(runs);
        z = z == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(z));
        cellVariance = cellVariance == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(cellVariance));
        experimentVariance = experimentVariance == null ? Map.of()
                : Collections.unmodifiableMap(new LinkedHashMap<>(experimentVariance));
        experimentPairs = experimentPairs == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(experimentPairs));
    }

    /** A factor alone, as calibrations before the run variance kept it. */
    public RunToRun(double factor, int cells, List<String> runs, Map<String, Double> z) {
        this(factor, cells, runs, z, Map.of(), Map.of(), Map.of());
    }

    /**
     * tau² for this cell between two runs made apart: its own, else its experiment's; null when the calibration has
     * neither (the factor applies then) or the cell is an allocation (neither applies: the factor and tau² were fitted
     * on times).
     */
    public Double runVariance(CellKey key) {
        if (key.metric().equals(Cell.ALLOCATION)) {
            return null;
        }
        Double own = cellVariance.get(label(key));
        return own != null ? own : experimentVariance.get(key.experiment());
    }

    /** A factor given by hand ({@code --run-to-run 1.5}). */
    public static RunToRun given(double factor) {
        return new RunToRun(factor, 0, List.of(), Map.of());
    }

    /** One A/A pair: two runs of one JDK on one host, with the paths they were read from. */
    public record Pair(String pathA, RunRecord a, String pathB, RunRecord b) {
    }

    /** The factor from A/A pairs whose cells match as recorded. */
    public static RunToRun estimate(List<Pair> pairs) {
        return estimate(pairs, CellMatching.EXACT);
    }

    /**
     * The factor from one or more A/A pairs, pooled over every cell measured ok on both sides of a pair; {@code matching}
     * says which cells are the same when one run of a pair is older than an axis the other has.
     */
    public static RunToRun estimate(List<Pair> pairs, CellMatching matching) {
        Map<String, Double> z = new LinkedHashMap<>();
        List<String> runs = new ArrayList<>();
        // Each (pair, cell)'s half-excess of its squared shift over the forks' variance: an unbiased tau², noisy alone.
        Map<String, List<Double>> excessByCell = new LinkedHashMap<>();
        Map<String, List<Double>> excessByExperiment = new LinkedHashMap<>();
        Map<String, String> experimentOf = new LinkedHashMap<>();
        double sum = 0;
        for (Pair p : pairs) {
            runs.add(p.pathA());
            runs.add(p.pathB());
            CellMatching both = matching.among(Stream.concat(p.a().results().stream(), p.b().results().stream()).toList());
            Map<CellKey, Cell> right = both.index(p.b().results());
            for (Cell ca : p.a().results()) {
                Cell cb = right.get(both.key(ca));
                if (cb == null || ca.status() != CellStatus.OK || cb.status() != CellStatus.OK) {
                    continue;
                }
                if (!ca.metric().equals(Cell.ALLOCATION)) {
                    // The time per table meal is a time of its own in diff's rows, so it gets its own tau².
                    Double excess = excess(VerdictRules.forks(ca), VerdictRules.forks(cb));
                    if (excess != null) {
                        String cell = label(both.key(ca));
                        excessByCell.computeIfAbsent(cell, k -> new ArrayList<>()).add(excess);
                        experimentOf.put(cell, ca.experiment());
                        excessByExperiment.computeIfAbsent(ca.experiment(), k -> new ArrayList<>()).add(excess);
                    }
                }
                if (ca.metric().equals(Cell.ALLOCATION) || ca.metric().equals(Cell.TABLE_MEAL_TIME)) {
                    // Bytes per dinner barely move between runs: their shifts would dilute the allowance the times
                    // need, and the factor stays what the same A/A runs gave before allocation was recorded. The
                    // time per table meal is the dinner's own samples over again.
                    continue;
                }
                double[] t;
                try {
                    t = Ratio.welch(VerdictRules.forks(ca), VerdictRules.forks(cb));
                } catch (IllegalArgumentException notPositive) {
                    continue; // a cell without a ratio (zero counts) says nothing of run-to-run variance
                }
                if (t != null && t[1] > 2) {
                    z.put(p.pathA() + ": " + label(ca), t[0]);
                    sum += t[0] * t[0] / (t[1] / (t[1] - 2));
                }
            }
        }
        if (z.size() < MIN_CELLS) {
            throw new IllegalArgumentException("only " + z.size() + " cells of " + String.join(", ", runs)
                    + " have two or more forks with some spread on both sides; valid: A/A pairs with at least " + MIN_CELLS);
        }
        Map<String, Double> experiments = new LinkedHashMap<>();
        Map<String, Integer> experimentPairs = new LinkedHashMap<>();
        excessByExperiment.forEach((e, xs) -> {
            experiments.put(e, Math.max(0, mean(xs)));
            experimentPairs.put(e, xs.size());
        });
        Map<String, Double> cellVariance = new LinkedHashMap<>();
        excessByCell.forEach((cell, xs) -> {
            double raw = Math.max(0, mean(xs));
            double pooled = experiments.get(experimentOf.get(cell));
            cellVariance.put(cell, (xs.size() * raw + PRIOR_PAIRS * pooled) / (xs.size() + PRIOR_PAIRS));
        });
        return new RunToRun(Math.max(1, Math.sqrt(sum / z.size())), z.size(), runs, z, cellVariance, experiments,
                experimentPairs);
    }

    /**
     * Half of (log mean B - log mean A)² beyond the forks' variance of that difference, sA²/nA + sB²/nB: one pair's
     * estimate of tau² (may be negative); null when a side has fewer than two forks or a sample is not positive.
     */
    static Double excess(List<double[]> a, List<double[]> b) {
        if (a.size() < 2 || b.size() < 2) {
            return null;
        }
        try {
            double[] la = Ratio.logMeans(a);
            double[] lb = Ratio.logMeans(b);
            double shift = Mean.of(lb).getAsDouble() - Mean.of(la).getAsDouble();
            double forks = Variance.of(la).getAsDouble() / la.length + Variance.of(lb).getAsDouble() / lb.length;
            return (shift * shift - forks) / 2;
        } catch (IllegalArgumentException notPositive) {
            return null;
        }
    }

    private static double mean(List<Double> xs) {
        return xs.stream().mapToDouble(Double::doubleValue).average().orElse(0);
    }

    /** The mean of the cells' z², NaN without cells. */
    public double meanSquare() {
        return z.values().stream().mapToDouble(v -> v * v).average().orElse(Double.NaN);
    }

    /** A cell as diff's tables name it: experiment, axis values, metric. */
    private static String label(Cell c) {
        StringBuilder out = new StringBuilder(c.experiment());
        c.params().forEach((k, v) -> out.append(' ').append(k).append('=').append(v));
        return out.append(' ').append(c.metric()).toString();
    }

    /** A matched cell as diff's tables name it. */
    static String label(CellKey k) {
        StringBuilder out = new StringBuilder(k.experiment());
        k.params().forEach((p, v) -> out.append(' ').append(p).append('=').append(v));
        return out.append(' ').append(k.metric()).toString();
    }

    /** The host's estimate, when one was calibrated: {@code hostDir/calibration/run-to-run.json}. */
    public static RunToRun read(Path hostDir) throws IOException {
        Path file = hostDir.resolve("calibration").resolve(FILE);
        return Files.isRegularFile(file) ? RecordJson.mapper().readValue(file.toFile(), RunToRun.class) : null;
    }

    /**
     * The kernels its A/A runs ran under, read from their records below {@code hostDir}; a run no longer there or
     * unreadable names none, so a factor kept without its runs names no kernel at all.
     */
    public Set<String> kernels(Path hostDir) {
        Set<String> out = new TreeSet<>();
        for (String run : runs) {
            Path file = hostDir.resolve(run);
            if (!Files.isRegularFile(file)) {
                continue;
            }
            try {
                String kernel = RecordJson.read(file).host().kernel();
                if (kernel != null) {
                    out.add(kernel);
                }
            } catch (IOException | RuntimeException unreadable) {
                // check names a bad record; here it only cannot say which kernel the factor was fitted on
            }
        }
        return out;
    }

    /**
     * One line per kernel that A or B ran under and none of its A/A runs did, naming the sides: a factor fitted under
     * one kernel may not fit another. Empty when every side's kernel is among them or the runs are not there to say.
     */
    public List<String> unfittedKernels(Path hostDir, String kernelA, String kernelB) {
        Set<String> fitted = kernels(hostDir);
        Map<String, List<String>> sides = new LinkedHashMap<>();
        BiConsumer<String, String> unless = (side, kernel) -> {
            if (kernel != null && !fitted.isEmpty() && !fitted.contains(kernel)) {
                sides.computeIfAbsent(kernel, k -> new ArrayList<>()).add(side);
            }
        };
        unless.accept("A", kernelA);
        unless.accept("B", kernelB);
        return sides.entrySet().stream().map(e -> String.format(Locale.ROOT, "%s ran under kernel %s, and the run-to-run "
                + "factor %.2f was fitted on runs under %s only: it may not fit another kernel (loom-lab calibrate --dry-run "
                + "on an A/A pair with a run under it says how far off it is)", String.join(" and ", e.getValue()),
                e.getKey(), factor, String.join(", ", fitted))).toList();
    }

    /** Writes it as the host's estimate (through a temporary file, so a failed write leaves the old one). */
    public Path write(Path hostDir) throws IOException {
        Path dir = Files.createDirectories(hostDir.resolve("calibration"));
        Path tmp = Files.createTempFile(dir, FILE, ".tmp");
        RecordJson.mapper().writerWithDefaultPrettyPrinter().writeValue(tmp.toFile(), this);
        return Files.move(tmp, dir.resolve(FILE), StandardCopyOption.REPLACE_EXISTING,
                StandardCopyOption.ATOMIC_MOVE);
    }

    /** One line for a diff's header. */
    public String describe() {
        if (factor == 1 && cells == 0) {
            return "intervals over forks as measured (A and B are one run, or --run-to-run 1)";
        }
        if (!experimentVariance.isEmpty()) {
            return String.format(Locale.ROOT, "between runs, a cell's run-level variance (tau², calibrated on this host from "
                    + "the A/A runs %s) adds 2 tau² to the forks' variance of B/A, on the forks' degrees of freedom; "
                    + "cells of an experiment it has no tau² for are widened x%.2f; allocation rows are as measured",
                    String.join(", ", runs), factor);
        }
        return String.format(Locale.ROOT, "intervals widened x%.2f for run-to-run variance%s", factor, runs.isEmpty()
                ? " (given)" : String.format(Locale.ROOT, " (calibrated on this host from %d cells of the A/A runs %s)",
                cells, String.join(", ", runs)));
    }
}
