package org.loomlab.cli;

import org.loomlab.matrix.MatrixLane;
import org.loomlab.matrix.MatrixPlan;
import org.loomlab.matrix.MatrixRun;
import org.loomlab.record.RecordJson;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * {@code loom-lab matrix}: the same profile on every built JDK, one runner container after another ({@link MatrixRun}).
 * A JDK whose container fails is recorded as failed and the next one runs; {@code --resume} finishes a matrix whose
 * lab was killed (or stopped to go on another day), without redoing finished cells, in turns if it began in turns. {@code --lane NAME=JDK_ID} (with {@code --lane-args} and
 * {@code --lane-params}, as {@code run} reads them: {@link LaneOptions}) runs lanes of chosen JDKs instead, the same
 * image twice for an A/A or with a known change for a positive control, always taking turns.
 */
@Command(name = "matrix", resourceBundle = "org.loomlab.cli.MatrixHelp", header = "Run a profile in one runner container per built JDK (bench-all).")
final class MatrixCommand implements Callable<Integer> {

    @Option(names = "--jdk", split = ",", paramLabel = "ID", description = "JDK ids, e.g. openjdk-21,temurin-25 (default: every built image; not with --lane)")
    List<String> jdks = new ArrayList<>();

    @Mixin
    PlanOptions plan;

    @Mixin
    PolicyOptions policy;

    @Mixin
    ResultsOptions where;

    @Option(names = "--jvm-args", paramLabel = "ARGS",
            description = "flags for every JDK's measured JVMs, e.g. \"-Xms1g -Xmx4g -Djdk.virtualThreadScheduler.parallelism=4\";"
                    + " given to each runner's run and recorded in its run.json (default: the profile's)")
    String jvmArgs;

    @Option(names = "--matrix-id", paramLabel = "ID", description = "names the matrix and each JDK's run directory (default: UTC time)")
    String matrixId;

    @Option(names = "--resume", description = "finish the matrix named by --matrix-id as it began: JDKs that took turns "
            + "carry on taking turns, keeping the cells every JDK finished (give the same --lane flags); JDKs run one after "
            + "another skip complete runs and resume the others")
    boolean resume;

    @Option(names = "--top-up", paramLabel = "DURATION", converter = Converters.PositiveDuration.class,
            description = "with --resume, carry on a finished matrix whose JDKs took turns: give more rounds to the cells "
                    + "whose ratio cannot yet call its --detect change, cheapest to call first, within DURATION of forks in "
                    + "all, e.g. 90m; runs on the host that ran the matrix (earlier rounds come from the records where their raw fork files are gone)")
    Duration topUp;

    @Option(names = "--arch", paramLabel = "ARCH",
            description = "amd64 or arm64: whose runner images to use; a foreign one runs under qemu, its timings mean nothing (default: this machine's)")
    String arch;

    @Option(names = "--cpus", paramLabel = "N", converter = Converters.Cpus.class,
            description = "CPU limit of each runner container, e.g. 1 or 1.5 (default: none)")
    Double cpus;

    @Option(names = "--memory", paramLabel = "SIZE", converter = Converters.Size.class,
            description = "memory limit of each runner container, e.g. 6g or 512m (default: none)")
    Long memory;

    @Option(names = "--jdk-timeout", paramLabel = "DURATION", defaultValue = "3h", converter = Converters.PositiveDuration.class,
            description = "limit per JDK container (default: ${DEFAULT-VALUE})")
    Duration jdkTimeout;

    @Option(names = "--one-after-another", description = "run each JDK's whole run in its own runner container, one after "
            + "another (what --cpus, --memory, an emulated --arch and the --resume of such a matrix do anyway); by default the JDKs take turns "
            + "fork by fork in one run, each in a runner container that stays up, and compare without a run-to-run allowance")
    boolean oneAfterAnother;

    @Mixin
    LaneOptions lanes;

    @Option(names = "--dry-run", description = "start nothing: say where each JDK's (or lane's) records would go, with which"
            + " image, flags and axis values, and whether it would run, resume or be skipped")
    boolean dryRun;

    @Option(names = "--json", description = "with --dry-run: as one JSON object, for scripts (Ansible, CI) that need the paths")
    boolean json;

    @Override
    public Integer call() throws Exception {
        if (!jdks.isEmpty() && !lanes.lanes.isEmpty()) {
            throw new IllegalArgumentException("--jdk " + String.join(",", jdks) + " and --lane both name what runs; valid: "
                    + "--jdk A,B, or --lane NAME=JDK_ID for each lane");
        }
        // A lane without a JDK runs the JDK named like it: --lane openjdk-25 --lane ctl=openjdk-25.
        List<MatrixLane> asked = lanes.lanes("NAME=JDK_ID", (name, jdk, flags, own) -> new MatrixLane(name,
                jdk == null ? name : jdk, flags, own));
        MatrixRun matrix = MatrixRun.checked(new MatrixRun.Request(LoomLab.home(), where.layout().root(), matrixId,
                where.hostId, jdks, arch, cpus, memory, jdkTimeout, resume, plan.request(policy), jvmArgs, oneAfterAnother,
                lanes.turnSeed, asked, topUp), System.out, new RunConsole(System.out, false));
        if (json && !dryRun) {
            throw new IllegalArgumentException("--json describes a dry run; give it with --dry-run");
        }
        if (dryRun) {
            MatrixPlan plan = matrix.plan();
            System.out.println(json ? RecordJson.mapper().writerWithDefaultPrettyPrinter().writeValueAsString(plan) : plan.text());
            return LoomLab.OK;
        }
        return matrix.run() ? LoomLab.OK : LoomLab.FAILED;
    }
}
