package org.loomlab.catalogue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.loomlab.record.RecordJson;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

import java.io.ByteArrayInputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ExperimentSpecTest {

    private static final ExperimentSpec SERVICE = ExperimentSpec.scenario("service", "throughput", "req/s",
            new AxisSpec("threads", AxisSpec.Type.CHOICE, List.of(new Choice("platform", false, false, false, null),
                    new Choice("virtual", true, false, false, null), new Choice("carrier", false, false, true, null)),
                    null, List.of("platform", "virtual"), Map.of(), null),
            AxisSpec.count("carriers", "16", 1).in("smoke", "2"),
            new AxisSpec("gc", AxisSpec.Type.CHOICE, List.of(new Choice("g1", false, false, false, List.of("-XX:+UseG1GC")),
                    new Choice("serial", false, false, true, List.of("-XX:+UseSerialGC"))), null, List.of("g1"), Map.of(), null)
                    .whenAbsent("g1"))
            .with(Rule.always().callingFixture())
            .with(Rule.when("threads", List.of("virtual")).withJvmArgs("-Dparallelism={carriers}")
                    .withNote("{carriers} carriers"))
            .with(Rule.when("threads", List.of("virtual")).warmingUpFor(9))
            .with(Rule.when("gc", List.of("serial")).warmingUpFor(5));

    @TempDir
    Path tmp;

    @Test
    void aCellsNeedsFollowFromItsValuesAndTheMatchingRules() {
        Map<String, String> virtual = Map.of("threads", "virtual", "carriers", "4");
        assertThat(SERVICE.runsVirtualThreads(virtual)).isTrue();
        assertThat(SERVICE.jvmArgs(virtual)).containsExactly("-Dparallelism=4");
        assertThat(SERVICE.note(virtual)).isEqualTo("4 carriers");
        Map<String, String> platform = Map.of("threads", "platform", "carriers", "4");
        assertThat(SERVICE.runsVirtualThreads(platform)).isFalse();
        assertThat(SERVICE.jvmArgs(platform)).isEmpty();
        assertThat(SERVICE.note(platform)).isNull();
        // a rule on an axis the cell does not have does not match
        assertThat(SERVICE.jvmArgs(Map.of())).isEmpty();
        // a value's own flags come first, then the rules'
        assertThat(SERVICE.jvmArgs(Map.of("threads", "virtual", "carriers", "4", "gc", "serial")))
                .containsExactly("-XX:+UseSerialGC", "-Dparallelism=4");
        assertThat(SERVICE.jvmArgs(Map.of("threads", "platform", "carriers", "4", "gc", "g1"))).containsExactly("-XX:+UseG1GC");
        assertThat(SERVICE.needsFixture(Map.of())).isTrue();
        // the longest warm-up any matching rule asks for, none where none asks
        assertThat(SERVICE.warmup(Map.of("threads", "virtual", "gc", "serial"))).hasValue(Duration.ofSeconds(9));
        assertThat(SERVICE.warmup(Map.of("threads", "platform", "gc", "serial"))).hasValue(Duration.ofSeconds(5));
        assertThat(SERVICE.warmup(platform)).isEmpty();
    }

    @Test
    void limitsAndDefaultsComeFromTheAxis() {
        AxisSpec carriers = SERVICE.axis("carriers").orElseThrow();
        assertThat(carriers.defaults("smoke")).containsExactly("2");
        assertThat(carriers.defaults("quick")).containsExactly("16");
        assertThat(carriers.validated("1_000")).isEqualTo("1000");
        assertThatThrownBy(() -> carriers.validated("0")).hasMessage("carriers must be a whole number >= 1, got '0'");
        AxisSpec threads = SERVICE.axis("threads").orElseThrow();
        assertThatThrownBy(() -> threads.validated("green"))
                .hasMessage("unknown threads 'green'; valid: platform, virtual, carrier");
        assertThat(threads.validated("carrier")).as("an opt-in value may be asked for").isEqualTo("carrier");
        assertThat(AxisSpec.count("parallelism", AxisSpec.HOST_CPUS, 1).defaults("quick"))
                .containsExactly(String.valueOf(Runtime.getRuntime().availableProcessors()));
    }

    @Test
    void readsBackWhatItWrites() throws Exception {
        Catalogue catalogue = new Catalogue(List.of(SERVICE));
        Path file = tmp.resolve("catalogue.json");
        catalogue.write(file);
        assertThat(Catalogue.read(new ByteArrayInputStream(Files.readAllBytes(file)))).isEqualTo(catalogue);
        assertThatThrownBy(() -> catalogue.experiment("fairness"))
                .hasMessage("unknown experiment 'fairness'; valid: service");
        // a value without flags writes none, and a catalogue written before values had flags reads them as none
        JsonNode root = RecordJson.mapper().readTree(file.toFile());
        JsonNode axes = root.get("experiments").get(0).get("axes");
        assertThat(axes.get(0).get("choices").get(0).has("jvm_args")).isFalse();
        ObjectNode g1 = (ObjectNode) axes.get(2).get("choices").get(0);
        assertThat(g1.get("jvm_args").get(0).asString()).isEqualTo("-XX:+UseG1GC");
        g1.remove("jvm_args");
        Catalogue older = RecordJson.mapper().treeToValue(root, Catalogue.class);
        assertThat(older.experiment("service").axis("gc").orElseThrow().choice("g1").jvmArgs()).isEmpty();
        // only an axis that says what its absence means writes it; a catalogue written before reads it as none
        assertThat(axes.get(0).has("when_absent")).isFalse();
        assertThat(axes.get(2).get("when_absent").asString()).isEqualTo("g1");
        ((ObjectNode) axes.get(2)).remove("when_absent");
        assertThat(RecordJson.mapper().treeToValue(root, Catalogue.class).experiment("service").axis("gc").orElseThrow()
                .whenAbsent()).isNull();
    }

    @Test
    void whatAnAxissAbsenceMeansIsOneOfItsValues() {
        AxisSpec gc = SERVICE.axis("gc").orElseThrow();
        assertThat(gc.whenAbsent()).isEqualTo("g1");
        assertThat(gc.in("smoke", "serial").whenAbsent()).as("kept by the other builders").isEqualTo("g1");
        assertThatThrownBy(() -> gc.whenAbsent("cms")).hasMessage("unknown gc 'cms'; valid: g1, serial");
    }
}
