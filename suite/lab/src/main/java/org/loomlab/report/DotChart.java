package org.loomlab.report;

import org.loomlab.text.Figures;

import org.loomlab.record.Cell;
import org.loomlab.record.CellKey;
import org.loomlab.record.CellStatus;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.DoubleStream;
import java.util.stream.Stream;

/**
 * The HTML report's chart of one experiment and unit: each cell a dot at its score with its interval as a whisker,
 * on a log axis (the philosophers span 2 ms to 70 s), a slot per series when a row has several (one per JDK).
 * Pitfalls it guards against: a failed or timed-out cell shows its status where its dot would be instead of
 * leaving a gap that reads as "not measured"; a cell whose interval is in doubt (its budget ran out before the
 * target, or the interval is wider than the score) is drawn hollow with a {@code !}, not like a precise one.
 * Elements carry class names and data attributes ({@code series}, {@code point}, {@code whisker}, {@code status},
 * {@code flag}) so that a browser test can count what was drawn.
 */
public final class DotChart {

    private static final int FONT = 12;
    private static final int PLOT = 520;
    private static final int SLOT = 13;
    private static final int TOP = 84;
    private static final int BOTTOM = 48;

    private DotChart() {
    }

    /**
     * @param title    e.g. {@code philosophers (ms/op)}
     * @param unit     the axis' unit
     * @param fixed    the axes every cell shares, e.g. {@code philosophers=1000 meals=10000}, said once under the title
     * @param series   the series' names; a row's cells are in this order, null where a series has none
     * @param rows     a row per cell (or per cell key across series), labelled with its full axis names
     */
    public static String svg(String title, String unit, String fixed, List<String> series, List<BarChart.Row> rows,
                             SeriesColours colours) {
        boolean slots = rows.stream().anyMatch(r -> r.cells().stream().filter(c -> c != null).count() > 1);
        int rowHeight = (slots ? series.size() : 1) * SLOT + 6;
        int label = (int) Math.min(560, Math.max(180, 6.6 * rows.stream().mapToInt(r -> r.label().length()).max().orElse(0) + 16));
        int width = label + PLOT + 40;
        int height = TOP + rowHeight * rows.size() + BOTTOM;
        Scale scale = Scale.of(rows.stream().flatMap(r -> r.cells().stream()).filter(DotChart::onAxis).toList());
        StringBuilder svg = new StringBuilder();
        svg.append(String.format(Locale.ROOT, "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"dot-chart\" width=\"%d\" "
                        + "height=\"%d\" viewBox=\"0 0 %d %d\" font-family=\"sans-serif\" font-size=\"%d\" role=\"img\">%n",
                width, height, width, height, FONT));
        svg.append("<title>").append(escape(title)).append("</title>\n");
        svg.append(String.format(Locale.ROOT, "<text x=\"8\" y=\"18\" font-size=\"15\" font-weight=\"bold\">%s</text>%n", escape(title)));
        if (!fixed.isEmpty()) {
            svg.append(String.format(Locale.ROOT, "<text x=\"8\" y=\"36\" fill=\"#444\">every cell: %s</text>%n", escape(fixed)));
        }
        legend(svg, series, colours);
        rowLabels(svg, rows.stream().map(BarChart.Row::label).toList(), TOP, rowHeight, width, label);
        axis(svg, scale, label, TOP + rowHeight * rows.size(), unit);
        for (int s = 0; s < series.size(); s++) {
            String colour = colours.of(series.get(s));
            svg.append(String.format(Locale.ROOT, "<g class=\"series\" data-series=\"%s\" fill=\"%s\" stroke=\"%s\">%n",
                    escape(series.get(s)), colour, colour));
            for (int i = 0; i < rows.size(); i++) {
                Cell c = rows.get(i).cells().get(s);
                if (c != null) {
                    double y = TOP + i * rowHeight + 3 + (slots ? s : 0) * SLOT + SLOT / 2.0;
                    cell(svg, scale, label, y, c, rows.get(i).label()
                            + (rows.get(i).label().contains(series.get(s)) ? "" : ", " + series.get(s)));
                }
            }
            svg.append("</g>\n");
        }
        return svg.append("</svg>\n").toString();
    }

