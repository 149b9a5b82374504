package org.loomlab.matrix;

import org.loomlab.docker.DockerEngine;
import org.loomlab.docker.StandingContainer;
import org.loomlab.fixturehost.ContainerOwner;
import org.loomlab.fixturehost.Fixture;
import org.loomlab.fixturehost.FixtureMode;
import org.loomlab.layout.BuildLayout;
import org.loomlab.plan.CellPlan;
import org.loomlab.plan.PlanRequest;
import org.loomlab.plan.Profile;
import org.loomlab.plan.RunPlan;
import org.loomlab.record.MatrixRecord;
import org.loomlab.record.RecordJson;
import org.loomlab.record.ResultsLayout;
import org.loomlab.record.RunRecord;
import org.loomlab.record.RunStatus;
import org.loomlab.run.LaneSpec;
import org.loomlab.run.RunListener;
import org.loomlab.run.RunOptions;
import org.loomlab.run.RunSession;

import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * A matrix whose JDKs take turns fork by fork: one run whose lanes are the JDKs' runner images. Each image's container
 * starts once and stays up for the run; the lab, on the host, starts every fork in its lane's container
 * ({@link StandingContainer}) in the order {@link org.loomlab.plan.TurnOrder} shuffles each round, so whatever drifts
 * while the matrix runs reaches every JDK alike and JDK against JDK needs no run-to-run allowance. Each lane's record
 * lands where a matrix puts it ({@code results/<host>/<lane>/<matrix-id>/}), and the matrix record lists them.
 *
 * <p>A lane is a JDK named by its id, or one {@code --lane} names: then two lanes may run one image (an A/A), one of
 * them with flags or axis values of its own (a positive control). Each lane has a container of its own, named by the
 * lane, so two lanes of one image never share one.
 */
final class MatrixInTurns {

    /** The lane that takes part: its JDK's descriptor, the lane (name, flags, own values), its image, where its record goes. */
    record Entrant(JdkDescriptor jdk, MatrixLane lane, String image, Path runDir) {
    }

    private final Path home;
    private final PrintStream out;
    private final RunListener listener;

    /** @param listener told the run of the lanes as {@code loom-lab run} tells its own */
    MatrixInTurns(Path home, PrintStream out, RunListener listener) {
        this.home = home;
        this.out = out;
        this.listener = listener;
    }

