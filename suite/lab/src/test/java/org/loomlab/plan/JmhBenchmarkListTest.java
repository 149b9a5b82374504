package org.loomlab.plan;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.loomlab.catalogue.AxisSpec;
import org.loomlab.catalogue.Catalogue;
import org.loomlab.catalogue.Choice;
import org.loomlab.catalogue.ExperimentSpec;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.runner.BenchmarkList;
import org.openjdk.jmh.runner.BenchmarkListEntry;
import org.openjdk.jmh.runner.options.TimeValue;
import org.openjdk.jmh.util.Optional;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** JMH's own benchmark list read without jmh-core, checked against what JMH writes and reads (jmh-core in tests only). */
class JmhBenchmarkListTest {

    @TempDir
    Path tmp;

    /** A line as JMH 1.37 writes it, with every optional field it may fill. */
    private static String line(String userClass, String method, Mode mode, Map<String, String[]> params) {
        return new BenchmarkListEntry(userClass, userClass.replace(".", "_") + "_jmhTest", method, mode, Optional.of(4),
                new int[] {1, 3}, Optional.of(List.of("reader", "writer")), Optional.of(2), Optional.of(TimeValue.milliseconds(150)),
                Optional.none(), Optional.of(5), Optional.of(TimeValue.seconds(2)), Optional.of(1), Optional.of(3), Optional.none(),
                Optional.of("/opt/a jdk/bin/java"), Optional.<Collection<String>>of(List.of("-Xmx1g", "-Dx=a b")), Optional.none(),
                Optional.none(), params.isEmpty() ? Optional.none() : Optional.of(params), Optional.of(TimeUnit.MICROSECONDS),
                Optional.of(10), Optional.of(TimeValue.minutes(1))).toLine();
    }

    private static Map<String, String[]> params(Object... nameThenValues) {
        Map<String, String[]> out = new LinkedHashMap<>();
        for (int i = 0; i < nameThenValues.length; i += 2) {
            out.put((String) nameThenValues[i], (String[]) nameThenValues[i + 1]);
        }
        return out;
    }

    @Test
    void paramValuesComeBackAsJmhWroteThemWhateverTheirLengthOrCharacters() {
        // Values of every length modulo 3 (the armour's groups), spaces, '=', digits, non-ASCII and a surrogate pair.
        String[] values = {"", "a", "ab", "abc", "10_000", "x = y", "ünïcödé", "\uD83D\uDE00!", "JMH S 4 E"};
        String written = line("com.example.Hello", "greet", Mode.AverageTime, params("name", values, "size", new String[] {"1", "1000"}));
        JmhBenchmarkList.Entry read = JmhBenchmarkList.entry(written, "test.jar");
        assertThat(read.userClass()).isEqualTo("com.example.Hello");
        assertThat(read.method()).isEqualTo("greet");
        assertThat(read.mode()).isEqualTo(Mode.AverageTime.toString());
        assertThat(read.params()).containsOnlyKeys("name", "size");
        assertThat(read.params().get("name")).containsExactly(values);
        assertThat(read.params().get("size")).containsExactly("1", "1000");
        // JMH reads the same line to the same values.
        BenchmarkListEntry jmh = new BenchmarkListEntry(written);
        assertThat(jmh.getParams().get().get("name")).containsExactly(values);
    }

    @Test
    void aBenchmarkWithoutParamsHasNoAxes() {
        JmhBenchmarkList.Entry read = JmhBenchmarkList.entry(line("a.B", "run", Mode.Throughput, Map.of()), "test.jar");
        assertThat(read.params()).isEmpty();
        assertThat(read.mode()).isEqualTo("Throughput");
    }

    @Test
    void theLabsOwnBenchmarkListReadsAsJmhReadsIt() throws IOException {
        List<BenchmarkListEntry> jmh;
        try (InputStream in = resource()) {
            jmh = BenchmarkList.readBenchmarkList(in);
        }
        assertThat(jmh).isNotEmpty();
        List<String> lines;
        try (InputStream in = resource()) {
            lines = new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().filter(l -> !l.isBlank()).toList();
        }
        assertThat(lines).hasSize(jmh.size());
        for (int i = 0; i < lines.size(); i++) {
            JmhBenchmarkList.Entry ours = JmhBenchmarkList.entry(lines.get(i), "benchmarks.jar");
            BenchmarkListEntry theirs = jmh.get(i);
            assertThat(ours.benchmark()).isEqualTo(theirs.getUsername());
            assertThat(ours.mode()).isEqualTo(theirs.getMode().toString());
            Map<String, String[]> params = theirs.getParams().orElse(Map.of());
            assertThat(ours.params().keySet()).containsExactlyInAnyOrderElementsOf(params.keySet());
            params.forEach((k, v) -> assertThat(ours.params().get(k)).as(k).containsExactly(v));
        }
    }

    private static InputStream resource() {
        InputStream in = JmhBenchmarkListTest.class.getClassLoader().getResourceAsStream(JmhBenchmarkList.RESOURCE);
        assertThat(in).as("the bench module's " + JmhBenchmarkList.RESOURCE + " on the test class path").isNotNull();
        return in;
    }

