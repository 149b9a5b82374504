package org.loomlab.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;

/** The typed options of run and matrix: read while parsing, each bad value one line naming it and the valid form. */
class TypedOptionsTest {

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            "run --budget soon|          --budget 'soon' is not a positive duration; valid: e.g. 90s, 10m or 1h",
            "run --timeout 0s|           --timeout '0s' is not a positive duration; valid: e.g. 90s, 10m or 1h",
            "run --run-budget never|     --run-budget 'never' is not a positive duration; valid: e.g. 90s, 10m or 1h",
            "run --precision 150%|       --precision '150%' is not a relative half-width; valid: above 0 % and below 100 %, e.g. 5% or 0.05",
            "run --confidence 1.5|       --confidence '1.5' is not a level; valid: between 0 and 1, e.g. 0.95 or 99.9%",
            "matrix --budget 5x|         --budget '5x' is not a positive duration; valid: e.g. 90s, 10m or 1h",
            "matrix --jdk-timeout 3d|    --jdk-timeout '3d' is not a positive duration; valid: e.g. 90s, 10m or 1h",
            "matrix --cpus zero|         --cpus 'zero' is not a positive number of CPUs, e.g. 1 or 1.5",
            "matrix --memory 3GB|        --memory '3GB' is not a size; valid: a number with k, m or g, e.g. 6g or 512m"})
    void refusesABadValueInOneLineWhileParsing(String args, String expected) {
        PrintStream err = System.err;
        ByteArrayOutputStream said = new ByteArrayOutputStream();
        int exit;
        try {
            System.setErr(new PrintStream(said, true, StandardCharsets.UTF_8));
            exit = LoomLab.execute(args.split(" "));
        } finally {
            System.setErr(err);
        }
        assertThat(exit).isEqualTo(LoomLab.USAGE);
        assertThat(said.toString(StandardCharsets.UTF_8).strip()).isEqualTo("loom-lab: " + expected);
    }

    @Test
    void readsEachFormItNames() {
        assertThat(new Converters.PositiveDuration().convert("90")).isEqualTo(Duration.ofSeconds(90));
        assertThat(new Converters.PositiveDuration().convert("500ms")).isEqualTo(Duration.ofMillis(500));
        assertThat(new Converters.PositiveDuration().convert("PT1M30S")).isEqualTo(Duration.ofSeconds(90));
        assertThat(new Converters.PositiveDuration().convert("3h")).isEqualTo(Duration.ofHours(3));
        assertThat(new Converters.RunBudgetTotal().convert("none").total()).isNull();
        assertThat(new Converters.RunBudgetTotal().convert("30m").total()).isEqualTo(Duration.ofMinutes(30));
        assertThat(new Converters.HalfWidth().convert("2.5%")).isEqualTo(0.025);
        assertThat(new Converters.Level().convert("0.99")).isEqualTo(0.99);
        assertThat(new Converters.Size().convert("3g")).isEqualTo(3L << 30);
        assertThat(new Converters.Size().convert("512m")).isEqualTo(512L << 20);
        assertThat(new Converters.Cpus().convert("1.5")).isEqualTo(1.5);
    }
}
