package org.loomlab.report;

import org.loomlab.text.Figures;
import org.loomlab.text.MarkdownTable;

import org.loomlab.record.Cell;
import org.loomlab.record.CellKey;
import org.loomlab.record.CellStatus;
import org.loomlab.record.ForkMemory;
import org.loomlab.record.Profiling;
import org.loomlab.record.RunRecord;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.ToLongFunction;

/**
 * Which implementation is best for memory (the talk's open question): per experiment, its cells ranked by the bytes
 * a dinner allocates ({@value #ALLOCATION}, least first, with its interval over forks), beside the most heap and
 * resident set any of the cell's forks held, its collections' count and time, and the cell's time with its own
 * rank. Cells of older records, which kept no allocation, follow by peak heap; a cell with neither is left out, as
 * is an experiment without any.
 */
public final class MemoryRanking {

    /** The metric of a JMH cell's allocation per operation ({@code -prof gc}). */
    public static final String ALLOCATION = Cell.ALLOCATION;

    // Binary megabytes, named so: the JVM and the kernel count memory in powers of two.
    private static final double MIB = 1024.0 * 1024.0;

    /**
     * One cell of the ranking.
     *
     * @param primary    the cell's primary metric (its time), which holds the forks' memory peaks
     * @param allocation its allocation per operation, or null when the record has none
     */
    public record Entry(Cell primary, Cell allocation) {

        Double bytesPerOp() {
            return allocation == null ? null : allocation.score();
        }

        Long peak(ToLongFunction<ForkMemory> which) {
            return primary.forkMemory() == null || primary.forkMemory().isEmpty() ? null
                    : primary.forkMemory().stream().mapToLong(which).max().orElseThrow();
        }
    }

    private static final Comparator<Entry> LEAST_FIRST = Comparator
            .comparing(Entry::bytesPerOp, Comparator.nullsLast(Comparator.naturalOrder()))
            .thenComparing(e -> e.peak(ForkMemory::peakHeapBytes), Comparator.nullsLast(Comparator.naturalOrder()));

    private MemoryRanking() {
    }

    /** Per experiment, in the record's order: its ok cells with an allocation or memory peaks, least memory first. */
    public static Map<String, List<Entry>> rank(List<Cell> results) {
        Map<String, Entry> byCell = new LinkedHashMap<>();
        for (Cell c : results) {
            if (c.status() != CellStatus.OK || c.score() == null) {
                continue;
            }
            String key = c.experiment() + " " + c.params();
            Entry e = byCell.get(key);
            if (e == null && !c.metric().equals(ALLOCATION)) {
                byCell.put(key, new Entry(c, null));
            } else if (e != null && c.metric().equals(ALLOCATION) && e.allocation() == null) {
                byCell.put(key, new Entry(e.primary(), c));
            }
        }
        Map<String, List<Entry>> out = new LinkedHashMap<>();
        byCell.values().stream().filter(e -> e.allocation() != null || e.peak(ForkMemory::peakHeapBytes) != null)
                .forEach(e -> out.computeIfAbsent(e.primary().experiment(), x -> new ArrayList<>()).add(e));
        out.replaceAll((experiment, entries) -> entries.stream().sorted(LEAST_FIRST).toList());
        return out;
    }

    /** The section of a run's report: a table per experiment, or empty when no cell measured memory. */
    public static String markdown(RunRecord r) {
        Map<String, List<Entry>> ranked = rank(r.results());
        if (ranked.isEmpty()) {
            return "";
        }
        StringBuilder md = new StringBuilder("Cells ranked by the bytes one operation (a dinner) allocates, all threads "
                + "counted (JMH `-prof gc`, " + ALLOCATION + "), least first, with the interval over forks; beside them "
                + "the most heap and resident set any fork held, the collections in a fork's measured iterations and their time "
                + "(the forks' mean), and the cell's time with its rank among them.\n\n");
        ranked.forEach((experiment, entries) -> md.append("#### ").append(experiment).append("\n\n")
                .append(table(entries)).append('\n'));
        return md.toString();
    }

    /** One experiment's table: rank, the axes that vary, allocation, peaks, time and its rank. */
    static String table(List<Entry> entries) {
        List<String> axes = CellKey.varying(entries.stream().map(e -> e.primary().params()).toList());
        List<Entry> byTime = entries.stream().sorted(Comparator.comparing(e -> e.primary().score())).toList();
        boolean higherIsBetter = entries.get(0).primary().unit().endsWith("/s");
        List<String> header = new ArrayList<>(List.of("rank"));
        header.addAll(axes);
        header.addAll(List.of("allocated / op (MiB)", "interval", "peak heap (MiB)", "peak RSS (MiB)", "GCs / fork",
                "GC ms / fork", "time", "time rank"));
        List<List<String>> rows = new ArrayList<>();
        for (int i = 0; i < entries.size(); i++) {
            Entry e = entries.get(i);
            Cell a = e.allocation();
            List<String> row = new ArrayList<>(List.of(a == null ? "" : String.valueOf(i + 1)));
            axes.forEach(axis -> row.add(e.primary().params().getOrDefault(axis, "")));
            row.add(a == null ? "n/a" : Figures.number(a.score() / MIB));
            row.add(a == null || a.ciLow() == null ? "" : "[" + Figures.number(a.ciLow() / MIB) + ", "
                    + Figures.number(a.ciHigh() / MIB) + "]");
            row.add(megabytes(e.peak(ForkMemory::peakHeapBytes)));
            row.add(megabytes(e.peak(ForkMemory::peakRssBytes)));
            row.add(collector(e.primary(), "gc.count"));
            row.add(collector(e.primary(), "gc.time"));
            String precision = ResultsTable.precision(e.primary());
            row.add(Figures.number(e.primary().score()) + " " + e.primary().unit() + (precision.isEmpty() ? "" : " " + precision));
            int timeRank = byTime.indexOf(e) + 1;
            row.add(String.valueOf(higherIsBetter ? entries.size() + 1 - timeRank : timeRank));
            rows.add(row);
        }
        return MarkdownTable.render(header, rows);
    }

    /**
     * What JMH's gc profiler saw of the collector over a fork's measured iterations, the forks' mean: its collections
     * ({@code gc.count}) or their time in ms ({@code gc.time}, reported only when there was one, so 0 then).
     */
    private static String collector(Cell c, String metric) {
        if (c.profiling() == null || !c.profiling().profilers().contains("gc")) {
            return "";
        }
        Profiling.Metric m = c.profiling().metrics().get(metric);
        return Figures.number(m == null ? 0 : m.score());
    }

    private static String megabytes(Long bytes) {
        return bytes == null ? "" : String.format(Locale.ROOT, "%.0f", bytes / MIB);
    }
}