    /**
     * Runs {@code entrants} as lanes of the run {@code id} and returns the matrix's entries, one a lane.
     *
     * @param results  where result sets go
     * @param jvmArgs  flags for every JDK's measured JVMs, or null for the profile's
     * @param turnSeed the seed of the rounds' order, or null for a fresh one
     * @param resume   carry on the run {@code id} whose lanes took turns, as it was planned
     * @param topUp    with {@code resume}, the forks' time a top-up of the finished run may spend; else null
     */
    List<MatrixRecord.Entry> run(List<Entrant> entrants, List<CellPlan> plans, Profile chosen, PlanRequest plan,
                                 Path results, String hostName, String id, String jvmArgs, Long turnSeed, boolean resume,
                                 Duration topUp, Path matrixFile, String user) throws Exception {
        if (topUp != null && (!plan.given().isEmpty() || jvmArgs != null || turnSeed != null)) {
            // A resume leaves planning flags out; a top-up is priced by its plan's change, so it refuses them outright.
            throw new IllegalArgumentException("--top-up carries on matrix " + id + " as it was planned; leave out "
                    + String.join(", ", plan.given()) + (jvmArgs != null ? " --jvm-args" : "")
                    + (turnSeed != null ? " --turn-seed" : ""));
        }
        // Resumed, the run's plan says which cells are left to need the fixture and how long a fork may take.
        RunPlan planned = resume ? RunPlan.read(entrants.get(0).runDir()).orElse(null) : null;
        List<CellPlan> cells = planned == null ? plans
                : planned.cellPlans(org.loomlab.plan.Experiments.in(new BuildLayout(home).benchmarksJar()));
        boolean network = cells.stream().anyMatch(p -> p.experiment().needsFixture(p.params()));
        // A hung fork is stopped by the lab at the fork limit, its JVM in the container with it (the launcher's trap);
        // should the lab itself be killed, the launcher kills that JVM a little later at the latest.
        Duration limit = (planned == null ? plan.timeout(chosen) : planned.timeout()).multipliedBy(2).plusSeconds(60);
        // Made here, by whoever runs the matrix: a bind of a missing folder would have the engine make it, as root.
        Files.createDirectories(results);
        Path launchers = Files.createTempDirectory("loom-lab-lanes");
        List<StandingContainer> started = new ArrayList<>();
        Thread stop = new Thread(() -> started.forEach(StandingContainer::close), "loom-lab-lanes-stop");
        Runtime.getRuntime().addShutdownHook(stop);
        try (Fixture fixture = network ? FixtureMode.start("container", null, null, out) : null) {
            List<LaneSpec> lanes = new ArrayList<>();
            for (Entrant e : entrants) {
                String name = "loomlab-" + id + "-" + e.lane().name();
                StandingContainer c = StandingContainer.start(name, e.image(), user, List.of(home, results),
                        ContainerOwner.labels(id));
                started.add(c);
                lanes.add(new LaneSpec(e.lane().name(), c.launcher(launchers, "/opt/jdk/bin/java", limit), e.lane().flags(),
                        e.lane().own(), new LaneSpec.Image(e.image(), DockerEngine.imageId(e.image()))));
            }
            boolean named = entrants.stream().anyMatch(e -> !e.lane().equals(MatrixLane.of(e.jdk().id())));
            out.printf("matrix: %d %s take turns fork by fork, each in its own runner container that stays up for the run%n",
                    entrants.size(), named ? "lanes" : "JDKs");
            BuildLayout build = new BuildLayout(home);
            if (resume && (!plan.given().isEmpty() || jvmArgs != null || turnSeed != null)) {
                // As a matrix run JDK after JDK resumes: the flags that planned it are its plan's, not those typed again.
                out.println("matrix: resuming as planned in " + id + "'s plan.json; the planning flags given again are left out");
            }
            RunOptions options = RunOptions.of(home, build.benchmarksJar(), results, resume ? PlanRequest.none() : plan)
                    .withJava(lanes.get(0).java()).withRunId(id).withHostId(hostName)
                    .withFixture(fixture == null ? "local" : fixture.url()).withResume(resume).withLanes(lanes)
                    .withTopUp(topUp);
            // Resumed, the plan says what the flags did: those typed again are left out, not refused.
            if (!resume) {
                options = options.withJvmArgs(jvmArgs).withTurnSeed(turnSeed);
            }
            new RunSession(options, listener).run();
        } finally {
            started.forEach(StandingContainer::close);
            Runtime.getRuntime().removeShutdownHook(stop);
            try (var files = Files.list(launchers)) {
                for (Path f : files.toList()) {
                    Files.deleteIfExists(f);
                }
            }
            Files.deleteIfExists(launchers);
        }
        List<MatrixRecord.Entry> entries = new ArrayList<>();
        for (Entrant e : entrants) {
            Path runJson = ResultsLayout.runJson(e.runDir());
            String relative = matrixFile.getParent().relativize(runJson).toString();
            RunRecord r = Files.exists(runJson) ? RecordJson.read(runJson) : null;
            entries.add((r != null && r.status() == RunStatus.COMPLETE ? new MatrixRecord.Entry(e.jdk().id(), "ok", null, relative)
                    : MatrixRecord.Entry.failed(e.jdk().id(), r == null ? "no record" : "run " + r.status().name().toLowerCase(),
                    runJson, relative)).inLane(e.lane().name()));
        }
        return entries;
    }

    /** Whether the run in {@code runDir} took turns: its plan names lanes. */
    static boolean tookTurns(Path runDir) {
        try {
            return RunPlan.read(runDir).map(p -> p.lanes() != null).orElse(false);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /**
     * Why this matrix cannot take turns, or null when it can.
     *
     * @param resumeApart a resume of a matrix whose JDKs ran one after another, which carries on that way
     */
    static String whyNot(boolean resumeApart, Double cpus, Long memoryBytes, boolean emulated, int runnable) {
        return resumeApart ? "--resume finishes a matrix that ran JDK after JDK the same way"
                : cpus != null || memoryBytes != null ? "--cpus and --memory limit one runner container at a time"
                : emulated ? "emulated JDKs run under qemu, which would measure itself beside the native ones"
                : runnable < 2 ? runnable + " JDK to run" : null;
    }
}
