package org.loomlab.progress;

import org.apache.commons.statistics.descriptive.Median;
import org.loomlab.plan.CellPlan;
import org.loomlab.record.Cell;
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
import java.util.stream.Stream;

/**
 * How long cells took in earlier runs of the same profile on this host, for an ETA that holds from the
 * first cell: on 2 cores one philosophers cell takes 4 s and the next 200 s, which no per-cell constant
 * or running mean predicts. The median over earlier records is used, so one odd run does not dominate.
 */
public final class CellHistory {

    private final Map<String, Duration> medians = new HashMap<>();
    private final int records;

    private CellHistory(Map<String, List<Double>> walls, int records) {
        walls.forEach((key, seen) -> medians.put(key, Duration.ofMillis(Math.round(
                1000 * Median.withDefaults().evaluate(seen.stream().mapToDouble(Double::doubleValue).toArray())))));
        this.records = records;
    }

    /** Every readable run.json of {@code profile} under {@code hostDir} (results/<host>); unreadable ones are passed over. */
    public static CellHistory of(Path hostDir, String profile) {
        Map<String, List<Double>> walls = new HashMap<>();
        int records = 0;
        if (!Files.isDirectory(hostDir)) {
            return new CellHistory(walls, 0);
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
            }
        } catch (IOException e) {
            return new CellHistory(Map.of(), 0);
        }
        return new CellHistory(walls, records);
    }

    /** The median wall time of this cell in earlier runs, if it ran before. */
    public Optional<Duration> wall(CellPlan plan) {
        return Optional.ofNullable(medians.get(key(plan.experiment().label(), plan.params())));
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

    private static String key(String experiment, Map<String, String> params) {
        return experiment + " " + params;
    }
}
