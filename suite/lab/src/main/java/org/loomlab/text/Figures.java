package org.loomlab.text;

import org.loomlab.record.Cell;

import java.math.BigDecimal;
import java.math.MathContext;
import java.time.Duration;
import java.util.Locale;

/**
 * How the lab writes a number for a reader: the one format of scores in terminal tables, progress lines, Markdown
 * and charts, so a value reads the same wherever it appears. Pitfall it guards against: three formats that disagreed
 * on the same score (1234.5, 1,235 and 1235 in one result set).
 */
public final class Figures {

    private Figures() {
    }

    /**
     * Three significant digits, thousands grouped, never scientific notation: {@code 1,500}, {@code 112},
     * {@code 87.3}, {@code 3.50}, {@code 0.0123}; {@code n/a} for none.
     */
    public static String number(Double v) {
        if (v == null || !Double.isFinite(v)) {
            return "n/a";
        }
        double a = Math.abs(v);
        if (a >= 100 || a == 0) {
            return String.format(Locale.ROOT, "%,.0f", v);
        }
        int decimals = Math.min(6, 2 - (int) Math.floor(Math.log10(a)));
        return String.format(Locale.ROOT, "%." + decimals + "f", v);
    }

    /** A fraction as a percentage, e.g. {@code 95 %} or {@code 99.9 %}. */
    public static String percent(double fraction) {
        return plain(fraction * 100) + " %";
    }

    /** A duration as progress lines and summaries show it: {@code 1h02m}, {@code 4m39s} or {@code 7s}. */
    public static String clock(Duration d) {
        return d.toHours() > 0 ? String.format(Locale.ROOT, "%dh%02dm", d.toHours(), d.toMinutesPart())
                : d.toMinutes() > 0 ? String.format(Locale.ROOT, "%dm%02ds", d.toMinutes(), d.toSecondsPart())
                : String.format(Locale.ROOT, "%ds", d.toSeconds());
    }

    /** A number to four significant digits without trailing zeros: 1 - 0.95 is 0.05, not 0.050000000000000044. */
    public static String plain(double value) {
        return new BigDecimal(value).round(new MathContext(4)).stripTrailingZeros().toPlainString();
    }

    /**
     * A cell's ± as tables and progress lines show it: its interval at its level, {@code !} when short of its target;
     * a cell measured without forks, JMH's iteration error; blank without a score.
     */
    public static String precision(Cell c) {
        if (c.precision() != null) {
            var p = c.precision();
            String level = Figures.percent(p.confidence());
            String flag = p.shortOfTarget() ? " !" : "";
            return p.relativeHalfWidth() == null ? "±? (" + level + ")" + flag
                    : String.format(Locale.ROOT, "±%.1f %% (%s)%s", 100 * p.relativeHalfWidth(), level, flag);
        }
        return c.score() == null || Double.isNaN(c.relativeError()) ? ""
                : String.format(Locale.ROOT, "±%.1f %% (99.9 %%, iterations)", 100 * c.relativeError());
    }
}
