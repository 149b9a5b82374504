package org.loomlab.report;

import org.loomlab.text.Figures;
import org.loomlab.text.MarkdownTable;

import org.loomlab.record.Cell;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Function;

/**
 * The end-of-run table of {@code loom-lab run}, narrow enough for a terminal: the axes that vary across the run's
 * cells, the score with its precision, and the status. When that is still wider than the terminal, the axes with
 * the fewest distinct values go first, but only those the rows can spare: no two rows may read alike. The experiment,
 * metric, score, precision and status always stay. The full table ({@link ResultsTable}) stays in the report.
 */
public final class TerminalTable {

    /** The width when {@code $COLUMNS} says none. */
    static final int DEFAULT_COLUMNS = 120;

    private TerminalTable() {
    }

    /** The width of the terminal from {@code $COLUMNS}, or {@value #DEFAULT_COLUMNS}. */
    public static int columns() {
        try {
            int c = Integer.parseInt(System.getenv().getOrDefault("COLUMNS", "").strip());
            return c > 0 ? c : DEFAULT_COLUMNS;
        } catch (NumberFormatException unset) {
            return DEFAULT_COLUMNS;
        }
    }

    /** The table for {@code cells} in at most {@code width} characters a line (the score and status always stay). */
    public static String render(List<Cell> cells, int width) {
        List<Column> columns = new ArrayList<>();
        Set<String> axes = new LinkedHashSet<>();
        cells.forEach(c -> axes.addAll(c.params().keySet()));
        for (String axis : axes) {
            Function<Cell, String> value = c -> c.params().getOrDefault(axis, "");
            if (distinct(cells, value) > 1) {
                columns.add(new Column(axis, value));
            }
        }
        // The least informative axis first: fewest distinct values, and of those the rightmost.
        List<Column> droppable = new ArrayList<>(columns.reversed());
        droppable.sort(Comparator.comparingLong(col -> distinct(cells, col.value())));
        String table = table(cells, columns);
        while (table.lines().anyMatch(line -> line.length() > width) && !droppable.isEmpty()) {
            Column next = droppable.removeFirst();
            List<Column> fewer = new ArrayList<>(columns);
            fewer.remove(next);
            // A column whose loss would make two rows alike stays: a wide table beats an ambiguous one.
            if (rowsApart(cells, fewer) == rowsApart(cells, columns)) {
                columns = fewer;
                table = table(cells, columns);
            }
        }
        return table;
    }

    /** The experiment, the given axes, the metric when cells report several, then score, precision and status. */
    private static String table(List<Cell> cells, List<Column> axes) {
        boolean metrics = distinct(cells, Cell::metric) > 1;
        List<String> header = new ArrayList<>(List.of("experiment"));
        axes.forEach(a -> header.add(a.name()));
        if (metrics) {
            header.add("metric");
        }
        header.addAll(List.of("score", "± (level)", "status"));
        List<List<String>> rows = new ArrayList<>();
        for (Cell c : cells) {
            List<String> row = new ArrayList<>(List.of(c.experiment()));
            axes.forEach(a -> row.add(a.value().apply(c)));
            if (metrics) {
                row.add(c.metric());
            }
            row.addAll(List.of(c.score() == null ? "" : Figures.number(c.score()) + " " + c.unit(),
                    ResultsTable.precision(c), c.status().label()));
            rows.add(row);
        }
        return MarkdownTable.render(header, rows);
    }

    /** How many different rows {@code columns} (with the experiment and metric) make of {@code cells}. */
    private static long rowsApart(List<Cell> cells, List<Column> columns) {
        return distinct(cells, c -> c.experiment() + "\0" + c.metric() + columns.stream()
                .map(col -> "\0" + col.value().apply(c)).collect(java.util.stream.Collectors.joining()));
    }

    private static long distinct(List<Cell> cells, Function<Cell, String> value) {
        return cells.stream().map(value).distinct().count();
    }

    private record Column(String name, Function<Cell, String> value) {
    }
}
