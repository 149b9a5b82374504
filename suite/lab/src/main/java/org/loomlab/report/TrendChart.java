package org.loomlab.report;

import org.loomlab.history.ChangePoint;
import org.loomlab.history.Series;
import org.loomlab.record.Cell;
import org.loomlab.text.Figures;

import java.util.List;
import java.util.Locale;

/**
 * A small chart of one cell's history: a slot per run of the history, the same in every chart of a page so that a
 * change seen in several cells lines up; each run's score a dot with its interval as a vertical whisker, on a log axis;
 * each side of a change point its level as a grey line, and the change point a red dashed line between the two runs
 * around it. Pitfall it guards against: a two-fork interval a hundred times wider than its score would squash every
 * other run to a line, so whiskers are cut at half and twice the score (the tooltip keeps the whole interval).
 * Elements carry class names ({@code trend}, {@code point}, {@code whisker}, {@code level}, {@code change}) for tests.
 */
public final class TrendChart {

    private static final int WIDTH = 300;
    private static final int HEIGHT = 160;
    private static final int LEFT = 46;
    private static final int RIGHT = 8;
    private static final int TOP = 46;
    private static final int BOTTOM = 22;
    private static final double CUT = 2;

    private TrendChart() {
    }

    /**
     * @param title  the cell as its experiment's charts tell it apart, e.g. {@code lock=reentrant threads=platform}
     * @param metric the metric and unit, e.g. {@code avgt (ms/op)}
     * @param runs   the history's run ids in order: the slots
     * @param colour the dots' colour
     */
    public static String svg(String title, String metric, Series series, List<String> runs, String colour) {
        Scale y = Scale.of(series.points().stream().map(Series.Point::cell).toList());
        double slot = (WIDTH - LEFT - RIGHT) / (double) Math.max(1, runs.size());
        StringBuilder svg = new StringBuilder(String.format(Locale.ROOT, "<svg xmlns=\"http://www.w3.org/2000/svg\" "
                + "class=\"trend\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" font-family=\"sans-serif\" font-size=\"10\" "
                + "role=\"img\" data-changes=\"%d\">%n", WIDTH, HEIGHT, WIDTH, HEIGHT, series.changes().size()));
        svg.append("<title>").append(DotChart.escape(title + ", " + metric)).append("</title>\n");
        // A frame in the change points' red marks the charts that have one, for a reader scanning a page of them.
        svg.append(String.format(Locale.ROOT, "<rect width=\"%d\" height=\"%d\" fill=\"white\" stroke=\"%s\"/>%n", WIDTH, HEIGHT,
                series.changes().isEmpty() ? "#d5d8dc" : "#c0392b"));
        List<String> lines = lines(title);
        for (int i = 0; i < lines.size(); i++) {
            svg.append(String.format(Locale.ROOT, "<text x=\"6\" y=\"%d\" font-weight=\"bold\">%s</text>%n", 12 + 12 * i,
                    DotChart.escape(lines.get(i))));
        }
        svg.append(String.format(Locale.ROOT, "<text x=\"6\" y=\"%d\" fill=\"#444\">%s</text>%n", 14 + 12 * lines.size(),
                DotChart.escape(metric)));
        int bottom = HEIGHT - BOTTOM;
        for (double v : new double[]{y.lo(), Math.sqrt(y.lo() * y.hi()), y.hi()}) {
            double py = y.y(v);
            svg.append(String.format(Locale.ROOT, "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"#eee\"/>"
                    + "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\" fill=\"#555\">%s</text>%n", LEFT, py, WIDTH - RIGHT, py,
                    LEFT - 3, py + 3, Figures.number(v)));
        }
        svg.append(String.format(Locale.ROOT, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#999\"/>%n", LEFT, bottom,
                WIDTH - RIGHT, bottom));
        svg.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\" fill=\"#555\">%s</text>"
                + "<text x=\"%d\" y=\"%d\" text-anchor=\"end\" fill=\"#555\">%s</text>%n", LEFT, HEIGHT - 8,
                DotChart.escape(runs.isEmpty() ? "" : runs.get(0)), WIDTH - RIGHT, HEIGHT - 8,
                DotChart.escape(runs.isEmpty() ? "" : runs.get(runs.size() - 1))));
        levels(svg, series, y, slot);
        for (ChangePoint c : series.changes()) {
            double x = LEFT + slot * (c.lastBefore() + c.firstAfter() + 1) / 2.0;
            svg.append(String.format(Locale.ROOT, "<line class=\"change\" x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" "
                    + "stroke=\"#c0392b\" stroke-width=\"1.5\" stroke-dasharray=\"4 2\"><title>%s</title></line>%n", x, TOP - 2, x,
                    bottom, DotChart.escape(String.format(Locale.ROOT, "%s to %s: x%.2f, %s", runs.get(c.lastBefore()),
                            runs.get(c.firstAfter()), c.shift().ratio(), c.attribution().text()))));
        }
        svg.append(String.format(Locale.ROOT, "<g class=\"points\" fill=\"%s\" stroke=\"%s\">%n", colour, colour));
        for (Series.Point p : series.points()) {
            Cell c = p.cell();
            double x = LEFT + slot * (p.run() + 0.5);
            String tip = runs.get(p.run()) + ": " + Figures.number(c.score()) + " " + c.unit();
            if (c.ciLow() != null && c.ciHigh() != null) {
                tip += " [" + Figures.number(c.ciLow()) + ", " + Figures.number(c.ciHigh()) + "]";
                svg.append(String.format(Locale.ROOT, "<line class=\"whisker\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"/>%n",
                        x, y.y(Math.max(c.ciLow(), c.score() / CUT)), x, y.y(Math.min(c.ciHigh(), c.score() * CUT))));
            }
            svg.append(String.format(Locale.ROOT, "<circle class=\"point\" cx=\"%.1f\" cy=\"%.1f\" r=\"2.5\"><title>%s</title>"
                    + "</circle>%n", x, y.y(c.score()), DotChart.escape(tip)));
        }
        return svg.append("</g>\n</svg>\n").toString();
    }

    /** Each side's level (the median the change rule judged it by) as a grey line over the side's runs. */
    private static void levels(StringBuilder svg, Series series, Scale y, double slot) {
        List<ChangePoint> changes = series.changes();
        List<Series.Point> points = series.points();
        for (int k = 0; k <= changes.size(); k++) {
            int from = k == 0 ? points.get(0).run() : changes.get(k - 1).firstAfter();
            int to = k == changes.size() ? points.get(points.size() - 1).run() : changes.get(k).lastBefore();
            double level = k == changes.size() ? (k == 0 ? Double.NaN : changes.get(k - 1).shift().after())
                    : changes.get(k).shift().before();
            if (!Double.isNaN(level)) {
                svg.append(String.format(Locale.ROOT, "<line class=\"level\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" "
                        + "stroke=\"#888\" stroke-width=\"2\" opacity=\"0.6\"/>%n", LEFT + slot * from, y.y(level),
                        LEFT + slot * (to + 1), y.y(level)));
            }
        }
    }

    /** The title in two lines at most, broken between words; what does not fit is cut with an ellipsis. */
    private static List<String> lines(String title) {
        int width = 50;
        if (title.length() <= width) {
            return List.of(title);
        }
        int cut = title.lastIndexOf(' ', width);
        cut = cut <= 0 ? width : cut;
        String rest = title.substring(cut).strip();
        return List.of(title.substring(0, cut), rest.length() <= width ? rest : rest.substring(0, width - 1) + "…");
    }

    /** A log scale over the scores and their whiskers as drawn, with a little room above and below. */
    private record Scale(double lo, double hi) {

        static Scale of(List<Cell> cells) {
            double lo = cells.stream().mapToDouble(c -> c.ciLow() == null ? c.score() : Math.max(c.ciLow(), c.score() / CUT))
                    .min().orElse(1);
            double hi = cells.stream().mapToDouble(c -> c.ciHigh() == null ? c.score() : Math.min(c.ciHigh(), c.score() * CUT))
                    .max().orElse(1);
            if (!(hi > lo * 1.0001)) {
                lo = lo / 1.05;
                hi = hi * 1.05;
            }
            return new Scale(lo, hi);
        }

        double y(double v) {
            double span = Math.log(hi / lo);
            return HEIGHT - BOTTOM - 4 - (HEIGHT - BOTTOM - TOP - 8) * Math.log(v / lo) / span;
        }
    }
}
