package org.loomlab.scenario;

import org.junit.jupiter.api.Test;
import org.loomlab.catalogue.AxisSpec;
import org.loomlab.catalogue.ExperimentSpec;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Every scenario reads exactly the axes its catalogue entry declares, through CellParams and its limits. */
class ScenarioAxesTest {

    /** A read of an axis through CellParams: {@code params.count("users")}, {@code axes.choice("lock", ...)}. */
    private static final Pattern READ = Pattern.compile("\\.(?:text|count|choice)\\(\"([a-z-]+)\"");

    private static List<Scenario> scenarios() {
        return ServiceLoader.load(Scenario.class).stream().map(ServiceLoader.Provider::get).toList();
    }

    private static String source(Scenario s) throws IOException {
        return Files.readString(Path.of("src/main/java", s.getClass().getName().replace('.', '/') + ".java"));
    }

    @Test
    void everyScenarioReadsOnlyTheAxesItsCatalogueEntryDeclares() throws IOException {
        assertThat(scenarios()).hasSize(5);
        for (Scenario s : scenarios()) {
            String code = source(s);
            Set<String> read = new TreeSet<>();
            Matcher m = READ.matcher(code);
            while (m.find()) {
                read.add(m.group(1));
            }
            assertThat(read).as("axes %s reads", s.name()).containsExactlyInAnyOrderElementsOf(s.experiment().axisNames());
            // no way around the catalogue's limits: every read goes through CellParams
            assertThat(code).as(s.name()).doesNotContain("getOrDefault(").doesNotContain("params.get(");
            assertThat(s.experiment().kind()).isEqualTo(ExperimentSpec.Kind.SCENARIO);
            assertThat(s.experiment().target()).isEqualTo(s.name());
        }
    }

    @Test
    void refusesToReadAnAxisTheCatalogueDoesNotDeclare() {
        ExperimentSpec spec = ExperimentSpec.scenario("probe", "throughput", "ops/s", AxisSpec.count("tasks", "10", 1));
        CellParams params = new CellParams(spec, Map.of("tasks", "10", "seats", "5"));
        assertThat(params.count("tasks")).isEqualTo(10);
        assertThatThrownBy(() -> params.count("seats")).isInstanceOf(IllegalStateException.class)
                .hasMessage("probe reads param 'seats', which its catalogue entry does not declare; declared: tasks");
    }

    @Test
    void checksCountsAgainstTheCataloguesMinimum() {
        for (Scenario s : scenarios()) {
            for (AxisSpec axis : s.experiment().axes()) {
                if (axis.type() != AxisSpec.Type.COUNT) {
                    continue;
                }
                Map<String, String> values = new LinkedHashMap<>();
                values.put(axis.name(), String.valueOf(axis.min() - 1));
                assertThatThrownBy(() -> new CellParams(s.experiment(), values).count(axis.name()))
                        .hasMessage(axis.name() + " must be a whole number >= " + axis.min() + ", got '" + (axis.min() - 1) + "'");
            }
        }
    }
}
