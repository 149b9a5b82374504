package org.loomlab.record;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class CellTest {

    private static Cell measured() {
        return Cell.builder("service", Map.of("executor", "virtual"), "throughput", "req/s").score(10.0).error(1.0)
                .interval(9.0, 11.0).samples(List.of(9.5, 10.5)).message("measured").wallSeconds(2).build();
    }

    @Test
    void aBuiltCellIsOkUnlessToldAndKeepsEveryFieldThroughItsBuilder() {
        Cell cell = measured().withErrors(3, "3 failed requests").withMealSpread(1.5)
                .withPinning(new Pinning(2, Map.of(), Map.of(), Map.of(), null));
        assertThat(cell.status()).isEqualTo(CellStatus.OK);
        assertThat(cell.toBuilder().build()).isEqualTo(cell);
        assertThat(cell.pinnedEvents()).isEqualTo(2L);
    }

    @Test
    void countsErrorsButKeepsTheMessageWhenNoneFailed() {
        assertThat(measured().withErrors(0, "0 failed requests").message()).isEqualTo("measured");
        assertThat(measured().withErrors(0, null).errors()).isZero();
        assertThat(measured().withErrors(4, "4 failed requests").message()).isEqualTo("4 failed requests");
    }

    @Test
    void aNewMeasurementFlattensItsForksAndKeepsTheRest() {
        Cell pooled = measured().withMeasurement(12.0, null, null, null, List.of(List.of(11.0), List.of(13.0)), null);
        assertThat(pooled.samples()).containsExactly(11.0, 13.0);
        assertThat(pooled.forks()).hasSize(2);
        assertThat(pooled.error()).isNull();
        assertThat(pooled.message()).isEqualTo("measured");
        assertThat(measured().withMeasurement(12.0, null, null, null, null, null).samples()).containsExactly(9.5, 10.5);
    }
}
