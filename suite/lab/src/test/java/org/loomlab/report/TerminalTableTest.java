package org.loomlab.report;

import org.junit.jupiter.api.Test;
import org.loomlab.record.Cell;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class TerminalTableTest {

    /** The cells of a quick run of philosophers: every axis of the catalogue, four of them varying. */
    private static List<Cell> run() {
        List<Cell> cells = new ArrayList<>();
        for (String lock : List.of("reentrant", "synchronized")) {
            for (String threads : List.of("platform", "virtual")) {
                for (String workload : List.of("noop", "active-wait", "sleep", "file-read", "http-jdk")) {
                    for (String dinner : List.of("lab", "talk")) {
                        Map<String, String> params = new LinkedHashMap<>();
                        params.put("lock", lock);
                        params.put("threads", threads);
                        params.put("workload", workload);
                        params.put("dinner", dinner);
                        params.put("mealtime", "16");
                        params.put("philosophers", "10");
                        params.put("meals", "100");
                        params.put("connections", "500");
                        cells.add(Cell.builder("philosophers", params, "avgt", "ms/op").score(1234.5).error(12.0)
                                .interval(1222.5, 1246.5).samples(List.of(1234.5)).wallSeconds(3.0).rawFile("jmh/cell-01")
                                .build());
                    }
                }
            }
        }
        return cells;
    }

    @Test
    void showsOnlyTheAxesThatVaryWithScoreAndStatus() {
        String table = TerminalTable.render(run(), 120);

        String header = table.lines().findFirst().orElseThrow();
        assertThat(header).contains("| experiment ", "| lock ", "| threads ", "| workload ", "| dinner ", "| score ",
                "| ± (level) ", "| status ").doesNotContain("mealtime", "philosophers ", "meals", "connections");
        assertThat(table).contains("1,235 ms/op");
        assertThat(table.lines()).allSatisfy(line -> assertThat(line.length()).isLessThanOrEqualTo(120));
        // The full table is far wider: the reason for this one.
        assertThat(ResultsTable.render(run()).lines().mapToInt(String::length).max().orElseThrow()).isGreaterThan(120);
    }

    @Test
    void aNarrowTerminalLosesOnlyTheAxesTheRowsCanSpareFewestValuesFirst() {
        // connections moves with lock (500 beside reentrant, 499 beside synchronized): it tells no two rows apart.
        List<Cell> cells = run().stream().map(c -> {
            Map<String, String> params = new LinkedHashMap<>(c.params());
            params.put("connections", params.get("lock").equals("reentrant") ? "500" : "499");
            return c.toBuilder().params(params).build();
        }).toList();
        String wide = TerminalTable.render(cells, 200);
        assertThat(wide.lines().findFirst().orElseThrow()).contains("| connections ");

        String table = TerminalTable.render(cells, 90);
        String header = table.lines().findFirst().orElseThrow();
        assertThat(header).doesNotContain("| connections ")
                .contains("| lock ", "| threads ", "| workload ", "| dinner ", "| score ", "| status ");
    }

    @Test
    void keepsEveryAxisThatTellsRowsApartEvenWhenNothingFits() {
        String table = TerminalTable.render(run(), 20);

        // A wide table beats one whose rows read alike.
        assertThat(table.lines().findFirst().orElseThrow()).contains("| experiment ", "| lock ", "| threads ",
                "| workload ", "| dinner ", "| score ", "| status ");
        assertThat(table.lines().skip(2).distinct().count()).isEqualTo(run().size());
    }
}
