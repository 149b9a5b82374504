package org.loomlab.plan;

import org.junit.jupiter.api.Test;
import org.loomlab.catalogue.AxisSpec;
import org.loomlab.catalogue.Choice;

import java.util.Arrays;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

/** The catalogue the lab reads names real profiles, defaults its own checks accept, and opt-in values nowhere by default. */
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

    @Test
    void anOptInValueRunsOnlyWhenAskedForByName() {
        List<String> optIn = Catalogued.PHILOSOPHERS.axes().stream().filter(a -> a.name().equals("lock"))
                .flatMap(a -> a.choices().stream()).filter(Choice::optIn).map(Choice::label).toList();
        assertThat(optIn).containsExactly("reentrant-fair");
        for (Profile p : Profile.values()) {
            assertThat(Catalogued.EXPERIMENTS.plan(List.of(), p, Map.of()))
                    .noneSatisfy(c -> assertThat(c.params()).containsEntry("lock", "reentrant-fair"));
        }
        List<CellPlan> fair = Catalogued.EXPERIMENTS.plan(List.of(), Profile.SMOKE, Map.of("lock", List.of("reentrant-fair")));
        assertThat(fair).extracting(c -> c.experiment().label()).containsOnly("philosophers", "pinned-service", "pinning-probe");
        assertThat(fair).allSatisfy(c -> assertThat(c.params()).containsEntry("lock", "reentrant-fair"));
    }
}