    @Test
    void eachBenchmarkIsOneExperimentItsParamsItsAxesItsModeItsMetric() throws IOException {
        String list = String.join("\n",
                line("com.example.Hello", "concat", Mode.AverageTime, params("size", new String[] {"10", "1000"})),
                line("com.example.Hello", "concat", Mode.Throughput, params("size", new String[] {"10", "1000"})),
                line("com.example.Hello", "rate", Mode.Throughput, Map.of()),
                line("com.example.other.Hello", "rate", Mode.SampleTime, Map.of())) + "\n";
        Catalogue catalogue = JmhBenchmarkList.catalogue(new ByteArrayInputStream(list.getBytes(StandardCharsets.UTF_8)), "x.jar");
        assertThat(catalogue.experiments()).extracting(ExperimentSpec::label)
                .containsExactly("Hello.concat", "com.example.Hello.rate", "com.example.other.Hello.rate");
        ExperimentSpec concat = catalogue.experiment("Hello.concat");
        assertThat(concat.kind()).isEqualTo(ExperimentSpec.Kind.JMH);
        assertThat(concat.target()).isEqualTo("com.example.Hello.concat");
        assertThat(concat.metric()).as("the first mode listed").isEqualTo("avgt");
        assertThat(concat.unit()).isEqualTo("ms/op");
        assertThat(concat.axes()).extracting(AxisSpec::name).containsExactly("size");
        assertThat(concat.axes().get(0).choices()).extracting(Choice::label).containsExactly("10", "1000");
        assertThat(catalogue.experiment("com.example.Hello.rate").metric()).isEqualTo("thrpt");
        assertThat(catalogue.experiment("com.example.Hello.rate").unit()).isEqualTo("ops/ms");
        assertThat(catalogue.experiment("com.example.other.Hello.rate").metric()).as("sample time read as average time")
                .isEqualTo("avgt");

        // As the lab plans it: every value by default, -p narrows to declared values, a typo names the valid ones.
        Experiments experiments = Experiments.of(catalogue);
        assertThat(experiments.of("Hello.concat").cells(Profile.SMOKE, Map.of())).extracting(CellPlan::label)
                .containsExactly("size=10", "size=1000");
        assertThat(experiments.of("Hello.concat").cells(Profile.QUICK, Map.of("size", List.of("1000")))).hasSize(1);
        assertThatThrownBy(() -> experiments.of("Hello.concat").cells(Profile.QUICK, Map.of("size", List.of("7"))))
                .hasMessage("unknown size '7'; valid: 10, 1000");
    }

    @Test
    void aPlainJmhJarPlansFromItsListAndAJarWithNeitherIsAOneLineError() throws IOException {
        Path plain = jar("plain.jar", Map.of(JmhBenchmarkList.RESOURCE,
                line("org.acme.Sorts", "quick", Mode.AverageTime, params("n", new String[] {"100"})) + "\n"));
        Experiments experiments = Experiments.in(plain);
        assertThat(experiments.all()).extracting(Experiment::label).containsExactly("Sorts.quick");
        assertThat(experiments.of("Sorts.quick").target()).isEqualTo("org.acme.Sorts.quick");

        Path neither = jar("neither.jar", Map.of("README", "hello"));
        assertThatThrownBy(() -> Experiments.in(neither)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("nor JMH benchmark list (META-INF/BenchmarkList) in " + neither)
                .hasMessageNotContaining("\n");
        Path text = Files.writeString(tmp.resolve("notes.jar"), "not a zip");
        assertThatThrownBy(() -> Experiments.in(text)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("benchmarks jar " + text + " is not a jar");
    }

    @Test
    void aParamNamedAsTheLabsOwnAxisOrAnUnreadableLineIsRefusedNamingIt() {
        String settings = line("a.B", "run", Mode.AverageTime, params("settings", new String[] {"x"})) + "\n";
        assertThatThrownBy(() -> JmhBenchmarkList.catalogue(new ByteArrayInputStream(settings.getBytes(StandardCharsets.UTF_8)), "s.jar"))
                .hasMessageContaining("a.B.run has a @Param named 'settings'");
        String old = "a.B.run===,===a.B_jmhTest===,===AverageTime\n";
        assertThatThrownBy(() -> JmhBenchmarkList.catalogue(new ByteArrayInputStream(old.getBytes(StandardCharsets.UTF_8)), "o.jar"))
                .hasMessageContaining("is not in the format of JMH 1.37");
        String cut = line("a.B", "run", Mode.AverageTime, params("n", new String[] {"1"}));
        assertThatThrownBy(() -> JmhBenchmarkList.entry(cut.substring(0, cut.indexOf(" M ") + 3) + "1 1 n 1 99 x ", "c.jar"))
                .hasMessageContaining("cannot be read: a string longer than its line");
    }

    private Path jar(String name, Map<String, String> entries) throws IOException {
        Path jar = tmp.resolve(name);
        try (OutputStream file = Files.newOutputStream(jar); ZipOutputStream zip = new ZipOutputStream(file)) {
            for (Map.Entry<String, String> e : entries.entrySet()) {
                zip.putNextEntry(new ZipEntry(e.getKey()));
                zip.write(e.getValue().getBytes(StandardCharsets.UTF_8));
                zip.closeEntry();
            }
        }
        return jar;
    }

    @Test
    void modesAreNamedAsTheListWritesThem() {
        List<String> metrics = List.of("thrpt", "avgt", "avgt", "ss", "avgt");
        assertThat(Arrays.stream(Mode.values()).map(m -> JmhBenchmarkList.Metric.of(m.toString(), "b").label).toList())
                .isEqualTo(metrics);
        assertThat(Arrays.stream(Mode.values()).map(m -> JmhBenchmarkList.Metric.of(m.shortLabel(), "b").label).toList())
                .isEqualTo(metrics);
        assertThatThrownBy(() -> JmhBenchmarkList.Metric.of("fastest", "a.B.run"))
                .hasMessage("unknown JMH mode 'fastest' of a.B.run; valid: Throughput, AverageTime, SampleTime, SingleShotTime, All");
    }
}
