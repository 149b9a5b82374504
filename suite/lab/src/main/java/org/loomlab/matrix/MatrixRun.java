package org.loomlab.matrix;

import org.loomlab.axis.Arch;
import org.loomlab.docker.ContainerRun;
import org.loomlab.docker.DockerEngine;
import org.loomlab.fingerprint.HostFingerprint;
import org.loomlab.fixturehost.ContainerOwner;
import org.loomlab.fixturehost.Fixture;
import org.loomlab.fixturehost.FixtureMode;
import org.loomlab.layout.BuildLayout;
import org.loomlab.layout.Ids;
import org.loomlab.plan.CellPlan;
import org.loomlab.plan.Experiments;
import org.loomlab.plan.PlanRequest;
import org.loomlab.plan.Profile;
import org.loomlab.plan.RunPlan;
import org.loomlab.progress.Progress;
import org.loomlab.progress.ProgressLog;
import org.loomlab.progress.ProgressTail;
import org.loomlab.record.MatrixRecord;
import org.loomlab.record.RecordJson;
import org.loomlab.record.ResultsLayout;
import org.loomlab.run.LaneSpec;
import org.loomlab.run.RunListener;
import org.loomlab.text.Figures;
import org.loomlab.text.MarkdownTable;

import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.OptionalInt;
import java.util.stream.Stream;

/**
 * One {@code loom-lab matrix}: the same plan on every selected JDK, one runner container after another (the machine
 * has two cores: parallel containers would measure each other). The fixture runs once, as a Testcontainers container
 * on the same engine; runners use the host network to reach it on loopback. A JDK whose container fails is recorded
 * as failed and the next one runs; a resumed matrix skips complete JDKs and resumes the others' runs.
 *
 * <p>While a runner runs, the matrix follows its progress events ({@link ProgressTail} on the run's
 * {@code progress.jsonl}) for the matrix's ETA; its output is shown and logged as it is, never parsed.
 */
public final class MatrixRun {

    /**
     * What the command line asked, each value already of its type.
     *
     * @param results     where result sets go (results/HOST/JDK/MATRIX-ID)
     * @param matrixId    the matrix's name and each JDK's run directory, or null for the UTC time
     * @param hostId      the host's name in results/ and every record, or null for its fingerprint's
     * @param jdks        the JDK ids to run, or none for every built image
     * @param arch        whose runner images (amd64, arm64), or null for this machine's
     * @param cpus        the CPU limit of each runner container, or null for none
     * @param memoryBytes the memory limit of each runner container, or null for none
     * @param jdkTimeout  the limit of one JDK's container
     * @param resume      finish the matrix named by {@code matrixId}
     * @param plan        the cells and policy each JDK's run is asked for
     * @param jvmArgs     flags for the measured JVMs of every JDK's run, or null for the profile's (a resumed run keeps
     *                    its own)
     * @param oneAfterAnother run each JDK's whole run in its own container, one after another, even where they could take
     *                    turns fork by fork ({@link MatrixInTurns})
     * @param turnSeed    the seed of the order JDKs take their turns in, or null for a fresh one
     * @param lanes       the lanes that take turns ({@code --lane}), in place of {@code jdks}; none for each JDK as a
     *                    lane named by its id
     */
    public record Request(Path home, Path results, String matrixId, String hostId, List<String> jdks, String arch,
                          Double cpus, Long memoryBytes, Duration jdkTimeout, boolean resume, PlanRequest plan,
                          String jvmArgs, boolean oneAfterAnother, Long turnSeed, List<MatrixLane> lanes, Duration topUp) {

        public Request {
            jdks = List.copyOf(jdks);
            lanes = List.copyOf(lanes);
        }
    }

    /** What every JDK's turn shares: where the records go, the matrix's name and profile, and its fixture. */
    private record Matrix(Path root, Path matrixFile, String hostName, String id, Profile chosen, Fixture fixture) {
    }

    /** One JDK's turn: its image and container, its run directory, the prefix of its lines, the matrix's ETA meanwhile. */
    private record Turn(JdkDescriptor jdk, String image, String container, Path runDir, Path log, String prefix, MatrixEta eta) {
    }

