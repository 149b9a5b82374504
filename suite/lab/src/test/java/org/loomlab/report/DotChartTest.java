package org.loomlab.report;

import org.junit.jupiter.api.Test;
import org.loomlab.record.Cell;
import org.loomlab.record.CellStatus;
import org.loomlab.record.Precision;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

class DotChartTest {

    private static Cell cell(String threads, String workload, Double score, double low, double high, boolean budgetSpent,
                             CellStatus status) {
        Precision p = new Precision(0.95, 0.05, (high - low) / 2 / (score == null ? 1 : score), 8, 2, 1, 40, budgetSpent,
                0.1, "t over log fork means");
        // Ordered as a record's params are (Map.of would order them differently from one JVM to the next).
        Map<String, String> params = new LinkedHashMap<>();
        params.put("lock", "reentrant");
        params.put("threads", threads);
        params.put("workload", workload);
        params.put("philosophers", "1000");
        Cell.Builder cell = Cell.builder("philosophers", params, "avgt", "ms/op").samples(List.of()).score(score).status(status).wallSeconds(1);
        return status == CellStatus.OK ? cell.interval(low, high).precision(p).build() : cell.message("why").build();
    }

    private static int count(String svg, String regex) {
        return (int) Pattern.compile(regex).matcher(svg).results().count();
    }

    @Test
    void drawsADotAndWhiskerPerOkCellAndTheStatusOfTheOthers() {
        String svg = DotChart.ofCells("philosophers (ms/op)", List.of(
                cell("virtual", "noop", 2.1, 2.0, 2.2, false, CellStatus.OK),
                cell("platform", "noop", 72_000.0, 70_000, 74_000, false, CellStatus.OK),
                cell("platform", "sleep", null, 0, 0, false, CellStatus.TIMEOUT)), new SeriesColours());
        assertThat(count(svg, "<g class=\"series\"")).isEqualTo(2);
        assertThat(svg).contains("data-series=\"threads=virtual\" fill=\"#1f6fd1\"", "data-series=\"threads=platform\" fill=\"#e07b00\"");
        assertThat(count(svg, "<circle class=\"point\"")).isEqualTo(2);
        assertThat(count(svg, "<line class=\"whisker\"")).isEqualTo(2);
        assertThat(svg).contains("data-status=\"timeout\"", ">timeout<");
        // full axis names in the rows, the shared axes once, the unit on the axis
        assertThat(svg).contains(">threads=virtual workload=noop<", "every cell: ", "lock=reentrant", "philosophers=1000",
                "ms/op (log scale)", ">1<", ">100,000<");
        assertThat(svg).doesNotContain("flagged");
    }

    @Test
    void marksACellWhoseBudgetRanOutOrWhoseIntervalIsWiderThanItsScore() {
        String svg = DotChart.ofCells("x", List.of(
                cell("virtual", "noop", 10.0, 9, 11, true, CellStatus.OK),
                cell("virtual", "sleep", 10.0, 1, 40, false, CellStatus.OK),
                cell("virtual", "file-read", 10.0, 9, 11, false, CellStatus.OK)), new SeriesColours());
        assertThat(count(svg, "<circle class=\"point flagged\"")).isEqualTo(2);
        assertThat(count(svg, "<text class=\"flag\"")).isEqualTo(2);
        assertThat(count(svg, "<circle class=\"point\"")).isEqualTo(1);
    }

    @Test
    void givesASeriesOneColourAcrossCharts() {
        SeriesColours colours = new SeriesColours();
        String jdk21 = colours.of("openjdk-21");
        assertThat(colours.of("openjdk-25")).isNotEqualTo(jdk21).isNotIn("#1f6fd1", "#e07b00");
        assertThat(colours.of("openjdk-21")).isEqualTo(jdk21);
        assertThat(colours.of("threads=virtual")).isEqualTo("#1f6fd1");
    }
}
