package org.loomlab.cli;

import org.apache.commons.statistics.descriptive.Median;
import org.loomlab.plan.Profile;
import org.loomlab.record.Cell;
import org.loomlab.record.CellKey;
import org.loomlab.record.CellStatus;
import org.loomlab.record.RunRecord;
import org.loomlab.record.VarianceComponents;
import org.loomlab.text.MarkdownTable;
import org.loomlab.stats.StudentT;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.Callable;

/**
 * How committed runs' variance splits per cell: the JVM-to-JVM and iteration-to-iteration shares of a fork mean's
 * variance ({@link VarianceComponents}), the warm-up trend over a fork's measured iterations, the iterations a fork that
 * the costs make best, and the rounds a comparison would need. Analysis of records, not a run.
 */
@Command(name = "components", header = "Split each cell's variance between JVMs and iterations, over committed runs.",
        description = "RUN is a run.json or a run directory; give several to pool them (each a lane of a run whose JDKs "
                + "took turns, or a run of its own). Per lane (or JDK) and cell: the JVM and iteration shares of the "
                + "variance of a fork mean at the iterations a fork measured (one-way random effects over the log samples, "
                + "fork the group, sums of squares pooled within each run; Kalibera and Jones 2013), the forks and "
                + "iterations a fork, the mean log change from a fork's first measured iteration to its last with its t "
                + "over forks (a warm-up still going on), the iterations a fork that make a fork mean's variance least "
                + "for the time (from each fork's wall time and the profile's iteration time) and the rounds that would "
                + "call a change of 10 % at 80 % power.")
final class ComponentsCommand implements Callable<Integer> {

    @Parameters(arity = "1..*", paramLabel = "RUN", description = "the runs to pool (run.json or its directory)")
    List<Path> runs;

    @Option(names = "--experiment", paramLabel = "NAME", description = "only this experiment's cells, e.g. philosophers")
    String experiment;

    @Option(names = "--all-metrics", description = "every metric of a cell, not only its primary one (its first row)")
    boolean allMetrics;

    @Mixin
    TextOutput out;

    /** The change the rounds are priced for, and the noise band and levels a diff judges it by. */
    static final double CHANGE = 0.10;
    static final double BAND = 0.02;
    static final double ALPHA = 0.05;
    static final double POWER = 0.80;
    /** More rounds than a lab would run for one cell: past this a cell is not priced. */
    static final int MOST_ROUNDS = 1000;
    /** |t| at or past which a warm-up trend is counted as still going on. */
    static final double TREND_T = 2;

    @Override
    public Integer call() throws Exception {
        List<String> names = new ArrayList<>();
        List<RunRecord> records = new ArrayList<>();
        for (Path run : runs) {
            Path file = RunSource.runJson(run);
            names.add(file.toString());
            records.add(RunSource.read(file));
        }
        out.write("components", markdown(names, records, experiment, allMetrics));
        return LoomLab.OK;
    }

    /** One cell of one lane over the runs given: each run's forks, its forks' wall time, the iteration time. */
    private record Pooled(String lane, Cell first, List<List<List<Double>>> runs, double wall, int forks,
                          List<Double> iterationSeconds) {
    }