    private final Request request;
    private final PrintStream out;
    /** Told the run of JDKs that take turns, as {@code loom-lab run} tells its own. */
    private final RunListener inTurns;
    private final Profile chosen;
    private final List<CellPlan> plans;
    private final List<JdkDescriptor> selected;
    private final List<MatrixLane> lanes;
    private final Arch target;
    private final ResultsLayout layout;
    private final String id;
    private final String hostName;

    private MatrixRun(Request request, PrintStream out, RunListener inTurns, Profile chosen, List<CellPlan> plans, List<JdkDescriptor> selected,
                      List<MatrixLane> lanes, Arch target) {
        this.request = request;
        this.out = out;
        this.inTurns = inTurns;
        this.chosen = chosen;
        this.plans = plans;
        this.selected = selected;
        this.lanes = lanes;
        this.target = target;
        this.layout = new ResultsLayout(request.results().toAbsolutePath());
        this.id = request.matrixId() != null ? request.matrixId()
                : DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss").withZone(ZoneOffset.UTC).format(Instant.now()) + "-matrix";
        // Emulated results are kept apart from the machine's own: their host id says so.
        this.hostName = request.hostId() != null ? request.hostId()
                : new HostFingerprint().read().name() + (target.emulated() ? "-" + target.label() + "-qemu" : "");
    }

    /** Where every record would go and what each JDK would do, as {@code --dry-run} says it; nothing is started. */
    public MatrixPlan plan() {
        return MatrixPlan.of(layout, hostName, id, chosen.label(), target, selected, lanes, plans.size(), request.resume());
    }

    /** The matrix {@code request} asks for, every input checked: a bad one is a one-line error before any container starts. */
    public static MatrixRun checked(Request request, PrintStream out, RunListener inTurns) throws IOException {
        Path home = request.home();
        Profile chosen = request.plan().chosenProfile();
        // The runner images carry this jar, so its catalogue is what every JDK's run plans from.
        Experiments catalogue = Experiments.in(new BuildLayout(home).benchmarksJar());
        List<CellPlan> plans = request.plan().cells(catalogue, chosen);
        request.plan().interleaving(plans);
        boolean laned = !request.lanes().isEmpty();
        // A lane names its JDK as --jdk does: the same check, the same error for an id no descriptor has.
        List<JdkDescriptor> selected = JdkDescriptor.select(JdkDescriptor.all(home.resolve("jdks")),
                laned ? request.lanes().stream().map(MatrixLane::jdk).toList() : request.jdks());
        List<MatrixLane> lanes = laned ? request.lanes() : selected.stream().map(j -> MatrixLane.of(j.id())).toList();
        Arch target = request.arch() == null ? Arch.host() : Arch.of(request.arch());
        if (request.resume() && request.matrixId() == null) {
            throw new IllegalArgumentException("--resume needs the --matrix-id of the matrix to finish");
        }
        Ids.check("matrix id", request.matrixId());
        Ids.check("host id", request.hostId());
        if (laned) {
            lanes.forEach(l -> Ids.check("lane", l.name()));
            LaneSpec.ownAxes(lanes.stream().map(MatrixLane::own).toList(), plans);
            // Lanes always took turns, so a resumed one resumes in turns too.
            String whyNot = request.oneAfterAnother() ? "--one-after-another runs JDK after JDK"
                    : MatrixInTurns.whyNot(false, request.cpus(), request.memoryBytes(), target.emulated(), lanes.size());
            if (whyNot != null) {
                throw new IllegalArgumentException("--lane: lanes only take turns fork by fork in one run, and " + whyNot
                        + "; valid: --lane without it, or --jdk");
            }
        }
        return new MatrixRun(request, out, inTurns, chosen, plans, selected, lanes, target);
    }

