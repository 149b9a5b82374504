package org.loomlab.report;

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

    private BarChart() {
    }

    /** The chart of {@code cells} (ok cells of one unit), titled {@code title}. */
    public static String svg(String title, List<Cell> cells) {
        List<Cell> ok = cells.stream().filter(c -> c.status() == CellStatus.OK && c.score() != null && c.score() > 0).toList();
        if (ok.isEmpty()) {
            throw new IllegalArgumentException("no ok cells to chart for " + title);
        }
        double lo = Math.floor(Math.log10(ok.stream().mapToDouble(Cell::score).min().orElseThrow()));
        double hi = Math.ceil(Math.log10(ok.stream().mapToDouble(c -> c.score() + (c.error() == null ? 0 : c.error()))
                .max().orElseThrow()));
        hi = Math.max(hi, lo + 1);
        int height = 50 + ROW * ok.size() + 30;
        StringBuilder svg = new StringBuilder();
        svg.append(String.format(Locale.ROOT, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
                + "font-family=\"sans-serif\" font-size=\"11\">%n", LABEL + PLOT + 90, height));
        svg.append("<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n");
        svg.append(String.format(Locale.ROOT, "<text x=\"8\" y=\"20\" font-size=\"14\" font-weight=\"bold\">%s</text>%n", escape(title)));
        for (int decade = (int) lo; decade <= hi; decade++) {
            double x = LABEL + PLOT * (decade - lo) / (hi - lo);
            svg.append(String.format(Locale.ROOT, "<line x1=\"%.1f\" y1=\"35\" x2=\"%.1f\" y2=\"%d\" stroke=\"#ddd\"/>"
                    + "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%s</text>%n", x, x, height - 25, x, height - 10,
                    Math.pow(10, decade) >= 1 ? String.format(Locale.ROOT, "%.0f", Math.pow(10, decade)) : Double.toString(Math.pow(10, decade))));
        }
        for (int i = 0; i < ok.size(); i++) {
            Cell c = ok.get(i);
            double y = 40 + i * ROW;
            double w = PLOT * (Math.log10(c.score()) - lo) / (hi - lo);
            String fill = c.params().getOrDefault("threads", "").contains("virtual") ? "#4a7bd0" : "#d08a4a";
            svg.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%s</text>%n",
                    LABEL - 6, y + 12, escape(label(c))));
            svg.append(String.format(Locale.ROOT, "<rect x=\"%d\" y=\"%.1f\" width=\"%.1f\" height=\"%d\" fill=\"%s\"/>%n",
                    LABEL, y + 2, Math.max(w, 1), ROW - 4, fill));
            if (c.error() != null) {
                double a = PLOT * (Math.log10(Math.max(c.score() - c.error(), Math.pow(10, lo))) - lo) / (hi - lo);
                double b = PLOT * (Math.log10(c.score() + c.error()) - lo) / (hi - lo);
                svg.append(String.format(Locale.ROOT, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"black\"/>%n",
                        LABEL + a, y + ROW / 2.0, LABEL + b, y + ROW / 2.0));
            }
            svg.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%.1f\">%s</text>%n", LABEL + Math.max(w, 1) + 4,
                    y + 12, escape(fmt(c.score()) + " " + c.unit())));
        }
        svg.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\" fill=\"#555\">log scale; bars: mean, lines: 99.9%% "
                + "confidence interval; blue: virtual threads, orange: platform threads</text>%n", 8, height - 10 - 14));
        return svg.append("</svg>\n").toString();
    }

    private static String label(Cell c) {
        return c.params().entrySet().stream()
                .filter(e -> !List.of("philosophers", "meals", "connections").contains(e.getKey()))
                .map(java.util.Map.Entry::getValue).collect(Collectors.joining(" "));
    }

    private static String fmt(double v) {
        return v >= 100 ? String.format(Locale.ROOT, "%.0f", v) : v >= 10 ? String.format(Locale.ROOT, "%.1f", v)
                : String.format(Locale.ROOT, "%.2f", v);
    }

    private static String escape(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
    }
}
