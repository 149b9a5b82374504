package org.loomlab.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.loomlab.plan.Catalogued;
import org.loomlab.plan.CellPlan;
import org.loomlab.plan.Experiment;
import org.loomlab.record.Cell;
import org.loomlab.record.CellStatus;

/** A resumed run finds its finished cells by key: the plan and the record list params in their own orders. */
class CellKeysTest {

    @Test
    void aRecordedCellIsItsPlannedCellWhateverTheOrderOfItsParams() {
        Map<String, String> planned = new LinkedHashMap<>();
        planned.put("lock", "reentrant");
        planned.put("blocking", "sleep");
        Map<String, String> recorded = new LinkedHashMap<>();
        recorded.put("blocking", "sleep");
        recorded.put("lock", "reentrant");
        Experiment probe = Catalogued.EXPERIMENTS.of("pinning-probe");
        Cell cell = Cell.unmeasured(probe.label(), recorded, probe.metric(), probe.unit(), CellStatus.TIMEOUT, "t", 1, null);

        assertThat(CellKeys.of(cell)).isEqualTo(CellKeys.of(new CellPlan(probe, planned)));
    }

    @Test
    void anotherValueIsAnotherCell() {
        Experiment probe = Catalogued.EXPERIMENTS.of("pinning-probe");
        Cell cell = Cell.unmeasured(probe.label(), Map.of("blocking", "wait", "lock", "reentrant"), probe.metric(),
                probe.unit(), CellStatus.TIMEOUT, "t", 1, null);

        assertThat(CellKeys.of(cell))
                .isNotEqualTo(CellKeys.of(new CellPlan(probe, Map.of("lock", "reentrant", "blocking", "sleep"))));
    }
}