    /**
     * Runs every selected JDK; true when each one's run is ok or skipped. JDKs take turns fork by fork in one run where
     * they can ({@link MatrixInTurns}); otherwise, or asked to, each runs in its own container after the other.
     */
    public boolean run() throws Exception {
        DockerEngine.client(); // one line when no engine answers
        MatrixPlan plan = plan();
        // A matrix resumes as it began: in turns when its runs kept a plan of lanes, else JDK after JDK.
        boolean resumeInTurns = request.resume() && plan.jdks().stream().anyMatch(j -> MatrixInTurns.tookTurns(Path.of(j.runDir())));
        if (request.topUp() != null && !resumeInTurns) {
            throw new IllegalArgumentException(!request.resume() ? "--top-up carries on a finished matrix: give --resume "
                    + "and its --matrix-id" : "--top-up: matrix " + id + " did not take turns (no plan of lanes at "
                    + plan.jdks().get(0).runDir() + "); a top-up adds rounds, and only a round of lanes pairs");
        }
        if (!request.lanes().isEmpty() && request.resume() && !resumeInTurns) {
            throw new IllegalArgumentException("--resume: matrix " + id + " has no run of these lanes to resume (no plan at "
                    + plan.jdks().get(0).runDir() + "); start it without --resume");
        }
        if (!request.lanes().isEmpty() && !resumeInTurns) {
            // A lane left out would leave an A/A or a control without its other half, or move the baseline.
            plan.jdks().stream().filter(j -> !j.runs()).findFirst().ifPresent(j -> {
                throw new IllegalArgumentException("lane " + j.lane() + ": " + (j.why() != null ? j.why() + " (just images)"
                        : "its record exists already: " + j.runJson() + " (choose another --matrix-id)"));
            });
        }
        ContainerOwner.reap(false).forEach(r -> out.println("removed a container left behind: " + r));
        // Resumed in turns with a lane left to run, or topped up, a complete lane takes its turns too: its run's other
        // lanes are its partners. A matrix complete in every lane and not topped up stays as it is.
        boolean partners = resumeInTurns && (request.topUp() != null || plan.jdks().stream().anyMatch(MatrixPlan.Jdk::runs));
        int runnable = (int) plan.jdks().stream().filter(j -> j.runs() || partners && j.action().equals("complete"))
                .count();
        String whyNot = MatrixInTurns.whyNot(request.resume() && !resumeInTurns, request.cpus(), request.memoryBytes(),
                target.emulated(), runnable);
        if (request.oneAfterAnother() || whyNot != null) {
            Double detect = request.plan().detect();
            if (detect != null) {
                throw new IllegalArgumentException("--detect " + Figures.percent(detect) + ": only JDKs that take turns are "
                        + "compared round by round, and this matrix runs JDK after JDK (" + (request.oneAfterAnother()
                        ? "--one-after-another" : whyNot) + "); valid: --precision");
            }
            out.println("matrix: one JDK after another, each run in its own container (" + (request.oneAfterAnother()
                    ? "--one-after-another" : whyNot) + "): JDK against JDK is then a comparison of runs apart");
            return oneAfterAnother(plan);
        }
        Instant started = Instant.now();
        Path matrixFile = layout.matrixRecord(hostName, id);
        List<MatrixInTurns.Entrant> entrants = new ArrayList<>();
        List<MatrixRecord.Entry> skipped = new ArrayList<>();
        for (int i = 0; i < selected.size(); i++) {
            MatrixPlan.Jdk planned = plan.jdks().get(i);
            // Resumed in turns, a lane already complete takes part too: its run's other lanes are its partners.
            if (planned.runs() || resumeInTurns && planned.action().equals("complete")) {
                entrants.add(new MatrixInTurns.Entrant(selected.get(i), lanes.get(i), planned.image(), Path.of(planned.runDir())));
            } else {
                skipped.add(MatrixRecord.Entry.skipped(selected.get(i).id(), planned.why() + " (just images)"));
            }
        }
        List<MatrixRecord.Entry> entries = new ArrayList<>(skipped);
        entries.addAll(new MatrixInTurns(request.home(), out, inTurns).run(entrants, plans, chosen, request.plan(), layout.root(),
                hostName, id, request.jvmArgs(), request.turnSeed(), resumeInTurns, request.topUp(), matrixFile,
                callerUidGid()));
        return ended(matrixFile, started, entries);
    }

    /** The matrix record written and its table printed; true when every JDK is ok or skipped. */
    private boolean ended(Path matrixFile, Instant started, List<MatrixRecord.Entry> entries) {
        RecordJson.writeAtomically(matrixFile, new MatrixRecord(id, chosen.label(), started, Instant.now(), entries));
        out.println();
        boolean laned = entries.stream().anyMatch(e -> e.lane() != null);
        out.print(MarkdownTable.render(laned ? List.of("lane", "jdk", "status", "record / reason")
                : List.of("jdk", "status", "record / reason"), entries.stream().map(e -> {
                    List<String> row = new ArrayList<>(laned ? List.of(e.name(), e.jdk()) : List.of(e.jdk()));
                    row.addAll(List.of(e.status(), e.runJson() != null ? e.runJson() : String.valueOf(e.message())));
                    return row;
                }).toList()));
        out.println("matrix: " + matrixFile);
        return entries.stream().allMatch(e -> e.status().equals("ok") || e.status().equals("skipped"));
    }

