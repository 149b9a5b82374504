package org.loomlab.report;

import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import org.junit.jupiter.api.Test;
import org.loomlab.record.Cell;
import org.loomlab.record.CellStatus;
import org.loomlab.record.RecordJson;
import org.loomlab.record.RunRecord;
import tools.jackson.databind.JsonNode;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The continuous-benchmarking exports of a committed lanes run (turns-21-25-i: openjdk-21 and openjdk-25 taking
 * turns on one host), checked against the schemas written from the tools' documentation (schema/) and against the
 * checks github-action-benchmark's custom-format reader makes, and compared with the exports committed beside it.
 */
class TrackerExportTest {

    private static final Path HOST = Path.of("../../results/vm-xeon-2c-24g");
    private static final Path LANE_21 = HOST.resolve("openjdk-21/turns-21-25-i");
    private static final Path LANE_25 = HOST.resolve("openjdk-25/turns-21-25-i");
    private static final Path EXPORTS = LANE_21.resolve("exports");

    /** github-action-benchmark's range reader: a '±' or '+-', spaces, then a number (extractRangeInfo). */
    private static final Pattern RANGE = Pattern.compile("(\\+-|±)\\s*(\\d.*)");

    private static List<RunRecord> lanes() throws IOException {
        return List.of(RecordJson.read(LANE_21.resolve("run.json")), RecordJson.read(LANE_25.resolve("run.json")));
    }

    @Test
    void githubActionBenchmarkFilesFitTheSchemaAndTheActionsOwnChecks() throws Exception {
        List<TrackerExport.Entry> entries = TrackerExport.entries(lanes(), note -> { });
        Schema schema = schema("github-action-benchmark.schema.json");
        for (boolean bigger : List.of(true, false)) {
            JsonNode file = RecordJson.mapper().readTree(TrackerExport.githubActionBenchmark(entries, bigger));
            assertThat(schema.validate(file)).as("bigger=" + bigger).isEmpty();
            assertActionAccepts(file);
        }
    }

    @Test
    void bencherFileFitsTheSchemaAndEveryIntervalEnclosesItsValue() throws Exception {
        JsonNode bmf = RecordJson.mapper().readTree(TrackerExport.bencher(TrackerExport.entries(lanes(), note -> { })));
        assertThat(schema("bencher-bmf.schema.json").validate(bmf)).isEmpty();
        int withInterval = 0;
        for (Map.Entry<String, JsonNode> benchmark : bmf.properties()) {
            for (Map.Entry<String, JsonNode> measure : benchmark.getValue().properties()) {
                JsonNode m = measure.getValue();
                if (m.has("lower_value")) {
                    withInterval++;
                    assertThat(m.get("lower_value").asDouble()).as(benchmark.getKey() + " " + measure.getKey())
                            .isLessThanOrEqualTo(m.get("value").asDouble());
                    assertThat(m.get("upper_value").asDouble()).isGreaterThanOrEqualTo(m.get("value").asDouble());
                }
            }
        }
        assertThat(withInterval).isEqualTo(okCellsWithInterval(lanes()));
    }

    @Test
    void everyOkCellOfEveryLaneIsOneEntryNamedWithHostJdkAndArchitecture() throws Exception {
        List<RunRecord> runs = lanes();
        List<String> notes = new ArrayList<>();
        List<TrackerExport.Entry> entries = TrackerExport.entries(runs, notes::add);
        // a cell's entry has no interval when its record has none (no errors in any fork: nothing spread)
        List<TrackerExport.Entry> cells = entries.stream().filter(e -> !e.extra().contains("profiler metric")).toList();
        assertThat(cells).hasSize(okCells(runs));
        assertThat(cells.stream().filter(e -> e.low() != null)).hasSize(okCellsWithInterval(runs));
        // one note per lane that left cells out, with their count
        long failed21 = runs.get(0).results().stream().filter(c -> c.status() != CellStatus.OK).count();
        assertThat(notes).hasSize(2).first().asString().startsWith(failed21 + " cell");
        for (String jdk : List.of("openjdk-21", "openjdk-25")) {
            assertThat(entries).filteredOn(e -> e.name().endsWith("[vm-xeon-2c-24g " + jdk + " amd64]")).isNotEmpty();
        }
        // the scenario cells are in, each with its interval
        assertThat(cells).extracting(TrackerExport.Entry::metric).contains("latency", "errors", "throughput", "avgt");
        Cell service = runs.get(1).results().stream().filter(c -> c.experiment().equals("service")
                && c.metric().equals("latency") && c.status() == CellStatus.OK).findFirst().orElseThrow();
        TrackerExport.Entry e = entries.stream().filter(x -> x.name().equals(TrackerExport.cell(service) + " latency ["
                + TrackerExport.where(runs.get(1)) + "]")).findFirst().orElseThrow();
        assertThat(e.value()).isEqualTo(service.score());
        assertThat(e.low()).isEqualTo(service.ciLow());
        assertThat(e.high()).isEqualTo(service.ciHigh());
        double half = Math.max(service.ciHigh() - service.score(), service.score() - service.ciLow());
        assertThat(Double.parseDouble(e.range().substring(2))).isCloseTo(half, org.assertj.core.data.Percentage.withPercentage(0.5));
        // rates are better bigger, times smaller
        assertThat(entries).filteredOn(x -> x.unit().equals("ops/s") || x.unit().equals("req/s"))
                .allMatch(TrackerExport.Entry::biggerIsBetter);
        assertThat(entries).filteredOn(x -> x.unit().equals("ms/op") || x.unit().equals("ms") || x.unit().equals("MB"))
                .noneMatch(TrackerExport.Entry::biggerIsBetter);
    }

