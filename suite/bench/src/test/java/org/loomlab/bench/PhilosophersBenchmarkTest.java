package org.loomlab.bench;

import org.junit.jupiter.api.Test;
import org.loomlab.philosophers.Axis;
import org.loomlab.philosophers.LockKind;
import org.loomlab.philosophers.ThreadKind;
import org.loomlab.philosophers.Workload;
import org.openjdk.jmh.annotations.Param;

import java.util.Arrays;

import static org.assertj.core.api.Assertions.assertThat;

class PhilosophersBenchmarkTest {

    private static String[] param(String field) throws NoSuchFieldException {
        return PhilosophersBenchmark.class.getField(field).getAnnotation(Param.class).value();
    }

    private static <E extends Enum<E> & Axis> String[] labels(Class<E> type) {
        return Arrays.stream(type.getEnumConstants()).map(Axis::label).toArray(String[]::new);
    }

    @Test
    void paramValuesAreExactlyTheAxisLabels() throws Exception {
        // JMH needs constants in the annotation; this keeps them in step with the domain types.
        assertThat(param("lock")).containsExactly(labels(LockKind.class));
        assertThat(param("threads")).containsExactly(labels(ThreadKind.class));
        assertThat(param("workload")).containsExactly(labels(Workload.class));
    }

    @Test
    void oneDinnerThroughTheBenchmarkStateEndsWithAWinner() throws Exception {
        PhilosophersBenchmark b = new PhilosophersBenchmark();
        b.lock = "synchronized";
        b.threads = "virtual";
        b.workload = "file-read";
        b.philosophers = 4;
        b.meals = 20;
        b.setTable();
        try {
            assertThat(b.dine(new MealCounters()).eaten()).contains(20);
        } finally {
            b.clearTable();
        }
    }
}