    /** Every selected JDK's run in its own container, one after another. */
    private boolean oneAfterAnother(MatrixPlan plan) throws IOException, InterruptedException {
        Path root = layout.root();
        boolean network = plans.stream().anyMatch(p -> p.experiment().needsFixture(p.params()));

        List<String> cleanup = new ArrayList<>();
        Instant started = Instant.now();
        List<MatrixRecord.Entry> entries = new ArrayList<>();
        Path matrixFile = layout.matrixRecord(hostName, id);
        try (Fixture fixture = network ? FixtureMode.start("container", null, null, out) : null) {
            Matrix matrix = new Matrix(root, matrixFile, hostName, id, chosen, fixture);
            Thread stop = new Thread(() -> cleanup.forEach(DockerEngine::remove), "loom-lab-matrix-stop");
            Runtime.getRuntime().addShutdownHook(stop);
            double spent = 0;
            int ran = 0;
            for (int i = 0; i < selected.size(); i++) {
                JdkDescriptor jdk = selected.get(i);
                MatrixPlan.Jdk planned = plan.jdks().get(i);
                String image = planned.image();
                String container = "loomlab-" + id + "-" + image.replaceAll(".*:", "");
                String prefix = String.format("[jdk %d/%d] %s", i + 1, selected.size(), jdk.id());
                int left = (int) plan.jdks().subList(i + 1, selected.size()).stream().filter(MatrixPlan.Jdk::runs).count();
                Path runDir = Path.of(planned.runDir());
                MatrixRecord.Entry entry;
                if (!planned.runs() && planned.why() != null) {
                    entry = MatrixRecord.Entry.skipped(jdk.id(), planned.why() + (planned.why().startsWith("image ")
                            ? " (just images" + (target.emulated() ? " --arch " + target.label() : "") + ")" : ""));
                } else if (!planned.runs()) {
                    entry = new MatrixRecord.Entry(jdk.id(), "ok", "complete before the resume", relative(matrixFile, runDir));
                } else {
                    long t0 = System.nanoTime();
                    cleanup.add(container);
                    MatrixEta eta = new MatrixEta(t0, ran == 0 ? Double.NaN : spent / ran, left);
                    entry = runOne(matrix, new Turn(jdk, image, container, runDir, Path.of(planned.containerLog()), prefix, eta));
                    cleanup.remove(container);
                    spent += (System.nanoTime() - t0) / 1e9;
                    ran++;
                }
                entries.add(entry);
                String eta = ran == 0 ? "" : ", ETA " + Progress.clock(Duration.ofSeconds(Math.round(spent / ran * left)));
                out.printf("%s: %s%s | elapsed %s%s%n", prefix, entry.status(), entry.message() == null ? "" : " (" + entry.message() + ")",
                        Progress.clock(Duration.between(started, Instant.now())), eta);
                RecordJson.writeAtomically(matrixFile, new MatrixRecord(id, chosen.label(), started, null, entries));
            }
            Runtime.getRuntime().removeShutdownHook(stop);
        }
        return ended(matrixFile, started, entries);
    }