    @Test
    void namesSpellTheAxesSortedWhateverOrderTheRecordKeptThemIn() {
        Map<String, String> ab = new java.util.LinkedHashMap<>();
        ab.put("threads", "virtual");
        ab.put("lock", "reentrant");
        Map<String, String> ba = new java.util.LinkedHashMap<>();
        ba.put("lock", "reentrant");
        ba.put("threads", "virtual");
        Cell one = SampleRuns.forked("philosophers", ab, "avgt", "ms/op", List.of(List.of(1.0)));
        Cell two = SampleRuns.forked("philosophers", ba, "avgt", "ms/op", List.of(List.of(1.0)));
        assertThat(TrackerExport.cell(one)).isEqualTo(TrackerExport.cell(two)).isEqualTo("philosophers{lock=reentrant,threads=virtual}");
    }

    @Test
    void theSameRunTwiceIsRefusedRatherThanPlottedAsOneSeriesTwice() throws Exception {
        RunRecord run = lanes().get(0);
        assertThatThrownBy(() -> TrackerExport.entries(List.of(run, run), note -> { }))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("two cells export as");
    }

    @Test
    void theSchemasRejectWhatTheToolsWouldMisread() throws Exception {
        // the README's own example range "3" is no '± x': the action would show no range
        JsonNode bareRange = RecordJson.mapper().readTree("[{\"name\":\"a\",\"unit\":\"ms\",\"value\":1,\"range\":\"3\"}]");
        assertThat(schema("github-action-benchmark.schema.json").validate(bareRange)).isNotEmpty();
        JsonNode oneEnd = RecordJson.mapper().readTree("{\"a\":{\"m\":{\"value\":1,\"lower_value\":0.5}}}");
        assertThat(schema("bencher-bmf.schema.json").validate(oneEnd)).isNotEmpty();
    }

    @Test
    void theCommittedExportsAreWhatTheLanesExportTo() throws Exception {
        List<TrackerExport.Entry> entries = TrackerExport.entries(lanes(), note -> { });
        assertThat(Files.readString(EXPORTS.resolve(TrackerExport.BIGGER_FILE)))
                .isEqualTo(TrackerExport.githubActionBenchmark(entries, true));
        assertThat(Files.readString(EXPORTS.resolve(TrackerExport.SMALLER_FILE)))
                .isEqualTo(TrackerExport.githubActionBenchmark(entries, false));
        assertThat(Files.readString(EXPORTS.resolve(TrackerExport.BENCHER_FILE))).isEqualTo(TrackerExport.bencher(entries));
    }

    /**
     * What github-action-benchmark (v1.22.0, src/extract.ts) checks of a custom file, mirrored: an array with at least
     * one entry; each entry's name, unit and, when present, range and extra are strings; its value a number; a range
     * it can read as a number; and, for the series to stay apart, no name twice.
     */
    private static void assertActionAccepts(JsonNode file) {
        assertThat(file.isArray()).isTrue();
        assertThat(file.size()).as("the action refuses a file with no benchmark result").isPositive();
        Set<String> names = new HashSet<>();
        for (JsonNode entry : file) {
            assertThat(entry.get("name").isString()).isTrue();
            assertThat(entry.get("unit").isString()).isTrue();
            assertThat(entry.get("value").isNumber()).isTrue();
            assertThat(Double.isFinite(entry.get("value").asDouble())).isTrue();
            if (entry.has("extra")) {
                assertThat(entry.get("extra").isString()).isTrue();
            }
            if (entry.has("range")) {
                Matcher m = RANGE.matcher(entry.get("range").asString());
                assertThat(m.find()).as(entry.get("range").asString()).isTrue();
                assertThat(Double.isFinite(Double.parseDouble(m.group(2)))).isTrue();
            }
            assertThat(names.add(entry.get("name").asString())).as(entry.get("name").asString()).isTrue();
        }
    }

    private static int okCells(List<RunRecord> runs) {
        return (int) runs.stream().flatMap(r -> r.results().stream())
                .filter(c -> c.status() == CellStatus.OK && c.score() != null).count();
    }

    private static int okCellsWithInterval(List<RunRecord> runs) {
        return (int) runs.stream().flatMap(r -> r.results().stream())
                .filter(c -> c.status() == CellStatus.OK && c.score() != null && (c.ciLow() != null || c.error() != null)).count();
    }

    private static Schema schema(String name) throws IOException {
        try (InputStream in = Files.newInputStream(Path.of("../../schema").resolve(name))) {
            return SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12).getSchema(in);
        }
    }
}
