package org.loomlab.bench;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.loomlab.catalogue.AxisSpec;
import org.loomlab.catalogue.Catalogue;
import org.loomlab.catalogue.Choice;
import org.loomlab.catalogue.ExperimentSpec;
import org.loomlab.scenario.Scenario;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;

import java.lang.reflect.Field;
import java.util.Arrays;
import java.util.List;
import java.util.ServiceLoader;

import static org.assertj.core.api.Assertions.assertThat;

/** The catalogue the build wrote is the one the experiments declare, and JMH's {@code @Param}s agree with it. */
class CatalogueTest {

    private static final Catalogue WRITTEN = Catalogue.onClassPath();

    @Test
    void theWrittenCatalogueIsTheDeclaredOne() {
        assertThat(WRITTEN).isEqualTo(CatalogueWriter.CATALOGUE);
    }

    @Test
    void everyScenarioIsCatalogued() {
        List<ExperimentSpec> scenarios = ServiceLoader.load(Scenario.class).stream()
                .map(p -> p.get().experiment()).toList();
        assertThat(WRITTEN.experiments().stream().filter(e -> e.kind() == ExperimentSpec.Kind.SCENARIO))
                .containsExactlyInAnyOrderElementsOf(scenarios);
    }

    /**
     * JMH needs constants in {@code @Param}; this keeps them equal to the catalogue's axes: the same names in the
     * same order, every value of a choice but the opt-in ones, and the default of a number.
     */
    @ParameterizedTest(name = "{0}")
    @ValueSource(classes = {PhilosophersBenchmark.class, VertxPhilosophersBenchmark.class,
            CoroutinePhilosophersBenchmark.class})
    void paramFieldsAreTheCataloguesAxes(Class<?> benchmark) throws Exception {
        ExperimentSpec experiment = WRITTEN.experiments().stream()
                .filter(e -> e.target().startsWith(benchmark.getName() + ".")).findFirst().orElseThrow();
        String method = experiment.target().substring(benchmark.getName().length() + 1);
        assertThat(Arrays.stream(benchmark.getMethods()).filter(m -> m.isAnnotationPresent(Benchmark.class))
                .map(java.lang.reflect.Method::getName)).containsExactly(method);
        List<Field> params = Arrays.stream(benchmark.getFields()).filter(f -> f.isAnnotationPresent(Param.class)).toList();
        assertThat(params.stream().map(Field::getName)).containsExactlyElementsOf(experiment.axisNames());
        for (Field field : params) {
            AxisSpec axis = experiment.axis(field.getName()).orElseThrow();
            List<String> expected = axis.type() == AxisSpec.Type.CHOICE
                    ? axis.choices().stream().filter(c -> !c.optIn()).map(Choice::label).toList()
                    : axis.defaults();
            assertThat(field.getAnnotation(Param.class).value()).as("@Param %s", field.getName())
                    .containsExactlyElementsOf(expected);
        }
    }
}
