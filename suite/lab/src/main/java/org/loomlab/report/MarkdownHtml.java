package org.loomlab.report;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The Markdown the lab writes (headings, pipe tables, lists, paragraphs with bold, code and links) as HTML, so that
 * the HTML report shows the very tables and claims the Markdown report and {@code claims} or {@code diff} wrote,
 * not a second rendering of them that could drift. Only that subset: it is not a general Markdown renderer.
 * Images are left out: the page draws its charts inline.
 */
public final class MarkdownHtml {

    private static final Pattern NUMBER = Pattern.compile("[-+±]?[\\d,.]+( ± [\\d,.]+)?( ?%)?( \\(.*\\))?( !)?|n/a");
    private static final Pattern IMAGE = Pattern.compile("!\\[[^]]*]\\([^)]*\\)");

    private MarkdownHtml() {
    }

    public static String html(String markdown) {
        StringBuilder out = new StringBuilder();
        List<String> block = new ArrayList<>();
        for (String line : (markdown + "\n\n").split("\n", -1)) {
            String kind = kind(line);
            if (!block.isEmpty() && !kind(block.get(0)).equals(kind)) {
                flush(out, block);
            }
            if (!kind.equals("blank")) {
                block.add(line);
            }
        }
        return out.toString();
    }

    private static String kind(String line) {
        String s = line.strip();
        if (s.isEmpty() || IMAGE.matcher(s).matches()) {
            return "blank";
        }
        return s.startsWith("#") ? "heading" + line : s.startsWith("|") ? "table" : line.startsWith("- ") ? "list"
                : line.startsWith("  - ") ? "sublist" : "paragraph";
    }

    private static void flush(StringBuilder out, List<String> block) {
        String first = block.get(0).strip();
        switch (kind(block.get(0))) {
            case "table" -> table(out, block);
            case "list", "sublist" -> {
                out.append(first.startsWith("- ") && block.get(0).startsWith("  ") ? "<ul class=\"sub\">\n" : "<ul>\n");
                block.forEach(l -> out.append("<li>").append(inline(l.strip().substring(2))).append("</li>\n"));
                out.append("</ul>\n");
            }
            case String k when k.startsWith("heading") -> {
                int level = Math.min(6, (int) first.chars().takeWhile(ch -> ch == '#').count() + 1);
                out.append("<h").append(level).append('>').append(inline(first.replaceFirst("^#+\\s*", "")))
                        .append("</h").append(level).append(">\n");
            }
            default -> out.append("<p>").append(inline(String.join("\n", block))).append("</p>\n");
        }
        block.clear();
    }

    /** A pipe table: header row, rule, rows; numbers right-aligned. */
    private static void table(StringBuilder out, List<String> rows) {
        out.append("<table>\n");
        for (int i = 0; i < rows.size(); i++) {
            List<String> cells = cells(rows.get(i));
            if (i == 1 && cells.stream().allMatch(c -> c.matches(":?-+:?"))) {
                continue;
            }
            String tag = i == 0 ? "th" : "td";
            out.append(i == 0 ? "<thead><tr>" : "<tr>");
            for (String c : cells) {
                out.append('<').append(tag).append(i > 0 && NUMBER.matcher(c).matches() ? " class=\"num\">" : ">")
                        .append(inline(c)).append("</").append(tag).append('>');
            }
            out.append(i == 0 ? "</tr></thead>\n" : "</tr>\n");
        }
        out.append("</table>\n");
    }

    private static List<String> cells(String row) {
        String s = row.strip();
        s = s.substring(1, s.endsWith("|") && s.length() > 1 ? s.length() - 1 : s.length());
        return Arrays.stream(s.split("\\|", -1)).map(String::strip).toList();
    }

    /** Escapes, then bold, code and links. */
    static String inline(String text) {
        return DotChart.escape(text)
                .replaceAll("\\*\\*([^*]+)\\*\\*", "<strong>$1</strong>")
                .replaceAll("`([^`]+)`", "<code>$1</code>")
                .replaceAll("\\[([^]]+)]\\(([^)\\s]+)\\)", "<a href=\"$2\">$1</a>");
    }
}
