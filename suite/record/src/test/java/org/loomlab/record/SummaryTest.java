package org.loomlab.record;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class SummaryTest {

    @Test
    void meanAndStudentTIntervalAtJmhsConfidence() {
        // n = 4, mean 10, sd = sqrt(20/3); t(0.9995, 3) = 12.924
        Cell c = Summary.cell("x", Map.of(), "m", "ms", List.of(7.0, 9.0, 11.0, 13.0), null, null, null, 1, null);
        assertThat(c.score()).isEqualTo(10.0);
        assertThat(c.error()).isCloseTo(12.924 * Math.sqrt(20.0 / 3) / 2, within(0.01));
        assertThat(c.ciLow()).isCloseTo(10 - c.error(), within(1e-9));
        assertThat(c.status()).isEqualTo(CellStatus.OK);
    }

    @Test
    void oneSampleHasNoErrorBar() {
        Cell c = Summary.cell("x", Map.of(), "m", "ms", List.of(5.0), null, null, null, 1, null);
        assertThat(c.score()).isEqualTo(5.0);
        assertThat(c.error()).isNull();
    }
}
