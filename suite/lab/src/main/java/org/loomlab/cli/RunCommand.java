package org.loomlab.cli;

import org.loomlab.run.LaneSpec;
import org.loomlab.layout.BuildLayout;
import org.loomlab.run.Profiler;
import org.loomlab.run.RunOptions;
import org.loomlab.run.RunSession;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * {@code loom-lab run}: plans the cells of a profile, checks every input before anything is
 * written, fingerprints host and JDK, then runs each cell in forked JVMs with a timeout ({@link RunSession}).
 */
@Command(name = "run", resourceBundle = "org.loomlab.cli.RunHelp", header = "Run the selected cells on one JDK, or on several as lanes taking turns, and write a run record for each.",
        description = "Writes results/<host>/<jdk-id>/<run-id>/ with run.json, JMH's JSON per cell and logs.")
final class RunCommand implements Callable<Integer> {

    @Mixin
    PlanOptions plan;

    @Mixin
    PolicyOptions policy;

    @Mixin
    ResultsOptions where;

    @Option(names = "--jvm", paramLabel = "PATH", split = ",",
            description = "the java binary or JDK home the cells run on (default: the JDK running loom-lab); two or more, "
                    + "comma-separated, run as lanes that take turns fork by fork, each named by its JDK's id")
    List<Path> jvms = new ArrayList<>();

    @Mixin
    LaneOptions lanes;

    @Option(names = "--jdk-id", paramLabel = "ID", description = "id of the JDK in results/ (default: vendor-feature, e.g. temurin-25)")
    String jdkId;

    @Option(names = "--jvm-args", paramLabel = "ARGS",
            description = "flags for the measured JVMs, recorded in run.json (default: -Xms1g -Xmx4g; scaled: from the host's memory)")
    String jvmArgs;

    @Option(names = "--strict", description = "exit 1 when any cell timed out, failed or missed its precision target (a CI gate);"
            + " without it such cells are listed at the end and the exit code is 0 when the run completed")
    boolean strict;

    @Option(names = "--run-id", paramLabel = "ID", description = "name of the run directory (default: UTC time and profile)")
    String runId;

    // Local by default: a run's HTTP dinners must not change with whether a Docker engine happens to be up; platform
    // threads' dinners took 1.4-2.1 times as long against the container as against a local JVM (docs/NOTES.md).
    @Option(names = "--fixture", defaultValue = "local", paramLabel = "WHERE",
            description = "the HTTP fixture for network cells: local (a JVM on loopback, with or without Docker), container,"
                    + " auto (a container when Docker answers and the image is built, else local), or the http:// URL of a"
                    + " running one (default: ${DEFAULT-VALUE})")
    String fixture;

    @Option(names = "--resume", description = "finish the run named by --run-id as it was planned (its profile, cells and"
            + " policy, from its plan.json): keep its finished cells, run the missing ones; lanes keep the cells every lane"
            + " finished, so a cell's rounds stay paired")
    boolean resume;

    @Option(names = "--top-up", paramLabel = "DURATION", converter = Converters.PositiveDuration.class,
            description = "with --resume, carry on a finished run whose lanes took turns: give more rounds to the cells "
                    + "whose ratio cannot yet call its --detect change, cheapest to call first (as its diff prices them), "
                    + "within DURATION of forks in all, e.g. 90m; a cell keeps its rounds and is pooled again over all "
                    + "of them; runs on the host that ran the run (earlier rounds come from the record where their raw fork files are gone)")
    Duration topUp;

    @Option(names = "--benchmarks", paramLabel = "JAR", description = "the JMH benchmarks jar (default: <home>/" + BuildLayout.BENCHMARKS_JAR + ")")
    Path benchmarks;

    @Option(names = "--prof", paramLabel = "NAME[:OPTS]", description = "profile the JMH cells with gc (allocation"
            + " per op), jfr (a recording per fork in jfr/), async (a flame graph per cell in profiles/) or any of JMH's"
            + " profilers, passed to JMH as -prof NAME[:OPTS] (e.g. stack, comp, perfnorm; java -jar benchmarks.jar -lprof"
            + " lists them); comma-separated names, options last; repeatable")
    List<String> prof = new ArrayList<>();

    @Override
    public Integer call() throws Exception {
        Path home = LoomLab.home();
        Path jar = benchmarks != null ? benchmarks : new BuildLayout(home).benchmarksJar();
        List<LaneSpec> asked = lanes.onJvms(jvms);
        Path jvm = jvms.size() == 1 ? jvms.get(0) : null;
        // In the order the flags were always checked in: the first bad one is the one said.
        Path java = javaBinary(jvm);
        Path results = where.layout().root();
        List<Profiler> profilers = Profiler.parse(prof);
        RunOptions options = RunOptions.of(home, jar, results, plan.request(policy))
                .withJava(java).withRunId(runId).withHostId(where.hostId).withJdkId(jdkId).withJvmArgs(jvmArgs)
                .withFixture(fixture).withProfilers(profilers).withResume(resume).withLanes(asked)
                .withTurnSeed(lanes.turnSeed).withTopUp(topUp);
        RunConsole console = new RunConsole(System.out, strict);
        new RunSession(options, console).run();
        return console.ok() ? LoomLab.OK : LoomLab.FAILED;
    }

    /** A java binary, or a JDK home holding bin/java. */
    static Path javaBinary(Path given) {
        if (given == null) {
            return Path.of(System.getProperty("java.home"), "bin", "java");
        }
        Path bin = Files.isDirectory(given) ? given.resolve("bin/java") : given;
        if (!Files.isExecutable(bin)) {
            throw new IllegalArgumentException("--jvm '" + given + "' is neither a java binary nor a JDK home with bin/java");
        }
        return bin;
    }
}