    /** The legend: a dot per series in its colour, and under it how to read a dot, a whisker and a mark. */
    private static void legend(StringBuilder svg, List<String> series, SeriesColours colours) {
        double x = 8;
        for (String s : series) {
            svg.append(String.format(Locale.ROOT, "<g class=\"legend-item\"><circle cx=\"%.1f\" cy=\"50\" r=\"5\" fill=\"%s\"/>"
                    + "<text x=\"%.1f\" y=\"54\">%s</text></g>%n", x + 5, colours.of(s), x + 14, escape(s)));
            x += 14 + 6.6 * s.length() + 18;
        }
        svg.append("<text x=\"8\" y=\"72\" fill=\"#444\">dot: score, whisker: its interval; hollow with !: budget spent "
                + "before the target, or interval wider than the score</text>\n");
    }

    /** Decade lines and labels, minor 2 and 5 ticks when the axis spans two decades or less, and the unit. */
    private static void axis(StringBuilder svg, Scale scale, int label, int bottom, String unit) {
        boolean minor = scale.hi() - scale.lo() <= 2;
        for (int decade = scale.lo(); decade <= scale.hi(); decade++) {
            for (int m : minor && decade < scale.hi() ? new int[]{1, 2, 5} : new int[]{1}) {
                BigDecimal v = BigDecimal.valueOf(m).scaleByPowerOfTen(decade);
                double x = label + scale.x(v.doubleValue());
                svg.append(String.format(Locale.ROOT, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"%s\"/>"
                                + "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%s</text>%n", x, TOP - 4, x, bottom + 4,
                        m == 1 ? "#bbb" : "#e2e2e2", x, bottom + 18, tick(v)));
            }
        }
        svg.append(String.format(Locale.ROOT, "<text class=\"axis-title\" x=\"%.1f\" y=\"%d\" text-anchor=\"middle\" "
                + "font-weight=\"bold\">%s (log scale)</text>%n", label + PLOT / 2.0, bottom + 38, escape(unit)));
    }

    /** A cell's dot and whisker, or its status where the dot would be. */
    private static void cell(StringBuilder svg, Scale scale, int label, double y, Cell c, String name) {
        if (c.status() != CellStatus.OK || !onAxis(c)) {
            String status = c.status() != CellStatus.OK ? c.status().label() : "= " + Figures.number(c.score());
            svg.append(String.format(Locale.ROOT, "<text class=\"status\" data-status=\"%s\" x=\"%d\" y=\"%.1f\" stroke=\"none\" "
                            + "font-style=\"italic\">%s<title>%s</title></text>%n", c.status().label(), label + 4, y + 4,
                    escape(status), escape(name + ": " + status + (c.message() == null ? "" : ", " + c.message()))));
            return;
        }
        double[] interval = interval(c);
        boolean doubtful = doubtful(c);
        double x = label + scale.x(c.score());
        String tip = name + ": " + Figures.number(c.score()) + " " + c.unit()
                + (interval == null ? "" : " [" + Figures.number(interval[0]) + ", " + Figures.number(interval[1]) + "]")
                + (doubtful ? ", in doubt: " + ResultsTable.precision(c) : "");
        if (interval != null) {
            svg.append(String.format(Locale.ROOT, "<line class=\"whisker\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" "
                    + "stroke-width=\"1.5\"/>%n", label + scale.x(interval[0]), y, label + scale.x(interval[1]), y));
        }
        svg.append(String.format(Locale.ROOT, "<circle class=\"point%s\" cx=\"%.1f\" cy=\"%.1f\" r=\"4\" data-score=\"%s\"%s>"
                        + "<title>%s</title></circle>%n", doubtful ? " flagged" : "", x, y, c.score(),
                doubtful ? " fill=\"white\" stroke-width=\"1.5\"" : "", escape(tip)));
        if (doubtful) {
            svg.append(String.format(Locale.ROOT, "<text class=\"flag\" x=\"%.1f\" y=\"%.1f\" stroke=\"none\" "
                    + "font-weight=\"bold\">!</text>%n", x + 6, y - 2));
        }
    }

    /** An ok cell with a positive score: a log axis has no place for zeros (error counts are mostly 0). */
    private static boolean onAxis(Cell c) {
        return c != null && c.status() == CellStatus.OK && c.score() != null && c.score() > 0;
    }

    /** The cell's interval as recorded, else score ± error; null without one. */
    private static double[] interval(Cell c) {
        if (c.ciLow() != null && c.ciHigh() != null && !c.ciLow().isNaN() && !c.ciHigh().isNaN()) {
            return new double[]{c.ciLow(), c.ciHigh()};
        }
        return c.error() == null || c.error().isNaN() ? null : new double[]{c.score() - c.error(), c.score() + c.error()};
    }

    /** Budget spent before the target, or an interval wider than the score ("not a result"). */
    static boolean doubtful(Cell c) {
        double[] interval = c.score() == null ? null : interval(c);
        return c.precision() != null && c.precision().budgetExhausted()
                || interval != null && interval[1] - interval[0] > c.score();
    }

