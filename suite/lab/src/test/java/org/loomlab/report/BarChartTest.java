package org.loomlab.report;

import org.junit.jupiter.api.Test;
import org.loomlab.record.Cell;
import org.loomlab.record.CellStatus;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class BarChartTest {

    private static Cell cell(String threads, double score, CellStatus status) {
        return Cell.builder("philosophers", Map.of("threads", threads), "avgt", "ms/op")
                .score(status == CellStatus.OK ? score : null).error(status == CellStatus.OK ? score / 10 : null)
                .status(status).message(status == CellStatus.OK ? null : "why").wallSeconds(1).build();
    }

    @Test
    void drawsOneBarPerOkCellWithItsErrorLineOnALogScale() {
        String svg = BarChart.svg("philosophers <ms/op>", List.of(cell("virtual", 2.1, CellStatus.OK),
                cell("platform", 72_000, CellStatus.OK), cell("platform", 0, CellStatus.TIMEOUT)),
                c -> c.params().get("threads").equals("virtual"));
        assertThat(svg).startsWith("<svg").endsWith("</svg>\n").contains("philosophers &lt;ms/op&gt;");
        assertThat(svg.split("<rect x=", -1)).hasSize(3);
        assertThat(svg).contains(">1<", ">100000<", "2.10 ms/op", "72,000 ms/op", "#4a7bd0", "#d08a4a");
    }

    @Test
    void refusesAChartWithoutOkCells() {
        assertThatThrownBy(() -> BarChart.svg("x", List.of(cell("virtual", 0, CellStatus.FAILED)), c -> true))
                .hasMessageContaining("no ok cells");
    }
}
