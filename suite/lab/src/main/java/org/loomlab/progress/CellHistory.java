package org.loomlab.progress;

import org.apache.commons.statistics.descriptive.Median;
import org.loomlab.plan.CellPlan;
import org.loomlab.record.Cell;
import org.loomlab.record.CellStatus;
import org.loomlab.record.RecordJson;
import org.loomlab.record.RunRecord;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * How long cells took in earlier runs of the same profile on this host, for an ETA that holds from the
 * first cell: on 2 cores one philosophers cell takes 4 s and the next 200 s, which no per-cell constant
 * or running mean predicts. The median over earlier records is used, so one odd run does not dominate.
 *
 * <p>It also keeps how far each cell's forks spread in those runs ({@link #spread}): three forks that happen to agree
 * say little of a cell whose forks spread 14 % in every earlier run here, and the fork loop judges them by both.
 */
public final class CellHistory {

    /** Forks a run's spread must rest on to count: two forks' spread is a guess (t 12.7 at 95 %). */
    static final int SPREAD_FORKS = 3;

    private final Map<String, Duration> medians = new HashMap<>();
    /** Each cell's seconds a fork, one per earlier run that recorded its forks. */
    private final Map<String, List<Double>> forkSeconds;
    /** Each cell's fork spreads, one per earlier run that measured it well ({@link #spreadCounts}). */
    private final Map<String, List<Double>> spreads;
    private final int records;

    private CellHistory(Map<String, List<Double>> walls, Map<String, List<Double>> forkSpreads,
                        Map<String, List<Double>> forkSeconds, int records) {
        walls.forEach((key, seen) -> medians.put(key, Duration.ofMillis(Math.round(1000 * median(seen)))));
        this.spreads = forkSpreads;
        this.forkSeconds = forkSeconds;
        this.records = records;
    }

    private static double median(List<Double> values) {
        return Median.withDefaults().evaluate(values.stream().mapToDouble(Double::doubleValue).toArray());
    }

    /** No earlier runs: every cell planned by its fallback, none with a spread of its own. */
    public static CellHistory none() {
        return new CellHistory(Map.of(), Map.of(), Map.of(), 0);
    }

    /** Every readable run.json of {@code profile} under {@code hostDir} (results/<host>); unreadable ones are passed over. */
    public static CellHistory of(Path hostDir, String profile) {
        Map<String, List<Double>> walls = new HashMap<>();
        Map<String, List<Double>> forkSpreads = new HashMap<>();
        Map<String, List<Double>> forkSeconds = new HashMap<>();
        int records = 0;
        if (!Files.isDirectory(hostDir)) {
            return none();
        }
        try (Stream<Path> files = Files.find(hostDir, 3, (p, a) -> p.getFileName().toString().equals("run.json"))) {
            for (Path file : files.toList()) {
                RunRecord r;
                try {
                    r = RecordJson.read(file);
                } catch (IOException | RuntimeException unreadable) {
                    continue; // an old or broken record is no reason to refuse a run
                }
                if (!profile.equals(r.profile())) {
                    continue;
                }
                records++;
                // A scenario cell is several rows (one per metric) with the same wall: count it once per record.
                Map<String, Double> perCell = new HashMap<>();
                for (Cell c : r.results()) {
                    if (c.wallSeconds() > 0) {
                        perCell.merge(key(c.experiment(), c.params()), c.wallSeconds(), Math::max);
                    }
                }
                perCell.forEach((k, w) -> walls.computeIfAbsent(k, x -> new ArrayList<>()).add(w));
                for (Cell c : r.primaryCells()) {
                    if (spreadCounts(c)) {
                        forkSpreads.computeIfAbsent(key(c.experiment(), c.params(), c.precision().warmupSeconds()),
                                x -> new ArrayList<>()).add(c.precision().forkSpread());
                    }
                    if (c.wallSeconds() > 0 && c.precision() != null && c.precision().forks() > 0) {
                        forkSeconds.computeIfAbsent(key(c.experiment(), c.params()), x -> new ArrayList<>())
                                .add(c.wallSeconds() / c.precision().forks());
                    }
                }
            }
        } catch (IOException e) {
            return none();
        }
        return new CellHistory(walls, forkSpreads, forkSeconds, records);
    }

    /**
     * Whether a cell's fork spread speaks for the cell as it is measured now: measured well over three or more forks,
     * with its warm-up time recorded (records made before the warm-up was kept measured under quick's old 1 s one).
     */
    private static boolean spreadCounts(Cell c) {
        return c.status() == CellStatus.OK && c.precision() != null && c.precision().forks() >= SPREAD_FORKS
                && c.precision().forkSpread() != null && c.precision().warmupSeconds() != null;
    }

    /**
     * The median fork spread (sd / mean of the fork means) of this cell in earlier runs here whose forks warmed up as
     * long as {@code warmupSeconds}, if any measured one: a warm-up that leaves the JIT at work spreads the forks otherwise.
     */
    public Optional<Double> spread(CellPlan plan, double warmupSeconds) {
        return Optional.ofNullable(spreads.get(key(plan, warmupSeconds))).map(CellHistory::median);
    }

    /** How many earlier runs {@link #spread} rests on (0 for none). */
    public int spreadRuns(CellPlan plan, double warmupSeconds) {
        return spreads.getOrDefault(key(plan, warmupSeconds), List.of()).size();
    }

    private static String key(CellPlan plan, double warmupSeconds) {
        return key(plan.experiment().label(), plan.params(), warmupSeconds);
    }

    private static String key(String experiment, Map<String, String> params, double warmupSeconds) {
        return key(experiment, params) + " after " + warmupSeconds + " s";
    }

    /** The median wall time of this cell in earlier runs, if it ran before. */
    public Optional<Duration> wall(CellPlan plan) {
        return Optional.ofNullable(medians.get(key(plan.experiment().label(), plan.params())));
    }

    /** The median seconds one fork of this cell took in earlier runs here (the cell's wall over its forks), if any. */
    public Optional<Double> forkSeconds(CellPlan plan) {
        return Optional.ofNullable(forkSeconds.get(key(plan.experiment().label(), plan.params()))).map(CellHistory::median);
    }

    /** Planned time per cell: its history where it has one, else the lower bound of the profile it is measured under. */
    public List<Duration> plan(List<CellPlan> plans, java.util.function.Function<CellPlan, Duration> fallback) {
        return plans.stream().map(p -> wall(p).orElseGet(() -> fallback.apply(p))).toList();
    }

    /** Says where the plan comes from, for the first progress line. */
    public String basis(List<CellPlan> plans) {
        long known = plans.stream().filter(p -> wall(p).isPresent()).count();
        return known == 0 ? "no earlier run of these cells here: a lower bound"
                : known + " of " + plans.size() + " cells timed in " + records + " earlier run" + (records == 1 ? "" : "s");
    }

    // sorted: a plan and a record may list a cell's params in different orders (service does)
    private static String key(String experiment, Map<String, String> params) {
        return experiment + " " + new TreeMap<>(params);
    }
}