    private MatrixRecord.Entry runOne(Matrix matrix, Turn turn) throws IOException, InterruptedException {
        JdkDescriptor jdk = turn.jdk();
        String image = turn.image();
        String container = turn.container();
        Path runDir = turn.runDir();
        String id = matrix.id();
        Path jdkDir = runDir.getParent();
        Files.createDirectories(jdkDir);
        boolean resumeRun = Files.exists(ResultsLayout.runJson(runDir));
        if (!resumeRun && Files.exists(runDir)) {
            deleteTree(runDir); // killed before its first record: nothing in it to keep
        }
        // The runner runs as whoever runs the matrix, so its records belong to them (no world-writable directories).
        ContainerRun runner = new ContainerRun(container, image).hostNetwork().user(callerUidGid()).env("HOME", "/tmp")
                .env("LOOMLAB_IMAGE", image).env("LOOMLAB_IMAGE_ID", DockerEngine.imageId(image))
                .bind(matrix.root(), "/results").labels(ContainerOwner.labels(id));
        // Limits are the container's; the runner's fingerprint reads them back from its cgroup into the record.
        if (request.cpus() != null) {
            runner.cpus(request.cpus());
        }
        if (request.memoryBytes() != null) {
            runner.memory(request.memoryBytes());
        }
        List<String> cmd = new ArrayList<>(List.of(
                "run", "--jdk-id", jdk.id(), "--host-id", matrix.hostName(), "--results", "/results", "--run-id", id));
        if (matrix.fixture() != null) {
            cmd.addAll(List.of("--fixture", matrix.fixture().url()));
        }
        // A run that kept its plan resumes from it and refuses planning flags; older ones are planned again.
        if (!(resumeRun && Files.exists(runDir.resolve(RunPlan.FILE)))) {
            cmd.addAll(request.plan().runArgs(matrix.chosen()));
            if (request.jvmArgs() != null) {
                cmd.addAll(List.of("--jvm-args", request.jvmArgs()));
            }
        }
        if (resumeRun) {
            cmd.add("--resume");
        }
        out.println(turn.prefix() + ": " + (resumeRun ? "resuming" : "starting") + " in " + image);
        Path log = turn.log();
        String linePrefix = "  " + jdk.id() + " | ";
        // Only what the runner appends from now on is news: a resumed run's file holds its earlier events.
        ProgressTail events = ProgressTail.from(runDir.resolve(ProgressLog.FILE));
        OptionalInt exit;
        try (PrintWriter file = new PrintWriter(Files.newBufferedWriter(log))) {
            // The runner's output as it comes, on the console (each line prefixed) and in the container's log.
            Thread follow = Thread.ofVirtual().start(() -> follow(events, linePrefix, turn.eta()));
            try {
                exit = runner.args(cmd).run(line -> {
                    file.println(line);
                    file.flush();
                    out.println(linePrefix + line);
                }, request.jdkTimeout());
            } finally {
                follow.interrupt();
                follow.join(10_000);
            }
        }
        // once more after the container ended: the last cell's event was written before it exited
        printNew(events, linePrefix, turn.eta());
        Path runJson = ResultsLayout.runJson(runDir);
        if (exit.isEmpty()) {
            return MatrixRecord.Entry.failed(jdk.id(), "exceeded " + request.jdkTimeout() + "; container killed", runJson,
                    relative(matrix.matrixFile(), runDir));
        }
        if (!MatrixPlan.complete(runDir)) {
            return MatrixRecord.Entry.failed(jdk.id(), "container exit " + exit.getAsInt() + " without a complete record; see " + log,
                    runJson, relative(matrix.matrixFile(), runDir));
        }
        return new MatrixRecord.Entry(jdk.id(), "ok", exit.getAsInt() == 0 ? null : "some cells not ok (exit " + exit.getAsInt() + ")",
                relative(matrix.matrixFile(), runDir));
    }

    /** {@code uid:gid} of this process, for {@code docker run --user}. */
    private static String callerUidGid() {
        var me = new com.sun.security.auth.module.UnixSystem();
        return me.getUid() + ":" + me.getGid();
    }

    /** The run record as the matrix file names it: relative, so a result set stays valid when copied or cloned. */
    private static String relative(Path matrixFile, Path runDir) {
        return matrixFile.getParent().relativize(ResultsLayout.runJson(runDir)).toString();
    }

    /** The events the runner appended since the last look, each finished cell as a line with the matrix's ETA. */
    private void printNew(ProgressTail events, String prefix, MatrixEta eta) {
        events.poll().forEach(e -> eta.line(e, System.nanoTime()).ifPresent(line -> out.println(prefix + line)));
    }

    /** The runner's progress events while its container runs, each finished cell with the matrix's ETA. */
    private void follow(ProgressTail events, String prefix, MatrixEta eta) {
        try {
            while (!Thread.currentThread().isInterrupted()) {
                printNew(events, prefix, eta);
                Thread.sleep(1000);
            }
        } catch (InterruptedException e) {
            // the container ended: the caller reads the last events itself
        }
    }

    private static void deleteTree(Path dir) throws IOException {
        try (Stream<Path> walk = Files.walk(dir)) {
            for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }
}
