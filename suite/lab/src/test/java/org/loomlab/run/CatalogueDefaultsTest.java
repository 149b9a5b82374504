package org.loomlab.run;

import org.junit.jupiter.api.Test;
import org.loomlab.catalogue.AxisSpec;

import java.util.Arrays;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

/** The catalogue the lab reads names real profiles and defaults its own checks accept. */
class CatalogueDefaultsTest {

    @Test
    void everyProfileTheCatalogueNamesIsAProfileAndEveryDefaultPassesItsAxisCheck() {
        for (Experiment e : Catalogued.EXPERIMENTS.all()) {
            for (AxisSpec axis : e.axes()) {
                assertThat(axis.profiles().keySet()).as("%s %s", e.label(), axis.name())
                        .isSubsetOf(Arrays.stream(Profile.values()).map(Profile::label).toList());
                for (Profile p : Profile.values()) {
                    assertThat(axis.defaults(p.label())).as("%s %s %s", e.label(), axis.name(), p.label()).isNotEmpty()
                            .allSatisfy(v -> assertThatCode(() -> axis.validated(v)).doesNotThrowAnyException());
                }
            }
        }
    }
}
