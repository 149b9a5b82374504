package org.loomlab.matrix;

import org.loomlab.fingerprint.HostFingerprint;
import org.loomlab.fixtures.ContainerOwner;
import org.loomlab.fixtures.Fixture;
import org.loomlab.fixtures.FixtureMode;
import org.loomlab.plan.CellPlan;
import org.loomlab.plan.Experiments;
import org.loomlab.plan.PlanRequest;
import org.loomlab.plan.Profile;
import org.loomlab.plan.RunPlan;
import org.loomlab.progress.Progress;
import org.loomlab.progress.ProgressLog;
import org.loomlab.progress.ProgressTail;
import org.loomlab.record.RecordJson;
import org.loomlab.record.RunRecord;
import org.loomlab.record.RunStatus;
import org.loomlab.report.Figures;
import org.loomlab.report.MarkdownTable;
import org.loomlab.run.RunSession;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
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
     */
    public record Request(Path home, Path results, String matrixId, String hostId, List<String> jdks, String arch,
                          Double cpus, Long memoryBytes, Duration jdkTimeout, boolean resume, PlanRequest plan) {

        public Request {
            jdks = List.copyOf(jdks);
        }
    }

    /** What every JDK's turn shares: where the records go, the matrix's name and profile, and its fixture. */
    private record Matrix(Path root, Path matrixFile, String hostName, String id, Profile chosen, Fixture fixture) {
    }

    /** One JDK's turn: its image and container, its run directory, the prefix of its lines, the matrix's ETA meanwhile. */
    private record Turn(JdkDescriptor jdk, String image, String container, Path runDir, String prefix, MatrixEta eta) {
    }

    private final Request request;
    private final PrintStream out;
    private final Profile chosen;
    private final List<CellPlan> plans;
    private final List<JdkDescriptor> selected;
    private final Arch target;

    private MatrixRun(Request request, PrintStream out, Profile chosen, List<CellPlan> plans, List<JdkDescriptor> selected,
                      Arch target) {
        this.request = request;
        this.out = out;
        this.chosen = chosen;
        this.plans = plans;
        this.selected = selected;
        this.target = target;
    }

    /** The matrix {@code request} asks for, every input checked: a bad one is a one-line error before any container starts. */
    public static MatrixRun checked(Request request, PrintStream out) throws IOException {
        Path home = request.home();
        Profile chosen = request.plan().chosenProfile();
        // The runner images carry this jar, so its catalogue is what every JDK's run plans from.
        Experiments catalogue = Experiments.in(home.resolve("suite/bench/target/benchmarks.jar"));
        List<CellPlan> plans = request.plan().cells(catalogue, chosen);
        List<JdkDescriptor> selected = JdkDescriptor.select(JdkDescriptor.all(home.resolve("jdks")), request.jdks());
        Arch target = request.arch() == null ? Arch.host() : Arch.of(request.arch());
        if (request.resume() && request.matrixId() == null) {
            throw new IllegalArgumentException("--resume needs the --matrix-id of the matrix to finish");
        }
        RunSession.checkId("matrix id", request.matrixId());
        RunSession.checkId("host id", request.hostId());
        return new MatrixRun(request, out, chosen, plans, selected, target);
    }

    /** Runs every selected JDK; true when each one's run is ok or skipped. */
    public boolean run() throws IOException, InterruptedException {
        ContainerOwner.reap(false).forEach(r -> out.println("removed a container left behind: " + r));
        String id = request.matrixId() != null ? request.matrixId()
                : DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss").withZone(ZoneOffset.UTC).format(Instant.now()) + "-matrix";
        Path root = request.results().toAbsolutePath();
        // Emulated results are kept apart from the machine's own: their host id says so.
        String hostName = request.hostId() != null ? request.hostId()
                : new HostFingerprint().read().name() + (target.emulated() ? "-" + target.label() + "-qemu" : "");
        boolean network = plans.stream().anyMatch(p -> p.experiment().needsFixture(p.params()));

        List<String> cleanup = new ArrayList<>();
        Instant started = Instant.now();
        List<MatrixRecord.Entry> entries = new ArrayList<>();
        Path matrixFile = root.resolve(hostName).resolve("matrix-" + id + ".json");
        try (Fixture fixture = network ? FixtureMode.start("container", null, null, out) : null) {
            Matrix matrix = new Matrix(root, matrixFile, hostName, id, chosen, fixture);
            Thread stop = new Thread(() -> cleanup.forEach(MatrixRun::killContainer), "loom-lab-matrix-stop");
            Runtime.getRuntime().addShutdownHook(stop);
            double spent = 0;
            int ran = 0;
            for (int i = 0; i < selected.size(); i++) {
                JdkDescriptor jdk = selected.get(i);
                String image = jdk.image(target);
                String container = "loomlab-" + id + "-" + image.replaceAll(".*:", "");
                killContainer(container); // left over from a killed matrix
                String prefix = String.format("[jdk %d/%d] %s", i + 1, selected.size(), jdk.id());
                int left = (int) selected.subList(i + 1, selected.size()).stream().filter(d -> d.unbuildable(target).isEmpty()).count();
                Path runDir = root.resolve(hostName).resolve(jdk.id()).resolve(id);
                MatrixRecord.Entry entry;
                Optional<String> unbuildable = jdk.unbuildable(target);
                if (unbuildable.isPresent()) {
                    entry = MatrixRecord.Entry.skipped(jdk.id(), "cannot be built here: " + unbuildable.get());
                } else if (!RunnerImage.exists(image)) {
                    entry = MatrixRecord.Entry.skipped(jdk.id(), "image " + image + " is not built (just images"
                            + (target.emulated() ? " --arch " + target.label() : "") + ")");
                } else if (request.resume() && complete(runDir)) {
                    entry = new MatrixRecord.Entry(jdk.id(), "ok", "complete before the resume", relative(matrixFile, runDir));
                } else {
                    long t0 = System.nanoTime();
                    cleanup.add(container);
                    MatrixEta eta = new MatrixEta(t0, ran == 0 ? Double.NaN : spent / ran, left);
                    entry = runOne(matrix, new Turn(jdk, image, container, runDir, prefix, eta));
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
        RecordJson.writeAtomically(matrixFile, new MatrixRecord(id, chosen.label(), started, Instant.now(), entries));
        out.println();
        out.print(MarkdownTable.render(List.of("jdk", "status", "record / reason"), entries.stream()
                .map(e -> List.of(e.jdk(), e.status(), e.runJson() != null ? e.runJson() : String.valueOf(e.message()))).toList()));
        out.println("matrix: " + matrixFile);
        return entries.stream().allMatch(e -> e.status().equals("ok") || e.status().equals("skipped"));
    }

    private MatrixRecord.Entry runOne(Matrix matrix, Turn turn) throws IOException, InterruptedException {
        JdkDescriptor jdk = turn.jdk();
        String image = turn.image();
        String container = turn.container();
        Path runDir = turn.runDir();
        String id = matrix.id();
        Path jdkDir = runDir.getParent();
        Files.createDirectories(jdkDir);
        boolean resumeRun = Files.exists(runDir.resolve("run.json"));
        if (!resumeRun && Files.exists(runDir)) {
            deleteTree(runDir); // killed before its first record: nothing in it to keep
        }
        // The runner runs as whoever runs the matrix, so its records belong to them (no world-writable directories).
        List<String> cmd = new ArrayList<>(List.of("docker", "run", "--rm", "--name", container, "--network", "host",
                "--user", callerUidGid(), "-e", "HOME=/tmp",
                "-e", "LOOMLAB_IMAGE=" + image, "-e", "LOOMLAB_IMAGE_ID=" + RunnerImage.imageId(image),
                "-v", matrix.root() + ":/results"));
        cmd.addAll(ContainerOwner.dockerRunFlags(id));
        // Limits are the container's; the runner's fingerprint reads them back from its cgroup into the record.
        if (request.cpus() != null) {
            cmd.addAll(List.of("--cpus", Figures.plain(request.cpus())));
        }
        if (request.memoryBytes() != null) {
            cmd.addAll(List.of("--memory", String.valueOf(request.memoryBytes())));
        }
        cmd.addAll(List.of(image,
                "run", "--jdk-id", jdk.id(), "--host-id", matrix.hostName(), "--results", "/results", "--run-id", id));
        if (matrix.fixture() != null) {
            cmd.addAll(List.of("--fixture", matrix.fixture().url()));
        }
        // A run that kept its plan resumes from it and refuses planning flags; older ones are planned again.
        if (!(resumeRun && Files.exists(runDir.resolve(RunPlan.FILE)))) {
            cmd.addAll(request.plan().runArgs(matrix.chosen()));
        }
        if (resumeRun) {
            cmd.add("--resume");
        }
        out.println(turn.prefix() + ": " + (resumeRun ? "resuming" : "starting") + " in " + image);
        Path log = jdkDir.resolve(id + ".container.log");
        String linePrefix = "  " + jdk.id() + " | ";
        // Only what the runner appends from now on is news: a resumed run's file holds its earlier events.
        ProgressTail events = ProgressTail.from(runDir.resolve(ProgressLog.FILE));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        Thread pump = Thread.ofVirtual().start(() -> pump(p, log, linePrefix));
        Thread follow = Thread.ofVirtual().start(() -> follow(p, events, linePrefix, turn.eta()));
        boolean ended = p.waitFor(request.jdkTimeout().toMillis(), TimeUnit.MILLISECONDS);
        if (!ended) {
            killContainer(container);
            p.destroyForcibly();
        }
        pump.join(10_000);
        follow.join(10_000);
        Path runJson = runDir.resolve("run.json");
        if (!ended) {
            return MatrixRecord.Entry.failed(jdk.id(), "exceeded " + request.jdkTimeout() + "; container killed", runJson,
                    relative(matrix.matrixFile(), runDir));
        }
        if (!complete(runDir)) {
            return MatrixRecord.Entry.failed(jdk.id(), "container exit " + p.exitValue() + " without a complete record; see " + log, runJson,
                    relative(matrix.matrixFile(), runDir));
        }
        return new MatrixRecord.Entry(jdk.id(), "ok", p.exitValue() == 0 ? null : "some cells not ok (exit " + p.exitValue() + ")",
                relative(matrix.matrixFile(), runDir));
    }

    /** {@code uid:gid} of this process, for {@code docker run --user}. */
    private static String callerUidGid() {
        var me = new com.sun.security.auth.module.UnixSystem();
        return me.getUid() + ":" + me.getGid();
    }

    /** The run record as the matrix file names it: relative, so a result set stays valid when copied or cloned. */
    private static String relative(Path matrixFile, Path runDir) {
        return matrixFile.getParent().relativize(runDir.resolve("run.json")).toString();
    }

    private static boolean complete(Path runDir) {
        try {
            RunRecord r = RecordJson.read(runDir.resolve("run.json"));
            return r.status() == RunStatus.COMPLETE;
        } catch (IOException e) {
            return false;
        }
    }

    /** The runner's output as it comes, on the console (each line prefixed) and in the container's log. */
    private void pump(Process p, Path log, String prefix) {
        try (BufferedReader in = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
             PrintWriter file = new PrintWriter(Files.newBufferedWriter(log))) {
            for (String line; (line = in.readLine()) != null; ) {
                file.println(line);
                file.flush();
                out.println(prefix + line);
            }
        } catch (IOException e) {
            out.println(prefix + "(output lost: " + e.getMessage() + ")");
        }
    }

    /** The runner's progress events while its container runs, each finished cell with the matrix's ETA. */
    private void follow(Process p, ProgressTail events, String prefix, MatrixEta eta) {
        try {
            boolean running = true;
            while (running) {
                running = !p.waitFor(1, TimeUnit.SECONDS);
                // once more after the container ended: the last cell's event was written before it exited
                events.poll().forEach(e -> eta.line(e, System.nanoTime()).ifPresent(line -> out.println(prefix + line)));
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static void killContainer(String name) {
        try {
            new ProcessBuilder("docker", "rm", "-f", name).redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD).start().waitFor(30, TimeUnit.SECONDS);
        } catch (IOException e) {
            // No client: nothing could have been started either.
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
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
