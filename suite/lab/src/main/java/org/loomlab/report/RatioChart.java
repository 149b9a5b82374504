package org.loomlab.report;

import org.loomlab.compare.RunDiff;
import org.loomlab.compare.Verdict;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The relative view's chart of one experiment, JDK B against baseline A: a row per compared cell and metric, a bar
 * from 1 (0 %) to B/A and a whisker over its interval, on a log axis symmetric about 1 (so -50 % and +100 % sit as
 * far from the centre, as halving and doubling are), coloured by the row's verdict as {@code diff} gave it. A bar
 * that only says "B is higher" reads the wrong way for a rate, so the colour says better or worse, not the side.
 * Inconclusive rows are hollow: a direction without evidence. Bars carry class {@code bar} and
 * {@code data-verdict}, grouped in a {@code series} per verdict, so a browser test can count them.
 */
final class RatioChart {

    private static final int FONT = 12;
    private static final int PLOT = 560;
    private static final int ROW = 18;
    private static final int TOP = 66;
    private static final int BOTTOM = 48;
    /**
     * The half-range's candidates, as B/A at the right edge; an interval end beyond the last runs to the edge (a
     * one-fork cell's open interval would otherwise squeeze every bar into the centre).
     */
    private static final double[] EDGES = {1.05, 1.1, 1.25, 1.5, 2, 3, 5, 10};

    /** A verdict's colour: better green, worse red, same grey, inconclusive a neutral outline. */
    static final Map<Verdict, String> COLOURS = colours();

    private RatioChart() {
    }

    private static Map<Verdict, String> colours() {
        Map<Verdict, String> c = new LinkedHashMap<>();
        c.put(Verdict.FASTER, "#2e9e49");
        c.put(Verdict.LESS, "#2e9e49");
        c.put(Verdict.SLOWER, "#c0392b");
        c.put(Verdict.MORE, "#c0392b");
        c.put(Verdict.SAME, "#8a8f96");
        c.put(Verdict.INCONCLUSIVE, "#5b6470");
        return c;
    }

    /** A row to draw: its label and the diff's row (with a ratio). */
    record Bar(String label, RunDiff.Row row) {
    }

    static String svg(String title, String subtitle, List<Bar> bars) {
        int label = (int) Math.min(560, Math.max(180, 6.6 * bars.stream().mapToInt(b -> b.label().length()).max().orElse(0) + 16));
        int width = label + PLOT + 40;
        int height = TOP + ROW * bars.size() + BOTTOM;
        double edge = edge(bars);
        StringBuilder svg = new StringBuilder();
        svg.append(String.format(Locale.ROOT, "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"ratio-chart\" width=\"%d\" "
                        + "height=\"%d\" viewBox=\"0 0 %d %d\" font-family=\"sans-serif\" font-size=\"%d\" role=\"img\">%n",
                width, height, width, height, FONT));
        svg.append("<title>").append(DotChart.escape(title)).append("</title>\n");
        svg.append(String.format(Locale.ROOT, "<text x=\"8\" y=\"18\" font-size=\"15\" font-weight=\"bold\">%s</text>%n",
                DotChart.escape(title)));
        svg.append(String.format(Locale.ROOT, "<text x=\"8\" y=\"36\" fill=\"#444\">%s</text>%n", DotChart.escape(subtitle)));
        legend(svg);
        DotChart.rowLabels(svg, bars.stream().map(Bar::label).toList(), TOP, ROW, width, label);
        axis(svg, edge, label, TOP + ROW * bars.size());
        // One group per verdict, in the legend's order, so a colour means one verdict everywhere on the page.
        for (Map.Entry<Verdict, String> v : COLOURS.entrySet()) {
            boolean any = false;
            for (int i = 0; i < bars.size(); i++) {
                RunDiff.Row r = bars.get(i).row();
                if (r.verdict() != v.getKey()) {
                    continue;
                }
                if (!any) {
                    svg.append(String.format(Locale.ROOT, "<g class=\"series\" data-series=\"%s\" fill=\"%s\" stroke=\"%s\">%n",
                            v.getKey().label(), v.getValue(), v.getValue()));
                    any = true;
                }
                bar(svg, edge, label, TOP + i * ROW + ROW / 2.0, bars.get(i));
            }
            if (any) {
                svg.append("</g>\n");
            }
        }
        return svg.append("</svg>\n").toString();
    }