    /**
     * A log scale over the scores and interval ends, whole decades at both ends; an interval end more than two
     * decades from its score does not stretch the axis (its whisker runs to the edge).
     */
    private record Scale(int lo, int hi) {

        static Scale of(List<Cell> cells) {
            if (cells.isEmpty()) {
                return new Scale(0, 1);
            }
            double min = cells.stream().flatMapToDouble(c -> {
                double[] i = interval(c);
                return i == null ? DoubleStream.of(c.score()) : DoubleStream.of(c.score(), Math.max(i[0], c.score() / 100));
            }).min().orElseThrow();
            double max = cells.stream().flatMapToDouble(c -> {
                double[] i = interval(c);
                return i == null ? DoubleStream.of(c.score()) : DoubleStream.of(c.score(), Math.min(i[1], c.score() * 100));
            }).max().orElseThrow();
            int lo = (int) Math.floor(Math.log10(min));
            return new Scale(lo, Math.max((int) Math.ceil(Math.log10(max)), lo + 1));
        }

        double x(double v) {
            double clamped = Math.min(Math.max(v, Math.pow(10, lo)), Math.pow(10, hi));
            return PLOT * (Math.log10(clamped) - lo) / (hi - lo);
        }
    }

    private static String tick(BigDecimal v) {
        return v.compareTo(BigDecimal.ONE) >= 0 ? String.format(Locale.ROOT, "%,d", v.toBigInteger())
                : v.stripTrailingZeros().toPlainString();
    }

    /** A label a row, right-aligned before the plot at {@code plotX}, every other row on a grey band so rows read across. */
    static void rowLabels(StringBuilder svg, List<String> labels, int top, int rowHeight, int width, int plotX) {
        for (int i = 0; i < labels.size(); i++) {
            double y = top + i * rowHeight;
            if (i % 2 == 0) {
                svg.append(String.format(Locale.ROOT, "<rect x=\"0\" y=\"%.1f\" width=\"%d\" height=\"%d\" fill=\"#f4f5f7\"/>%n",
                        y, width, rowHeight));
            }
            svg.append(String.format(Locale.ROOT, "<text class=\"row-label\" x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%s</text>%n",
                    plotX - 8, y + rowHeight / 2.0 + 4, escape(labels.get(i))));
        }
    }

    /** Text and attribute values: the five characters XML reserves. */
    static String escape(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;").replace("'", "&#39;");
    }

    /**
     * One run's cells of one experiment and unit: a row per cell, labelled with the axes that vary (and the metric
     * when there are several), coloured by its {@code threads} axis, else its {@code executor}, else all alike.
     */
    public static String ofCells(String title, List<Cell> cells, SeriesColours colours) {
        List<String> axes = CellKey.varying(cells.stream().map(Cell::params).toList());
        boolean metrics = cells.stream().map(Cell::metric).distinct().count() > 1;
        String by = Stream.of("threads", "executor").filter(a -> cells.stream().allMatch(c -> c.params().containsKey(a)))
                .findFirst().orElse(null);
        List<String> series = by == null ? List.of(cells.get(0).experiment())
                : cells.stream().map(c -> by + "=" + c.params().get(by)).distinct().toList();
        List<BarChart.Row> rows = new ArrayList<>();
        for (Cell c : cells) {
            List<Cell> slots = new ArrayList<>(Collections.nCopies(series.size(), (Cell) null));
            slots.set(by == null ? 0 : series.indexOf(by + "=" + c.params().get(by)), c);
            rows.add(new BarChart.Row(label(c.params(), axes, metrics ? c.metric() : null), slots));
        }
        return svg(title, cells.get(0).unit(), fixed(cells.get(0).params(), axes), series, rows, colours);
    }

    /** A row's label: its varying axes as {@code axis=value} words, then its metric when the chart has several. */
    static String label(Map<String, String> params, List<String> axes, String metric) {
        List<String> words = new ArrayList<>();
        axes.stream().filter(params::containsKey).forEach(a -> words.add(a + "=" + params.get(a)));
        if (metric != null) {
            words.add("metric=" + metric);
        }
        return String.join(" ", words);
    }

    /** The axes every row shares, said once under the title. */
    static String fixed(Map<String, String> params, List<String> varying) {
        return params.entrySet().stream().filter(e -> !varying.contains(e.getKey()))
                .map(e -> e.getKey() + "=" + e.getValue()).collect(Collectors.joining(" "));
    }
}
