package org.loomlab.history;

import org.junit.jupiter.api.Test;
import org.loomlab.record.RecordJson;
import tools.jackson.databind.JsonNode;

import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * E-Divisive against MongoDB's signal-processing-algorithms on the same series: a step, two steps, noise alone and the
 * log scores of a cell of the committed history (resources {@code edivisive/}, written by hand with
 * {@code make_reference.py} beside them). Documented differences: the reference divides a side's within-distances by
 * n^2 and loom-lab by n(n-1)/2, so the statistics are compared in the reference's form rebuilt from loom-lab's distance
 * sums; the reference lets a side hold one value, loom-lab two at least, so splits are compared where both define them;
 * the permutations come from different generators (numpy's, seeded, against java.util.Random with ChangeRule's seed)
 * and the reference counts p as {@code as-large / (permutations + 1)} where loom-lab adds the observed series, so the
 * change points agree on series whose changes are clear of the 0.05 line either way.
 */
class EDivisiveReferenceTest {

    private static final JsonNode REFERENCE = read();

    @Test
    void findsTheReferencesChangePoints() {
        EDivisive search = new EDivisive(REFERENCE.get("permutations").asInt(), REFERENCE.get("p_value").asDouble(),
                ChangeRule.SEED);
        List<String> seen = new ArrayList<>();
        for (JsonNode s : REFERENCE.get("series")) {
            List<Integer> ours = search.splits(values(s)).stream().map(EDivisive.Split::at).toList();
            List<Integer> theirs = new ArrayList<>();
            s.get("change_points").forEach(p -> theirs.add(p.asInt()));
            assertThat(ours).as(s.get("name").asString()).containsExactlyElementsOf(theirs);
            seen.add(s.get("name").asString() + " " + theirs);
        }
        // Not vacuous: a step, two steps, none, and the history's step at its 15th run (bench-q).
        assertThat(seen).containsExactly("step [12]", "two-steps [8, 16]", "noise []",
                "history philosophers platform noop talk avgt (logs) [14]");
    }

    @Test
    void hasTheReferencesStatisticAtEverySplitBothDefine() {
        for (JsonNode s : REFERENCE.get("series")) {
            double[] values = values(s);
            JsonNode statistics = s.get("statistics");
            List<Integer> compared = new ArrayList<>();
            EDivisive.forEachSplit(values, 0, values.length, (at, m, n, between, withinLeft, withinRight) -> {
                // The reference's form: every ordered pair over n^2, so a distinct pair counts twice.
                double t = (double) m * n / (m + n)
                        * (2 * between / ((double) m * n) - 2 * withinLeft / ((double) m * m) - 2 * withinRight / ((double) n * n));
                double expected = statistics.get(at).asDouble();
                assertThat(t).as("%s split at %d", s.get("name").asString(), at)
                        .isCloseTo(expected, within(1e-9 * Math.max(1, Math.abs(expected))));
                compared.add(at);
            });
            // Every split with two values a side: 2 .. n-2.
            assertThat(compared).hasSize(values.length - 3).startsWith(2).endsWith(values.length - 2);
        }
    }

    @Test
    void proposesTheReferencesCandidate() {
        for (JsonNode s : REFERENCE.get("series")) {
            double[] values = values(s);
            double[] best = EDivisive.bestSplit(values, 0, values.length);
            assertThat((int) best[1]).as(s.get("name").asString()).isEqualTo(s.get("candidate").asInt());
        }
    }

    private static double[] values(JsonNode series) {
        JsonNode v = series.get("values");
        double[] out = new double[v.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = v.get(i).asDouble();
        }
        return out;
    }

    private static JsonNode read() {
        try (InputStream in = EDivisiveReferenceTest.class.getResourceAsStream("/edivisive/reference.json")) {
            return RecordJson.mapper().readTree(in);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
