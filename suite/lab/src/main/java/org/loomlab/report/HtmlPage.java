package org.loomlab.report;

import java.util.Locale;

/**
 * The report as one static HTML page that opens from the file system: inline CSS, inline SVG charts, no script,
 * no font or stylesheet fetched from anywhere (the lab's machines may have no network, and a report must still
 * open in ten years). Sections are appended in reading order; {@link #colours()} keeps one colour per series
 * across all of the page's charts.
 */
public final class HtmlPage {

    private static final String STYLE = """
            body { font-family: sans-serif; font-size: 14px; margin: 24px; color: #222; max-width: 1400px; }
            h1 { font-size: 22px; } h2 { font-size: 18px; margin-top: 32px; border-bottom: 1px solid #ccc; }
            h3, h4 { font-size: 15px; margin-top: 24px; }
            table { border-collapse: collapse; margin: 8px 0 16px; font-size: 12px; }
            th, td { border: 1px solid #d5d8dc; padding: 2px 6px; text-align: left; vertical-align: top; }
            th { background: #eef0f3; } tr:nth-child(even) td { background: #f8f9fa; } td.num { text-align: right; }
            figure.chart { margin: 8px 0 16px; overflow-x: auto; } figure.chart svg { max-width: none; }
            div.multiples { display: flex; flex-wrap: wrap; gap: 6px; } div.multiples figure.chart { margin: 0; }
            code { background: #f1f1f1; padding: 0 3px; } ul.sub { margin-top: 0; } p.meta { color: #555; }
            """;

    private final StringBuilder body = new StringBuilder();
    private final SeriesColours colours = new SeriesColours();
    private final String title;
    private int charts;

    public HtmlPage(String title) {
        this.title = title;
        body.append("<h1>").append(DotChart.escape(title)).append("</h1>\n");
    }

    public SeriesColours colours() {
        return colours;
    }

    public HtmlPage heading(String text) {
        body.append("<h2>").append(MarkdownHtml.inline(text)).append("</h2>\n");
        return this;
    }

    /** Markdown the lab wrote (tables, lists, paragraphs), as HTML. */
    public HtmlPage markdown(String markdown) {
        body.append(MarkdownHtml.html(markdown));
        return this;
    }

    /** A line of links or provenance, in grey. */
    public HtmlPage meta(String markdownLine) {
        body.append("<p class=\"meta\">").append(MarkdownHtml.inline(markdownLine)).append("</p>\n");
        return this;
    }

    /** An inline SVG chart, anchored as {@code chart-N} so a link can point at it. */
    public HtmlPage chart(String name, String svg) {
        charts++;
        body.append(String.format(Locale.ROOT, "<figure class=\"chart\" id=\"chart-%d\" data-chart=\"%s\">%n%s</figure>%n",
                charts, DotChart.escape(name), svg));
        return this;
    }

    /** Small charts side by side, wrapped to the page's width (a history's cells, one chart each). */
    public HtmlPage multiples(java.util.Map<String, String> svgByName) {
        body.append("<div class=\"multiples\">\n");
        svgByName.forEach(this::chart);
        body.append("</div>\n");
        return this;
    }

    public String html() {
        return "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
                + "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
                + "<title>" + DotChart.escape(title) + "</title>\n<style>\n" + STYLE + "</style>\n</head>\n<body>\n"
                + body + "</body>\n</html>\n";
    }
}
