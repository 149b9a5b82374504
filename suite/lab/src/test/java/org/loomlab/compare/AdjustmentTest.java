package org.loomlab.compare;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class AdjustmentTest {

    private static final double[] P = {0.01, 0.04, 0.03, 0.005};

    @Test
    void holmMultipliesTheKthSmallestByMMinusKPlusOneAndNeverStepsDown() {
        // R: p.adjust(c(0.01, 0.04, 0.03, 0.005), "holm")
        assertThat(Adjustment.HOLM.adjust(P)).containsExactly(new double[] {0.03, 0.06, 0.06, 0.02}, within(1e-12));
    }

    @Test
    void benjaminiHochbergControlsTheShareOfFalseFindings() {
        // R: p.adjust(c(0.01, 0.04, 0.03, 0.005), "BH")
        assertThat(Adjustment.BH.adjust(P)).containsExactly(new double[] {0.02, 0.04, 0.04, 0.02}, within(1e-12));
    }

    @Test
    void noneKeepsThePValuesAndNothingExceedsOne() {
        assertThat(Adjustment.NONE.adjust(P)).containsExactly(P);
        assertThat(Adjustment.HOLM.adjust(new double[] {0.5, 0.6})).containsExactly(1.0, 1.0);
        assertThat(Adjustment.HOLM.adjust(new double[0])).isEmpty();
    }
}
