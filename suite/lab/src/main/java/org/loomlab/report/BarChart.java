package org.loomlab.report;

import org.loomlab.text.Figures;

import org.loomlab.record.Cell;
import org.loomlab.record.CellStatus;

import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * An SVG bar chart of one metric's cells on a log scale, with each cell's error bar: the
 * philosophers' scores span five orders of magnitude (2 ms to 70 s), which a linear axis would hide.
 */
public final class BarChart {

    private static final int LABEL = 430;
    private static final int PLOT = 420;
    private static final int ROW = 18;
    private static final int SLOT = 7;
    private static final String[] PALETTE = {"#4a7bd0", "#d08a4a", "#5aa469", "#9b59b6", "#c0392b", "#7f8c8d", "#e0b400"};

    private BarChart() {
    }

    /** One row of a grouped chart: its label and a cell per series, null where that series has none. */
    public record Row(String label, List<Cell> cells) {
    }

    /** A log scale over the ok cells' means and upper interval ends, whole decades at both ends. */
    private record Scale(double lo, double hi) {
        static Scale of(List<Cell> ok) {
            double lo = Math.floor(Math.log10(ok.stream().mapToDouble(Cell::score).min().orElseThrow()));
            double hi = Math.ceil(Math.log10(ok.stream().mapToDouble(c -> c.score() + (c.error() == null ? 0 : c.error()))
                    .max().orElseThrow()));
            return new Scale(lo, Math.max(hi, lo + 1));
        }

        double x(double v) {
            return PLOT * (Math.log10(Math.max(v, Math.pow(10, lo))) - lo) / (hi - lo);
        }
    }

    /**
     * The chart of {@code cells} (ok cells of one unit), titled {@code title}; a bar is blue when {@code virtual} says
     * its cell runs virtual threads (the experiment catalogue knows, whatever the axis is called), orange otherwise.
     */
    public static String svg(String title, List<Cell> cells, java.util.function.Predicate<Cell> virtual) {
        List<Cell> ok = cells.stream().filter(BarChart::drawable).toList();
        if (ok.isEmpty()) {
            throw new IllegalArgumentException("no ok cells to chart for " + title);
        }
        Scale scale = Scale.of(ok);
        int height = 50 + ROW * ok.size() + 30;
        StringBuilder svg = open(title, height, scale);
        for (int i = 0; i < ok.size(); i++) {
            Cell c = ok.get(i);
            double y = 40 + i * ROW;
            String fill = virtual.test(c) ? "#4a7bd0" : "#d08a4a";
            svg.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%s</text>%n",
                    LABEL - 6, y + 12, escape(label(c))));
            double w = bar(svg, scale, c, y + 2, ROW - 4, fill);
            svg.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%.1f\">%s</text>%n", LABEL + w + 4,
                    y + 12, escape(Figures.number(c.score()) + " " + c.unit())));
        }
        return close(svg, height, "blue: virtual threads, orange: platform threads");
    }

    /**
     * Several series side by side per row (e.g. one bar per JDK for each cell), on one log scale, with a
     * legend; a missing or failed cell leaves its slot empty.
     */
    public static String grouped(String title, List<String> series, List<Row> rows) {
        List<Cell> ok = rows.stream().flatMap(r -> r.cells().stream()).filter(c -> c != null && drawable(c)).toList();
        if (ok.isEmpty()) {
            throw new IllegalArgumentException("no ok cells to chart for " + title);
        }
        Scale scale = Scale.of(ok);
        int rowHeight = SLOT * series.size() + 8;
        int top = 40 + 16;
        int height = top + rowHeight * rows.size() + 50;
        StringBuilder svg = open(title, height, scale);
        for (int s = 0; s < series.size(); s++) {
            int x = 8 + s * 150;
            svg.append(String.format(Locale.ROOT, "<rect x=\"%d\" y=\"32\" width=\"10\" height=\"10\" fill=\"%s\"/>"
                    + "<text x=\"%d\" y=\"41\">%s</text>%n", x, PALETTE[s % PALETTE.length], x + 14, escape(series.get(s))));
        }
        for (int i = 0; i < rows.size(); i++) {
            Row row = rows.get(i);
            double y = top + i * rowHeight;
            svg.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%s</text>%n",
                    LABEL - 6, y + rowHeight / 2.0 + 3, escape(row.label())));
            for (int s = 0; s < row.cells().size(); s++) {
                Cell c = row.cells().get(s);
                if (c != null && drawable(c)) {
                    bar(svg, scale, c, y + 4 + s * SLOT, SLOT - 1, PALETTE[s % PALETTE.length]);
                }
            }
        }
        return close(svg, height, "one colour per series; an empty slot: not measured or not ok");
    }

    private static boolean drawable(Cell c) {
        return c.status() == CellStatus.OK && c.score() != null && c.score() > 0;
    }

    private static StringBuilder open(String title, int height, Scale scale) {
        StringBuilder svg = new StringBuilder();
        svg.append(String.format(Locale.ROOT, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
                + "font-family=\"sans-serif\" font-size=\"11\">%n", LABEL + PLOT + 90, height));
        svg.append("<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n");
        svg.append(String.format(Locale.ROOT, "<text x=\"8\" y=\"20\" font-size=\"14\" font-weight=\"bold\">%s</text>%n", escape(title)));
        for (int decade = (int) scale.lo(); decade <= scale.hi(); decade++) {
            double x = LABEL + scale.x(Math.pow(10, decade));
            svg.append(String.format(Locale.ROOT, "<line x1=\"%.1f\" y1=\"35\" x2=\"%.1f\" y2=\"%d\" stroke=\"#ddd\"/>"
                    + "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%s</text>%n", x, x, height - 25, x, height - 10,
                    Math.pow(10, decade) >= 1 ? String.format(Locale.ROOT, "%.0f", Math.pow(10, decade)) : Double.toString(Math.pow(10, decade))));
        }
        return svg;
    }

    /** Draws the cell's bar and its interval line; returns the bar's width. */
    private static double bar(StringBuilder svg, Scale scale, Cell c, double y, int h, String fill) {
        double w = Math.max(scale.x(c.score()), 1);
        svg.append(String.format(Locale.ROOT, "<rect x=\"%d\" y=\"%.1f\" width=\"%.1f\" height=\"%d\" fill=\"%s\"/>%n",
                LABEL, y, w, h, fill));
        if (c.error() != null) {
            svg.append(String.format(Locale.ROOT, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"black\"/>%n",
                    LABEL + scale.x(c.score() - c.error()), y + h / 2.0, LABEL + scale.x(c.score() + c.error()), y + h / 2.0));
        }
        return w;
    }

    private static String close(StringBuilder svg, int height, String colours) {
        svg.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\" fill=\"#555\">log scale; bars: mean, lines: 99.9%% "
                + "confidence interval; %s</text>%n", 8, height - 10 - 14, escape(colours)));
        return svg.append("</svg>\n").toString();
    }

    private static String label(Cell c) {
        return c.params().entrySet().stream()
                .filter(e -> !List.of("philosophers", "meals", "connections").contains(e.getKey()))
                .map(java.util.Map.Entry::getValue).collect(Collectors.joining(" "));
    }

    private static String escape(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
    }
}
