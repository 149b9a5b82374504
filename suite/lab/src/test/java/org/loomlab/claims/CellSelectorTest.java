package org.loomlab.claims;

import org.junit.jupiter.api.Test;
import org.loomlab.catalogue.Catalogue;
import org.loomlab.record.Cell;
import org.loomlab.record.CellMatching;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class CellSelectorTest {

    private static final CellMatching CATALOGUE = CellMatching.of(Catalogue.onClassPath());

    private static CellSelector gc(String... values) {
        return new CellSelector("philosophers", "avgt", Map.of("gc", List.of(values)));
    }

    @Test
    void aClaimNamingG1SelectsACellRecordedBeforeTheGcAxisAndOneNamingZDoesNot() {
        Cell older = Cell.builder("philosophers", Map.of("lock", "reentrant", "threads", "virtual"), "avgt", "ms/op")
                .score(1.0).build();
        assertThat(gc("g1").matches(older, CATALOGUE)).isTrue();
        assertThat(gc("z").matches(older, CATALOGUE)).isFalse();
        assertThat(gc("parallel", "serial", "z", "shenandoah").measured(List.of(older), Map.of("gc", "z"), CATALOGUE)).isFalse();
        assertThat(gc("g1").measured(List.of(older), Map.of("gc", "g1"), CATALOGUE)).isTrue();
        assertThat(gc("g1").matches(older)).as("matched as recorded").isFalse();
    }

    /** Records older than the dinner axis served the lab's dinner (docs/RESULTS.md, "Which dinner"), never the talk's. */
    @Test
    void aCellRecordedBeforeTheDinnerAxisServedTheLabsDinner() {
        Cell older = Cell.builder("philosophers", Map.of("lock", "reentrant", "threads", "virtual"), "avgt", "ms/op")
                .score(1.0).build();
        CellSelector lab = new CellSelector("philosophers", "avgt", Map.of("dinner", List.of("lab")));
        CellSelector talk = new CellSelector("philosophers", "avgt", Map.of("dinner", List.of("talk")));
        assertThat(lab.matches(older, CATALOGUE)).isTrue();
        assertThat(talk.matches(older, CATALOGUE)).isFalse();
        assertThat(lab.matches(older)).as("matched as recorded").isFalse();
    }
}