    /** The table and its summary, over {@code records} read from {@code names}. */
    static String markdown(List<String> names, List<RunRecord> records, String experiment, boolean allMetrics) {
        Map<String, Pooled> cells = new LinkedHashMap<>();
        java.util.Set<String> seen = new java.util.LinkedHashSet<>();
        for (RunRecord r : records) {
            String lane = r.lanes() != null ? r.lanes().lane() : r.jdk().id();
            Double iteration = profileIterationSeconds(r.profile());
            List<Cell> chosen = allMetrics ? r.results() : r.primaryCells();
            for (Cell c : chosen) {
                if (experiment != null && !experiment.equals(c.experiment())) {
                    continue;
                }
                seen.add(lane + " " + c.experiment() + " " + new TreeMap<>(c.params()) + " " + c.metric());
                if (c.status() != CellStatus.OK) {
                    continue;
                }
                List<List<Double>> logs = VarianceComponents.logs(c.forks());
                if (logs == null || logs.isEmpty()) {
                    continue;
                }
                String key = lane + " " + c.experiment() + " " + new TreeMap<>(c.params()) + " " + c.metric();
                Pooled p = cells.computeIfAbsent(key, k -> new Pooled(lane, c, new ArrayList<>(), 0, 0, new ArrayList<>()));
                p.runs().add(logs);
                p.iterationSeconds().add(iterationSeconds(iteration, c));
                cells.put(key, new Pooled(lane, p.first(), p.runs(), p.wall() + c.wallSeconds(), p.forks() + logs.size(),
                        p.iterationSeconds()));
            }
        }
        List<String> axes = CellKey.varying(cells.values().stream().map(p -> p.first().params()).toList());
        List<String> header = new ArrayList<>(List.of("lane"));
        header.addAll(axes);
        if (allMetrics) {
            header.add("metric");
        }
        header.addAll(List.of("JVM share", "iteration share", "forks", "iterations a fork", "first → last", "t",
                "start + warm-up", "an iteration", "best iterations a fork", "rounds to call 10 %", "note"));
        List<List<String>> rows = new ArrayList<>();
        Map<String, List<VarianceComponents>> byLane = new LinkedHashMap<>();
        int unsplit = 0;
        for (Pooled p : cells.values()) {
            VarianceComponents v = VarianceComponents.pooled(p.runs());
            if (v == null) {
                unsplit++;
                continue;
            }
            Double iteration = p.iterationSeconds().contains(null) ? null
                    : p.iterationSeconds().stream().mapToDouble(Double::doubleValue).average().orElseThrow();
            v = v.withCosts(p.wall() / p.forks(), iteration);
            byLane.computeIfAbsent(p.lane(), l -> new ArrayList<>()).add(v);
            List<String> row = new ArrayList<>(List.of(p.lane()));
            axes.forEach(a -> row.add(p.first().params().getOrDefault(a, "")));
            if (allMetrics) {
                row.add(p.first().metric());
            }
            Integer rounds = roundsToCall(v);
            row.addAll(List.of(percent(v.jvmShare()), percent(v.iterationShare()), String.valueOf(v.forks()),
                    String.format(Locale.ROOT, "%.3g", v.iterationsPerFork()),
                    v.warmupChange() == null ? "-" : String.format(Locale.ROOT, "%+.1f %%", 100 * Math.expm1(v.warmupChange())),
                    v.warmupT() == null ? "-" : String.format(Locale.ROOT, "%.1f", v.warmupT()),
                    v.forkSeconds() == null ? "-" : String.format(Locale.ROOT, "%.1f s", v.forkSeconds()),
                    v.iterationSeconds() == null ? "-" : String.format(Locale.ROOT, "%.2f s", v.iterationSeconds()),
                    v.optimalIterations() == null ? "-" : String.valueOf(v.optimalIterations()),
                    rounds == null ? "over " + MOST_ROUNDS : String.valueOf(rounds),
                    v.truncated() ? "JVM part negative, set to 0: iterations spread more than fork means" : ""));
            rows.add(row);
        }
        StringBuilder md = new StringBuilder();
        md.append(String.format(Locale.ROOT, "Variance components%s, pooled over %d run record%s:%n%n",
                experiment == null ? "" : " of " + experiment, names.size(), names.size() == 1 ? "" : "s"));
        names.forEach(n -> md.append("- ").append(n).append('\n'));
        md.append(String.format(Locale.ROOT, "%nPer lane and cell%s: the shares of a fork mean's variance (log scale) that "
                + "are JVM-to-JVM and iteration-to-iteration, at the iterations a fork measured (one-way random effects, "
                + "fork the group, ANOVA estimates with sums of squares pooled within each run, so that how runs differ "
                + "stays out; Kalibera and Jones 2013). first → last: the mean change from a fork's first measured "
                + "iteration to its last, t its mean over its standard error across forks (|t| >= %s: a warm-up still "
                + "going on). start + warm-up: a fork's wall time less its measured iterations; an iteration: the "
                + "profile's iteration time, ended by its last operation. Best iterations a fork: sqrt(cost ratio x "
                + "iteration variance / JVM variance), bounded %d..%d. Rounds to call 10 %%: the fewest n at which "
                + "(t(%s) + t(%s)) x sqrt(2 x variance of a fork mean / n) is within log(1.10 / 1.02) on n - 1 degrees of "
                + "freedom, the other lane taken to spread alike and no pairing gain counted (at the iterations a fork "
                + "measured).%n%n", allMetrics ? " and metric" : " (primary metric)", fmt(TREND_T),
                VarianceComponents.FEWEST_ITERATIONS, VarianceComponents.MOST_ITERATIONS, fmt(1 - ALPHA / 2), fmt(POWER)));
        md.append(MarkdownTable.render(header, rows)).append('\n');
        byLane.forEach((lane, vs) -> md.append(summary(lane, vs)));
        if (byLane.size() > 1) {
            md.append(summary("all lanes", byLane.values().stream().flatMap(List::stream).toList()));
        }
        int unmeasured = seen.size() - cells.size();
        if (unmeasured > 0) {
            md.append(String.format(Locale.ROOT, "%d cell%s measured ok with positive samples in none of these runs.%n",
                    unmeasured, unmeasured == 1 ? "" : "s"));
        }
        if (unsplit > 0) {
            md.append(String.format(Locale.ROOT, "%d cell%s could not be split (fewer than two forks, no fork of two "
                    + "iterations, or no spread).%n", unsplit, unsplit == 1 ? "" : "s"));
        }
        return md.toString();
    }

