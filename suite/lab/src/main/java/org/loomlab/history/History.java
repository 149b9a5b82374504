package org.loomlab.history;

import org.loomlab.record.Cell;
import org.loomlab.record.CellKey;
import org.loomlab.record.CellMatching;
import org.loomlab.record.CellStatus;
import org.loomlab.record.RunRecord;
import org.loomlab.record.RunStatus;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/**
 * Every cell's history on one host and JDK under one profile: the runs in the order they started, and per cell and
 * metric its ok measurements with their change points ({@link ChangeRule}), each put down to what changed across it
 * ({@link Attribution}). Cells are matched across runs as {@code diff} matches them ({@link CellMatching}: a record
 * older than an axis matches the value the axis declares for it).
 */
public record History(String host, String jdk, String profile, List<RunRecord> runs, List<Series> series,
                      Map<String, String> benchmarks) {

    /** Fewer runs than this give no change point: two on each side of one. */
    public static final int MIN_RUNS = 4;

    public History {
        runs = List.copyOf(runs);
        series = List.copyOf(series);
        benchmarks = Map.copyOf(benchmarks);
    }

    /** The history of {@code records} with no plan read (the benchmarks jar unknown). */
    public static History of(String host, String jdk, String profile, List<RunRecord> records, CellMatching matching,
                             Predicate<CellKey> wanted, ChangeRule rule) {
        return of(host, jdk, profile, records, Map.of(), matching, wanted, rule);
    }

    /**
     * The history of {@code records} (any order; a record whose run did not complete is left out, and so is a cell not
     * measured ok), of the cells {@code wanted} keeps; {@code benchmarks} maps a run id to the SHA-256 of the
     * benchmarks jar its plan names (a run missing from it: unknown).
     */
    public static History of(String host, String jdk, String profile, List<RunRecord> records,
                             Map<String, String> benchmarks, CellMatching matching, Predicate<CellKey> wanted,
                             ChangeRule rule) {
        List<RunRecord> runs = records.stream().filter(r -> r.status() == RunStatus.COMPLETE)
                .sorted(Comparator.comparing(RunRecord::started).thenComparing(RunRecord::runId)).toList();
        Map<CellKey, List<Series.Point>> points = new LinkedHashMap<>();
        for (int i = 0; i < runs.size(); i++) {
            for (Map.Entry<CellKey, Cell> e : matching.index(runs.get(i).results()).entrySet()) {
                Cell c = e.getValue();
                if (c.status() == CellStatus.OK && c.score() != null && wanted.test(e.getKey())) {
                    points.computeIfAbsent(e.getKey(), k -> new ArrayList<>()).add(new Series.Point(i, c));
                }
            }
        }
        List<Series> series = new ArrayList<>();
        List<RunFacts> facts = runs.stream().map(r -> new RunFacts(r, benchmarks.get(r.runId()))).toList();
        points.forEach((key, p) -> series.add(analysed(key, p, facts, rule)));
        Map<String, String> known = new LinkedHashMap<>();
        runs.forEach(r -> {
            if (benchmarks.get(r.runId()) != null) {
                known.put(r.runId(), benchmarks.get(r.runId()));
            }
        });
        return new History(host, jdk, profile, runs, series, known);
    }

    /** Run {@code r} of this history with its benchmarks jar, as its traits are read. */
    public RunFacts facts(RunRecord r) {
        return new RunFacts(r, benchmarks.get(r.runId()));
    }

    private static Series analysed(CellKey key, List<Series.Point> points, List<RunFacts> runs, ChangeRule rule) {
        Series plain = new Series(key, points, List.of());
        if (points.size() < MIN_RUNS || !plain.positive()) {
            return plain;
        }
        double[] scores = points.stream().mapToDouble(p -> p.cell().score()).toArray();
        double[] lows = points.stream().mapToDouble(p -> orNaN(p.cell().ciLow())).toArray();
        double[] highs = points.stream().mapToDouble(p -> orNaN(p.cell().ciHigh())).toArray();
        List<ChangeRule.Shift> shifts = rule.shifts(scores, lows, highs);
        List<ChangePoint> changes = new ArrayList<>();
        for (int k = 0; k < shifts.size(); k++) {
            int from = k == 0 ? 0 : shifts.get(k - 1).at();
            int at = shifts.get(k).at();
            int to = k + 1 < shifts.size() ? shifts.get(k + 1).at() : points.size();
            Attribution why = Attribution.ofRuns(runsOf(points.subList(from, at), runs), runsOf(points.subList(at, to), runs));
            changes.add(new ChangePoint(points.get(at - 1).run(), points.get(at).run(), shifts.get(k), why));
        }
        return new Series(key, points, changes);
    }

    private static List<RunFacts> runsOf(List<Series.Point> points, List<RunFacts> runs) {
        return points.stream().map(p -> runs.get(p.run())).toList();
    }

    private static double orNaN(Double v) {
        return v == null ? Double.NaN : v;
    }

    /** Every change point of every series, in time order (those between the same runs in the order of the series). */
    public List<Map.Entry<Series, ChangePoint>> changes() {
        List<Map.Entry<Series, ChangePoint>> out = new ArrayList<>();
        series.forEach(s -> s.changes().forEach(c -> out.add(Map.entry(s, c))));
        out.sort(Comparator.comparing((Map.Entry<Series, ChangePoint> e) -> e.getValue().firstAfter())
                .thenComparing(e -> e.getValue().lastBefore()));
        return out;
    }
}
