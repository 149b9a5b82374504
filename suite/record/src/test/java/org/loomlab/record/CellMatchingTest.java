package org.loomlab.record;

import org.junit.jupiter.api.Test;
import org.loomlab.catalogue.AxisSpec;
import org.loomlab.catalogue.Catalogue;
import org.loomlab.catalogue.Choice;
import org.loomlab.catalogue.ExperimentSpec;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class CellMatchingTest {

    private static final AxisSpec GC = new AxisSpec("gc", AxisSpec.Type.CHOICE, List.of(
            new Choice("g1", false, false, false, List.of("-XX:+UseG1GC")),
            new Choice("z", false, false, true, List.of("-XX:+UseZGC"))), null, List.of("g1"), Map.of(), null);

    private static final AxisSpec THREADS = new AxisSpec("threads", AxisSpec.Type.CHOICE, List.of(
            new Choice("platform", false, false, false, null), new Choice("virtual", true, false, false, null)),
            null, List.of("platform", "virtual"), Map.of(), null);

    private static final CellMatching MATCHING = CellMatching.of(new Catalogue(List.of(
            ExperimentSpec.jmh("philosophers", "P.run", "avgt", "ms/op", THREADS, GC.whenAbsent("g1")))));

    private static Cell cell(Map<String, String> params) {
        return Cell.builder("philosophers", params, "avgt", "ms/op").score(1.0).build();
    }

    @Test
    void aCellRecordedBeforeTheCollectorAxisMatchesTheDeclaredCollectorOnly() {
        Cell old = cell(Map.of("threads", "virtual"));
        Cell g1 = cell(Map.of("threads", "virtual", "gc", "g1"));
        Cell z = cell(Map.of("threads", "virtual", "gc", "z"));
        assertThat(MATCHING.key(old)).isEqualTo(MATCHING.key(g1)).isNotEqualTo(MATCHING.key(z));
        assertThat(MATCHING.index(List.of(g1, z))).containsKey(MATCHING.key(old)).containsEntry(MATCHING.key(old), g1);
        // any other axis still matches only as recorded
        assertThat(MATCHING.key(cell(Map.of("gc", "g1")))).isNotEqualTo(MATCHING.key(g1));
        assertThat(CellMatching.EXACT.key(old)).as("without the catalogue").isNotEqualTo(CellMatching.EXACT.key(g1));
    }

    @Test
    void recordsThatAllLackTheAxisAreComparedAsRecorded() {
        Cell old = cell(Map.of("threads", "virtual"));
        assertThat(MATCHING.among(List.of(old, cell(Map.of("threads", "platform")))).key(old).params())
                .isEqualTo(Map.of("threads", "virtual"));
        assertThat(MATCHING.among(List.of(old, cell(Map.of("threads", "platform", "gc", "z")))).key(old).params())
                .containsEntry("gc", "g1");
    }
}
