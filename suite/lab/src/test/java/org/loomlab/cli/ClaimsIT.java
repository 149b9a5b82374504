package org.loomlab.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.loomlab.record.RecordJson;
import tools.jackson.databind.JsonNode;

import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** The real {@code loom-lab claims} in its own JVM, over the committed four-JDK matrix of the quick profile. */
class ClaimsIT {

    private static final Path MATRIX = LabProcess.HOME.resolve("results/vm/matrix-quick-4jdks.json");

    @TempDir
    Path tmp;

    @Test
    void judgesEveryClaimOnEachJdkOfAMatrix() throws Exception {
        Path json = tmp.resolve("claims.json");
        LabProcess.Result r = LabProcess.run(tmp.resolve("log"), 120, "claims", "--confidence", "0.9", "--evidence",
                "--json", json.toString(), MATRIX.toString());
        assertThat(r.exitCode()).isEqualTo(LoomLab.OK);
        assertThat(r.stdout()).contains("| claim ").contains("| openjdk-21 | openjdk-25 | openjdk-26 | temurin-25 |");

        JsonNode out = RecordJson.mapper().readTree(json.toFile());
        assertThat(out.get("runs").findValuesAsString("jdk")).containsExactly("openjdk-21", "openjdk-25", "openjdk-26", "temurin-25");
        for (JsonNode claim : out.get("claims")) {
            assertThat(claim.get("judgements")).hasSize(4);
            for (JsonNode j : claim.get("judgements")) {
                assertThat(j.get("answer").asString()).isIn("yes", "no", "open", "n/a");
                assertThat(j.get("reason").asString()).isNotBlank();
                if (List.of("yes", "no").contains(j.get("answer").asString())
                        && claim.get("claim").get("rule").asString().equals("compare")) {
                    assertThat(j.get("evidence")).isNotEmpty();
                }
            }
        }
        // The exact answers on this matrix: its cells have one fork each, so no throughput comparison decides, and
        // every measurable claim is open, except pinning on JDK 21, where JFR counted 1,449 and 1,482 pinned events
        // in the locked socket-read and sleep phases and none without the lock.
        for (JsonNode claim : out.get("claims")) {
            String id = claim.get("claim").get("id").asString();
            List<String> expected = switch (id) {
                case "vertx-simpler-api", "engineering-approach", "arbiter-not-comparable" -> List.of("n/a", "n/a", "n/a", "n/a");
                case "synchronized-pinning-fixed" -> List.of("no", "open", "open", "open");
                default -> List.of("open", "open", "open", "open");
            };
            assertThat(claim.get("judgements").findValuesAsString("answer")).as(id).containsExactlyElementsOf(expected);
        }
        // Each printed answer is the JSON's: the table and the record tell one story.
        JsonNode first = out.get("claims").get(1);
        assertThat(r.stdout()).contains("- openjdk-21: " + first.get("judgements").get(0).get("answer").asString() + ", "
                + first.get("judgements").get(0).get("reason").asString());
    }

    @Test
    void badInputIsOneLineAndWritesNothing() throws Exception {
        Path json = tmp.resolve("claims.json");
        LabProcess.Result r = LabProcess.run(tmp.resolve("log"), 60, "claims", "--json", json.toString(),
                tmp.resolve("nowhere").toString());
        assertThat(r.exitCode()).isEqualTo(LoomLab.USAGE);
        assertThat(r.stderr().strip()).isEqualTo("loom-lab: no such run record: " + tmp.resolve("nowhere")
                + "; valid: a run.json or a run directory under results/");
        r = LabProcess.run(tmp.resolve("log"), 60, "claims", "--confidence", "95", "--json", json.toString(), MATRIX.toString());
        assertThat(r.exitCode()).isEqualTo(LoomLab.USAGE);
        assertThat(r.stderr().strip()).doesNotContain("\n").contains("--confidence '95' is out of range");
        assertThat(json).doesNotExist();
    }
}