    private static void legend(StringBuilder svg) {
        String[][] items = {{"faster or less", COLOURS.get(Verdict.FASTER), "1"}, {"slower or more", COLOURS.get(Verdict.SLOWER), "1"},
                {"same", COLOURS.get(Verdict.SAME), "1"}, {"inconclusive", COLOURS.get(Verdict.INCONCLUSIVE), "0"}};
        double x = 8;
        for (String[] item : items) {
            svg.append(String.format(Locale.ROOT, "<g class=\"legend-item\"><rect x=\"%.1f\" y=\"44\" width=\"14\" height=\"10\" "
                            + "fill=\"%s\" stroke=\"%s\"/><text x=\"%.1f\" y=\"53\">%s</text></g>%n", x, item[2].equals("1")
                            ? item[1] : "white", item[1], x + 18, item[0]));
            x += 18 + 6.6 * item[0].length() + 18;
        }
        svg.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"53\" fill=\"#444\">bar: B/A from 0 %%, whisker: its "
                + "interval</text>%n", x + 8));
    }

    /** The smallest candidate half-range holding every ratio and interval end (ends past the last run to the edge). */
    private static double edge(List<Bar> bars) {
        double far = 1;
        for (Bar b : bars) {
            RunDiff.Row r = b.row();
            for (double v : new double[]{r.ratio(), r.ciLow(), r.ciHigh()}) {
                if (v > 0 && Double.isFinite(v)) {
                    far = Math.max(far, Math.max(v, 1 / v));
                }
            }
        }
        for (double e : EDGES) {
            if (far <= e) {
                return e;
            }
        }
        return EDGES[EDGES.length - 1];
    }

    /** Where B/A sits: 1 in the middle, {@code edge} and {@code 1/edge} at the ends, clamped to them. */
    private static double x(double ratio, double edge) {
        double v = ratio > 0 ? ratio : 1 / edge;
        double l = Math.max(-1, Math.min(1, Math.log(v) / Math.log(edge)));
        return PLOT / 2.0 * (1 + l);
    }

    /** Ticks as changes: the edge and a few steps between it and 1, both ways, and 0 % bold. */
    private static void axis(StringBuilder svg, double edge, int label, int bottom) {
        for (double t : EDGES) {
            if (t > edge) {
                break;
            }
            if (edge / t > 1.0001 && t * t * t < edge) {
                continue; // too close to the centre to read
            }
            for (double v : new double[]{t, 1 / t}) {
                double x = label + x(v, edge);
                svg.append(String.format(Locale.ROOT, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"#e2e2e2\"/>"
                        + "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%s</text>%n", x, TOP - 4, x, bottom + 4, x,
                        bottom + 18, percent(v)));
            }
        }
        double centre = label + x(1, edge);
        svg.append(String.format(Locale.ROOT, "<line class=\"centre\" x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"#555\"/>"
                + "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\" font-weight=\"bold\">0 %%</text>%n", centre, TOP - 4, centre,
                bottom + 4, centre, bottom + 18));
        svg.append(String.format(Locale.ROOT, "<text class=\"axis-title\" x=\"%.1f\" y=\"%d\" text-anchor=\"middle\" "
                + "font-weight=\"bold\">B against A (B/A on a log scale, centred at 0 %%)</text>%n", centre, bottom + 38));
    }

    private static void bar(StringBuilder svg, double edge, int label, double y, Bar b) {
        RunDiff.Row r = b.row();
        boolean hollow = r.verdict() == Verdict.INCONCLUSIVE;
        double centre = label + x(1, edge);
        double end = label + x(r.ratio(), edge);
        String tip = b.label() + ": " + RelativePage.delta(r) + ", " + r.verdict().label()
                + (r.note().isEmpty() ? "" : " (" + r.note() + ")");
        // At least a pixel wide, so a row at exactly 0 % still shows that it was drawn.
        svg.append(String.format(Locale.ROOT, "<rect class=\"bar\" data-verdict=\"%s\" x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" "
                        + "height=\"10\"%s><title>%s</title></rect>%n", r.verdict().label(), Math.min(centre, end), y - 5,
                Math.max(1, Math.abs(end - centre)), hollow ? " fill=\"white\" stroke-width=\"1.5\"" : " fill-opacity=\"0.75\"",
                DotChart.escape(tip)));
        if (r.ciLow() != null && r.ciHigh() != null) {
            double lo = label + x(r.ciLow(), edge);
            double hi = label + x(Double.isFinite(r.ciHigh()) ? r.ciHigh() : edge, edge);
            svg.append(String.format(Locale.ROOT, "<line class=\"whisker\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" "
                    + "stroke-width=\"1.5\"/><line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"/>"
                    + "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"/>%n", lo, y, hi, y, lo, y - 4, lo, y + 4, hi, y - 4, hi, y + 4));
        }
    }

    /** B/A as a change: {@code +25 %}, {@code -20 %}. */
    static String percent(double ratio) {
        double p = (ratio - 1) * 100;
        return (p > 0 ? "+" : p < 0 ? "\u2212" : "") + trim(Math.abs(p)) + " %";
    }

    private static String trim(double v) {
        return v >= 10 ? String.format(Locale.ROOT, "%.0f", v) : String.format(Locale.ROOT, "%.1f", v).replaceAll("\\.0$", "");
    }
}
