package org.loomlab.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.loomlab.compare.Adjustment;
import org.loomlab.compare.RunDiff;
import org.loomlab.compare.VerdictRules;
import org.loomlab.record.Cell;
import org.loomlab.record.RunRecord;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.loomlab.report.SampleRuns.forked;
import static org.loomlab.report.SampleRuns.run;

/** {@code compare}'s own parts: which JDK an id names, the lanes' names, and the sentences its end reads from a diff. */
class CompareCommandTest {

    @TempDir
    Path tmp;

    private Path jdk(String dir, String implementor, String version) throws Exception {
        Path home = Files.createDirectories(tmp.resolve("jvm").resolve(dir));
        Path java = Files.createDirectories(home.resolve("bin")).resolve("java");
        Files.writeString(java, "#!/bin/sh\n");
        Files.setPosixFilePermissions(java, PosixFilePermissions.fromString("rwxr-xr-x"));
        Files.writeString(home.resolve("release"), "IMPLEMENTOR=\"" + implementor + "\"\nJAVA_VERSION=\"" + version + "\"\n");
        return home;
    }

    @Test
    void aJdkIdNamesTheOneJdkOfThatVendorAndFeatureAndAnythingElseIsAOneLineError() throws Exception {
        Path debian21 = jdk("java-21-openjdk-amd64", "Debian", "21.0.12");
        jdk("temurin-25-jdk-amd64", "Eclipse Adoptium", "25.0.3");
        Path temurin21 = jdk("temurin-21-jdk-amd64", "Eclipse Adoptium", "21.0.8");
        Files.createSymbolicLink(tmp.resolve("jvm/default-java"), debian21);
        List<Path> roots = List.of(tmp.resolve("jvm"), tmp.resolve("none"));

        assertThat(CompareCommand.java("openjdk-21", roots)).isEqualTo(debian21.resolve("bin/java"));
        assertThat(CompareCommand.java("temurin-21", roots)).isEqualTo(temurin21.resolve("bin/java"));
        assertThat(CompareCommand.java(temurin21.toString(), roots)).as("a JDK home as it is").isEqualTo(temurin21.resolve("bin/java"));
        assertThatThrownBy(() -> CompareCommand.java("openjdk-26", roots)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("no JDK openjdk-26 under " + roots.get(0) + " or " + roots.get(1)
                        + "; valid: openjdk-21, temurin-21, temurin-25, or a JDK home");
        assertThatThrownBy(() -> CompareCommand.java("jdk 21", roots))
                .hasMessage("'jdk 21' is neither a JDK id (e.g. openjdk-21, temurin-25) nor a JDK home or java binary that exists");
        jdk("jdk-21.0.2", "Oracle Corporation", "21.0.2");
        assertThatThrownBy(() -> CompareCommand.java("openjdk-21", roots)).hasMessageContaining("names 2 JDKs");
    }

    @Test
    void theSameJdkTwiceIsAnAaWhoseLanesAreToldApart() {
        assertThat(CompareCommand.laneNames("temurin-25", "temurin-25")).containsExactly("temurin-25-a", "temurin-25-b");
        assertThat(CompareCommand.laneNames("openjdk-21", "openjdk-25")).containsExactly("openjdk-21", "openjdk-25");
    }

    /** One fork per mean, each three samples 1 % apart. */
    private static List<List<Double>> forks(double... means) {
        return Arrays.stream(means).mapToObj(m -> List.of(m * 0.99, m, m * 1.01)).toList();
    }

    @Test
    void theEndSaysWhichJdkRanWhichCellHowManyTimesAsFastAndCountsTheRest() {
        List<Cell> a = new ArrayList<>();
        List<Cell> b = new ArrayList<>();
        // sort at size=1000: B takes a quarter of A's time in every round; the other sizes and sum barely move.
        a.add(forked("Hello.sort", Map.of("size", "1000"), "avgt", "ms/op", forks(4.0, 4.1, 3.9, 4.0, 4.05)));
        b.add(forked("Hello.sort", Map.of("size", "1000"), "avgt", "ms/op", forks(1.0, 1.02, 0.98, 1.01, 1.0)));
        a.add(forked("Hello.sort", Map.of("size", "10"), "avgt", "ms/op", forks(2.0, 2.001, 1.999, 2.0, 2.0005)));
        b.add(forked("Hello.sort", Map.of("size", "10"), "avgt", "ms/op", forks(2.0, 2.0012, 1.9995, 2.0003, 2.0)));
        // A rate: B makes half as many, so A ran twice as fast.
        a.add(forked("Hello.rate", Map.of(), "thrpt", "ops/ms", forks(100, 102, 98, 101, 100)));
        b.add(forked("Hello.rate", Map.of(), "thrpt", "ops/ms", forks(50, 51, 49, 50.5, 50)));
        // Far too noisy to tell.
        a.add(forked("Hello.sum", Map.of("size", "1000"), "avgt", "ms/op", forks(1, 3, 0.5)));
        b.add(forked("Hello.sum", Map.of("size", "1000"), "avgt", "ms/op", forks(2, 0.7, 1.5)));
        RunRecord ra = run("openjdk-21", "21", a);
        RunRecord rb = run("openjdk-25", "25", b);
        RunDiff.Result diff = RunDiff.of("a", ra, "b", rb, new VerdictRules(0.95, 0.02, Adjustment.HOLM), false).result();

        List<String> said = CompareCommand.sentences(diff, "openjdk-21", "openjdk-25");
        assertThat(said).anyMatch(s -> s.matches("openjdk-25 ran Hello\\.sort size=1000 (3\\.9\\d|4\\.0\\d) "
                + "\\[\\d\\.\\d{3}, \\d\\.\\d{3}] times as fast as openjdk-21\\."));
        assertThat(said).contains("Hello.sort: no change larger than ±2 % in the other cell.");
        assertThat(said).anyMatch(s -> s.matches("openjdk-21 ran Hello\\.rate (1\\.9\\d|2\\.0\\d) \\[.*] times as fast as openjdk-25\\."));
        assertThat(said).anyMatch(s -> s.startsWith("Hello.sum: 1 cell could not tell (the smallest change its rounds could call: "));
        assertThat(said.get(said.size() - 1)).isEqualTo("(times as fast: for a time per operation, the slower JDK's time "
                + "over the faster's; for a throughput, the faster JDK's rate over the slower's)");
        // The factor is A/B for a time: B's quarter of A's time reads as about 4, inside its interval.
        String sort = said.stream().filter(s -> s.contains("Hello.sort size=1000")).findFirst().orElseThrow();
        double factor = Double.parseDouble(sort.split(" ")[4]);
        String[] interval = sort.substring(sort.indexOf('[') + 1, sort.indexOf(']')).split(", ");
        assertThat(factor).isBetween(Double.parseDouble(interval[0]), Double.parseDouble(interval[1]));
    }
}
