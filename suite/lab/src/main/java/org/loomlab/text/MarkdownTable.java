package org.loomlab.text;


import java.util.ArrayList;
import java.util.List;

/**
 * The lab's one Markdown table writer: a header row, a rule and the rows, every column padded to its widest field so
 * the same text reads as well in a terminal as rendered (README, the HTML report through MarkdownHtml).
 */
public final class MarkdownTable {

    private MarkdownTable() {
    }

    /** The table of {@code rows}, each as long as {@code header}. */
    public static String render(List<String> header, List<List<String>> rows) {
        int[] widths = new int[header.size()];
        for (int i = 0; i < widths.length; i++) {
            widths[i] = header.get(i).length();
            for (List<String> row : rows) {
                widths[i] = Math.max(widths[i], row.get(i).length());
            }
        }
        StringBuilder sb = new StringBuilder();
        line(sb, header, widths);
        List<String> rule = new ArrayList<>();
        for (int w : widths) {
            rule.add("-".repeat(w));
        }
        line(sb, rule, widths);
        rows.forEach(r -> line(sb, r, widths));
        return sb.toString();
    }

    private static void line(StringBuilder sb, List<String> cells, int[] widths) {
        sb.append('|');
        for (int i = 0; i < cells.size(); i++) {
            sb.append(' ').append(cells.get(i)).append(" ".repeat(widths[i] - cells.get(i).length())).append(" |");
        }
        sb.append('\n');
    }
}
