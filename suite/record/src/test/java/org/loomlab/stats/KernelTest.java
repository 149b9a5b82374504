package org.loomlab.stats;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

class KernelTest {

    @Test
    void theTwoSidedTIsTheTablesValue() {
        // Student's table: t(0.975; 2) = 4.303, t(0.975; 10) = 2.228, t(0.9995; 4) = 8.610.
        assertThat(StudentT.twoSided(2, 0.95)).isCloseTo(4.3027, within(1e-4));
        assertThat(StudentT.twoSided(10, 0.95)).isCloseTo(2.2281, within(1e-4));
        assertThat(StudentT.twoSided(4, 0.999)).isCloseTo(8.6103, within(1e-4));
        assertThat(StudentT.above(10, 0.025)).isCloseTo(StudentT.twoSided(10, 0.95), within(1e-12));
        assertThat(StudentT.survival(10, StudentT.above(10, 0.025))).isCloseTo(0.025, within(1e-12));
    }

    @Test
    void aMeansIntervalIsTTimesItsStandardError() {
        MeanInterval i = MeanInterval.of(new double[] {1, 2, 3}, 0.95);
        assertThat(i.centre()).isEqualTo(2.0);
        assertThat(i.half()).isCloseTo(4.3027 / Math.sqrt(3), within(1e-4));
        assertThat(MeanInterval.of(new double[] {5}, 0.95).half()).isNaN();
        MeanInterval logs = MeanInterval.onLogs(new double[] {1, Math.E * Math.E}, 0.95);
        assertThat(logs.centre()).isCloseTo(1.0, within(1e-12));
        assertThatThrownBy(() -> MeanInterval.onLogs(new double[] {1, 0}, 0.95)).hasMessageContaining("got 0.0");
    }

    @Test
    void welchTakesWelchSatterthwaiteDegreesOfFreedom() {
        double[] a = {0.0, 0.1, 0.2, 0.3};
        double[] b = {1.0, 1.4, 1.8};
        LogRatio r = LogRatio.welch(a, b, 0.95);
        double va = 0.1 * 0.1 * 5 / 3;
        double vb = 0.4 * 0.4;
        double sa = va / 4;
        double sb = vb / 3;
        assertThat(r.shift()).isCloseTo(1.4 - 0.15, within(1e-12));
        assertThat(r.se()).isCloseTo(Math.sqrt(sa + sb), within(1e-12));
        assertThat(r.df()).isCloseTo(Math.pow(sa + sb, 2) / (sa * sa / 3 + sb * sb / 2), within(1e-9));
        assertThat(r.half()).isCloseTo(StudentT.above(r.df(), 0.025) * r.se(), within(1e-12));
        LogRatio wider = LogRatio.welch(a, b, 0.95, 2, 0);
        assertThat(wider.half()).isCloseTo(2 * r.half(), within(1e-12));
        assertThat(wider.pValue()).isGreaterThan(r.pValue());
        assertThatThrownBy(() -> LogRatio.welch(new double[] {1}, b, 0.95)).hasMessageContaining("got 1 and 3");
    }

    @Test
    void pairedTakesTheRoundsDifferences() {
        LogRatio r = LogRatio.paired(new double[] {0, 1, 2}, new double[] {0.5, 1.4, 2.6}, 0.95);
        assertThat(r.shift()).isCloseTo(0.5, within(1e-12));
        assertThat(r.df()).isEqualTo(2.0);
        assertThat(r.se()).isCloseTo(Math.sqrt(0.01 / 3), within(1e-12));
        assertThat(LogRatio.paired(new double[] {0, 1}, new double[] {1, 2}, 0.95)).isNull();
    }
}