    /** One line: how many cells have a JVM share under 20 %, the median share, how many still warm up. */
    private static String summary(String lane, List<VarianceComponents> vs) {
        long low = vs.stream().filter(v -> v.jvmShare() < 0.20).count();
        long truncated = vs.stream().filter(VarianceComponents::truncated).count();
        long trend = vs.stream().filter(v -> v.warmupT() != null && Math.abs(v.warmupT()) >= TREND_T).count();
        long faster = vs.stream().filter(v -> v.warmupT() != null && v.warmupT() <= -TREND_T).count();
        double median = Median.withDefaults().evaluate(vs.stream().mapToDouble(VarianceComponents::jvmShare).toArray());
        return String.format(Locale.ROOT, "- %s: %d cells; JVM share under 20 %% in %d (%d of them truncated at 0), "
                        + "median JVM share %s; a warm-up trend at |t| >= 2 in %d (later iterations faster in %d).%n",
                lane, vs.size(), low, truncated, percent(median), trend, faster);
    }

    /**
     * The rounds at which a change of {@link #CHANGE} beyond the band is called at {@link #ALPHA} two-sided with
     * {@link #POWER}, the difference of two lanes' fork means varying by twice this lane's; null past
     * {@link #MOST_ROUNDS}.
     */
    static Integer roundsToCall(VarianceComponents v) {
        double variance = 2 * v.forkMeanVariance(v.iterationsPerFork());
        double target = Math.log((1 + CHANGE) / (1 + BAND));
        for (int n = 2; n <= MOST_ROUNDS; n++) {
            double reach = (StudentT.quantile(n - 1, 1 - ALPHA / 2) + StudentT.quantile(n - 1, POWER))
                    * Math.sqrt(variance / n);
            if (reach <= target) {
                return n;
            }
        }
        return null;
    }

    /**
     * What one measured iteration of {@code c} took: JMH ends an iteration with the operation that crosses its time, so
     * for a time per operation it is the whole operations that fill it, else the iteration time; null when the
     * profile is not known.
     */
    static Double iterationSeconds(Double profileSeconds, Cell c) {
        if (profileSeconds == null) {
            return null;
        }
        Double op = opSeconds(c);
        return op == null ? profileSeconds : Math.max(1, Math.ceil(profileSeconds / op)) * op;
    }

    /** The mean operation time of a cell whose unit is a time per operation, in seconds; null otherwise. */
    private static Double opSeconds(Cell c) {
        double scale = switch (c.unit()) {
            case "ns/op" -> 1e-9;
            case "us/op" -> 1e-6;
            case "ms/op" -> 1e-3;
            case "s/op" -> 1;
            default -> Double.NaN;
        };
        double mean = c.samples().stream().mapToDouble(Double::doubleValue).average().orElse(Double.NaN);
        return Double.isFinite(scale) && mean > 0 ? mean * scale : null;
    }

    private static Double profileIterationSeconds(String label) {
        for (Profile p : Profile.values()) {
            if (p.label().equals(label)) {
                return p.iterationSeconds();
            }
        }
        return null;
    }

    private static String percent(double share) {
        return String.format(Locale.ROOT, "%.0f %%", 100 * share);
    }

    private static String fmt(double v) {
        return String.format(Locale.ROOT, "%s", v == Math.rint(v) ? String.valueOf((long) v) : String.valueOf(v));
    }
}
