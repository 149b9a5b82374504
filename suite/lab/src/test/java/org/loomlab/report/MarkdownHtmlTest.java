package org.loomlab.report;

import org.junit.jupiter.api.Test;
import org.loomlab.text.MarkdownTable;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class MarkdownHtmlTest {

    @Test
    void aTableBodysNumberCellsAreClassedNumAndItsHeaderCellsAreNot() {
        // As the lab writes tables: a column one character wide gets a rule of one dash.
        String table = MarkdownTable.render(List.of("cell", "21", "25", "n", "note"), List.of(
                List.of("lock=reentrant", "1.047 ± 0.2", "-3.5 %", "3", "12 (3 forks) !"),
                List.of("lock=synchronized", "1,772", "n/a", "5", "B timeout")));
        String html = MarkdownHtml.html(table);

        assertThat(html).contains("<table>", "<thead>", "<tbody>", "<th>cell</th>", "<th>21</th>", "<th>25</th>", "<th>n</th>")
                .doesNotContain("<th class", "align=");
        assertThat(html).contains("<td>lock=reentrant</td>", "<td class=\"num\">1.047 ± 0.2</td>",
                "<td class=\"num\">-3.5 %</td>", "<td class=\"num\">3</td>", "<td class=\"num\">12 (3 forks) !</td>",
                "<td class=\"num\">1,772</td>", "<td class=\"num\">n/a</td>", "<td>B timeout</td>");
    }

    @Test
    void headingsGoOneLevelDownUnderThePagesTitle() {
        assertThat(MarkdownHtml.html("# History\n\n### philosophers\n\n###### deepest\n"))
                .isEqualTo("<h2>History</h2>\n<h4>philosophers</h4>\n<h6>deepest</h6>\n");
    }

    @Test
    void imagesAreLeftOutAndAParagraphOfOnlyAnImageWithThem() {
        assertThat(MarkdownHtml.html("Before.\n\n![philosophers (ms/op)](philosophers-ms-op.svg)\n\nAfter.\n"))
                .isEqualTo("<p>Before.</p>\n<p>After.</p>\n");
        assertThat(MarkdownHtml.html("See ![the chart](chart.svg) above.\n")).doesNotContain("chart.svg", "<img", "!");
    }

    @Test
    void htmlInTheTextStaysText() {
        assertThat(MarkdownHtml.html("Waits <5 ms on a List<String> & <b>bold</b>\n"))
                .isEqualTo("<p>Waits &lt;5 ms on a List&lt;String&gt; &amp; &lt;b&gt;bold&lt;/b&gt;</p>\n");
        assertThat(MarkdownHtml.html("<script>alert(1)</script>\n")).doesNotContain("<script");
        assertThat(MarkdownHtml.inline("List<String> & <i>x</i>")).isEqualTo("List&lt;String&gt; &amp; &lt;i&gt;x&lt;/i&gt;");
    }

    @Test
    void aClaimsAnswersWithTheirEvidenceNestedUnderThem() {
        assertThat(MarkdownHtml.html("**claim-1**: cheap\n- openjdk-21: no, slower\n  - pair a: 1.2\n- openjdk-25: yes\n"))
                .isEqualTo("<p><strong>claim-1</strong>: cheap</p>\n<ul>\n<li>openjdk-21: no, slower\n<ul class=\"sub\">\n"
                        + "<li>pair a: 1.2</li>\n</ul>\n</li>\n<li>openjdk-25: yes</li>\n</ul>\n");
    }

    @Test
    void aLineIsInlineHtmlWithoutAParagraphAndNeverABlock() {
        assertThat(MarkdownHtml.inline("also: [history.md](history.md) · **bold** and `a**b**c`"))
                .isEqualTo("also: <a href=\"history.md\">history.md</a> · <strong>bold</strong> and <code>a**b**c</code>");
        assertThat(MarkdownHtml.inline("# not a heading")).isEqualTo("# not a heading");
        assertThat(MarkdownHtml.inline("- not a list")).isEqualTo("- not a list");
        assertThat(MarkdownHtml.inline("")).isEmpty();
    }
}
