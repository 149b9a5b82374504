package org.loomlab.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.loomlab.matrix.MatrixLane;
import org.loomlab.run.LaneSpec;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The lane options run and matrix share ({@link LaneOptions}): parsed once, the JDK part of a lane left to the command
 * (a java binary for run, a JDK id for matrix), and bad input refused in one line before anything runs.
 */
class LaneOptionsTest {

    @TempDir
    Path tmp;

    private static LaneOptions options(List<String> lanes, List<String> args, List<String> params) {
        LaneOptions options = new LaneOptions();
        options.lanes = lanes;
        options.laneArgs = args;
        options.laneParams = params;
        return options;
    }

    private static List<MatrixLane> matrixLanes(LaneOptions options) {
        return options.lanes("NAME=JDK_ID", (name, jdk, flags, own) -> new MatrixLane(name, jdk == null ? name : jdk, flags, own));
    }

    @Test
    void matrixLanesNameTheirJdkByIdAndCarryTheirOwnFlagsAndValues() {
        List<MatrixLane> lanes = matrixLanes(options(List.of("a=openjdk-25", "b=openjdk-25", "ctl=openjdk-25"),
                List.of("ctl=-XX:+UseSerialGC  -Dx=1"), List.of("ctl=mealtime=16.8")));
        assertThat(lanes).containsExactly(new MatrixLane("a", "openjdk-25", List.of(), Map.of()),
                new MatrixLane("b", "openjdk-25", List.of(), Map.of()),
                new MatrixLane("ctl", "openjdk-25", List.of("-XX:+UseSerialGC", "-Dx=1"), Map.of("mealtime", "16.8")));
    }

    @Test
    void aMatrixLaneWithoutAJdkRunsTheJdkNamedLikeIt() {
        assertThat(matrixLanes(options(List.of("openjdk-21", "openjdk-25"), List.of(), List.of())))
                .containsExactly(MatrixLane.of("openjdk-21"), MatrixLane.of("openjdk-25"));
    }

    @Test
    void withoutLanesThereAreNone() {
        assertThat(matrixLanes(options(List.of(), List.of(), List.of()))).isEmpty();
    }

    @Test
    void runLanesWithoutAJvmRunOnJvmsOrOnTheLabsOwn() {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        List<LaneSpec> lanes = options(List.of("a", "b"), List.of("b=-Xint"), List.of()).onJvms(List.of());
        assertThat(lanes).extracting(LaneSpec::name).containsExactly("a", "b");
        assertThat(lanes).extracting(LaneSpec::java).containsOnly(java);
        assertThat(lanes.get(1).flags()).containsExactly("-Xint");
        assertThat(options(List.of(), List.of(), List.of()).onJvms(List.of(java, java))).hasSize(2)
                .allSatisfy(l -> assertThat(l.name()).isNull());
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            "--lane a=openjdk-25|                                           --lane a=openjdk-25 is one lane; lanes take turns: give two or more",
            "--lane a=openjdk-25 --lane a=openjdk-21|                       two lanes are named 'a': name each, e.g. --lane a-a=JDK_ID --lane a-b=JDK_ID",
            "--lane a=openjdk-25 --lane b=openjdk-25 --lane-args c=-Xint|   --lane-args c=... names a lane no --lane gives; valid: a, b",
            "--lane a=openjdk-25 --lane b=openjdk-25 --lane-params b=mealtime| --lane-params 'b=mealtime' is not NAME=AXIS=VALUE, e.g. b=mealtime=16.8",
            "--lane a=openjdk-25 --lane b=openjdk-25 --lane-args =-Xint|    --lane-args '=-Xint' is not NAME=FLAGS, e.g. b='-XX:+UseSerialGC'",
            "--lane-params ctl=mealtime=16.8|                               --lane-params ctl=... names a lane; name the lanes with --lane NAME=JDK_ID first",
            "--jdk openjdk-21 --lane a=openjdk-25 --lane b=openjdk-25|      --jdk openjdk-21 and --lane both name what runs; valid: --jdk A,B, or --lane NAME=JDK_ID for each lane"})
    void matrixRefusesBadLanesInOneLineBeforeAnythingStarts(String args, String expected) {
        Path results = tmp.resolve("results");
        String[] argv = Stream.concat(Stream.of("matrix", "--results", results.toString()), Stream.of(args.split(" ")))
                .toArray(String[]::new);
        PrintStream err = System.err;
        ByteArrayOutputStream said = new ByteArrayOutputStream();
        int exit;
        try {
            System.setErr(new PrintStream(said, true, StandardCharsets.UTF_8));
            exit = LoomLab.execute(argv);
        } finally {
            System.setErr(err);
        }
        assertThat(exit).isEqualTo(LoomLab.USAGE);
        assertThat(said.toString(StandardCharsets.UTF_8).strip()).isEqualTo("loom-lab: " + expected);
        assertThat(results).doesNotExist();
    }
}
