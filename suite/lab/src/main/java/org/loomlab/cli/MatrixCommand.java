package org.loomlab.cli;

import org.loomlab.fingerprint.HostFingerprint;
import org.loomlab.matrix.Arch;
import org.loomlab.matrix.JdkDescriptor;
import org.loomlab.matrix.MatrixRecord;
import org.loomlab.matrix.RunnerImage;
import org.loomlab.record.RecordJson;
import org.loomlab.record.RunRecord;
import org.loomlab.record.RunStatus;
import org.loomlab.run.CellPlan;
import org.loomlab.run.ContainerOwner;
import org.loomlab.run.Experiments;
import org.loomlab.run.Fixture;
import org.loomlab.run.FixtureMode;
import org.loomlab.run.Profile;
import org.loomlab.run.RunPlan;
import org.loomlab.run.Progress;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
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
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * {@code loom-lab matrix}: the same profile on every built JDK, one runner container after another (the
 * machine has two cores: parallel containers would measure each other). The fixture runs once, as a
 * Testcontainers container on the same engine; runners use the host network to reach it on loopback.
 * A JDK whose container fails is recorded as failed and the next one runs; {@code --resume} finishes a
 * matrix whose lab was killed, without redoing finished cells.
 */
@Command(name = "matrix", header = "Run a profile in one runner container per built JDK (bench-all).")
final class MatrixCommand implements Callable<Integer> {

    @Option(names = "--jdk", split = ",", paramLabel = "ID", description = "JDK ids, e.g. openjdk-21,temurin-25 (default: every built image)")
    List<String> jdks = new ArrayList<>();

    @Option(names = "--profile", defaultValue = "quick", paramLabel = "NAME", description = "smoke, quick, full or scaled (default: ${DEFAULT-VALUE})")
    String profile;

    @Option(names = {"-e", "--experiment"}, split = ",", paramLabel = "NAME", description = "experiments to run (default: all)")
    List<String> experiments = new ArrayList<>();

    @Option(names = {"-p", "--param"}, paramLabel = "AXIS=V1,V2", description = "narrow or set an axis (repeatable)")
    List<String> params = new ArrayList<>();

    @Option(names = "--matrix-id", paramLabel = "ID", description = "names the matrix and each JDK's run directory (default: UTC time)")
    String matrixId;

    @Option(names = "--resume", description = "finish the matrix named by --matrix-id: skip complete JDKs, resume the others")
    boolean resume;

    @Option(names = "--results", paramLabel = "DIR", description = "where result sets go (default: <home>/results)")
    Path results;

    @Option(names = "--arch", paramLabel = "ARCH",
            description = "amd64 or arm64: whose runner images to use; a foreign one runs under qemu, its timings mean nothing (default: this machine's)")
    String arch;

    @Option(names = "--cpus", paramLabel = "N", description = "CPU limit of each runner container, e.g. 1 or 1.5 (default: none)")
    String cpus;

    @Option(names = "--memory", paramLabel = "SIZE", description = "memory limit of each runner container, e.g. 6g or 512m (default: none)")
    String memory;

    @Option(names = "--precision", paramLabel = "HALF-WIDTH", description = "passed to each JDK's run (default: the profile's)")
    String precision;

    @Option(names = "--budget", paramLabel = "DURATION", description = "passed to each JDK's run (default: the profile's)")
    String budget;

    @Option(names = "--host-id", paramLabel = "ID", description = "name of this host in results/ and every record (default:"
            + " <hostname>-<cpu>-<N>c-<M>g, with -<arch>-qemu for a foreign --arch); CI sets one so its jobs' records meet")
    String hostId;

    @Option(names = "--jdk-timeout", paramLabel = "DURATION", defaultValue = "3h", description = "limit per JDK container (default: ${DEFAULT-VALUE})")
    String jdkTimeout;

    @Override
    public Integer call() throws Exception {
        Path home = LoomLab.home();
        Profile chosen = Profile.of(profile);
        // The runner images carry this jar, so its catalogue is what every JDK's run plans from.
        Experiments catalogue = Experiments.in(home.resolve("suite/bench/target/benchmarks.jar"));
        List<CellPlan> plans = catalogue.plan(experiments.stream().map(catalogue::of).toList(), chosen,
                RunCommand.parseParams(params));
        Duration limit = RunCommand.parseDuration("--jdk-timeout", jdkTimeout);
        // Checked here, so a bad value is one line before any container starts.
        if (precision != null) {
            org.loomlab.run.Policy.parsePrecision(precision);
        }
        if (budget != null) {
            RunCommand.parseDuration("--budget", budget);
        }
        List<JdkDescriptor> selected = JdkDescriptor.select(JdkDescriptor.all(home.resolve("jdks")), jdks);
        Arch target = arch == null ? Arch.host() : Arch.of(arch);
        if (resume && matrixId == null) {
            throw new IllegalArgumentException("--resume needs the --matrix-id of the matrix to finish");
        }
        if (cpus != null && !(cpus.matches("\\d+(\\.\\d+)?") && Double.parseDouble(cpus) > 0)) {
            throw new IllegalArgumentException("--cpus '" + cpus + "' is not a positive number of CPUs, e.g. 1 or 1.5");
        }
        if (memory != null && !memory.matches("[1-9]\\d*[kmg]")) {
            throw new IllegalArgumentException("--memory '" + memory + "' is not a size; valid: a number with k, m or g, e.g. 6g or 512m");
        }
        RunCommand.checkId("matrix id", matrixId);
        RunCommand.checkId("host id", hostId);
        Docker.requireEngine();
        ContainerOwner.reap(false).forEach(r -> System.out.println("removed a container left behind: " + r));
        String id = matrixId != null ? matrixId
                : DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss").withZone(ZoneOffset.UTC).format(Instant.now()) + "-matrix";
        Path root = (results != null ? results : home.resolve("results")).toAbsolutePath();
        // Emulated results are kept apart from the machine's own: their host id says so.
        String hostName = hostId != null ? hostId
                : new HostFingerprint().read().name() + (target.emulated() ? "-" + target.label() + "-qemu" : "");
        boolean network = plans.stream().anyMatch(p -> p.experiment().needsFixture(p.params()));

        List<String> cleanup = new ArrayList<>();
        Instant started = Instant.now();
        List<MatrixRecord.Entry> entries = new ArrayList<>();
        Path matrixFile = root.resolve(hostName).resolve("matrix-" + id + ".json");
        try (Fixture fixture = network ? FixtureMode.start("container", null, null, System.out) : null) {
            Thread stop = new Thread(() -> cleanup.forEach(MatrixCommand::killContainer), "loom-lab-matrix-stop");
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
                } else if (resume && complete(runDir)) {
                    entry = new MatrixRecord.Entry(jdk.id(), "ok", "complete before the resume", relative(matrixFile, runDir));
                } else {
                    long t0 = System.nanoTime();
                    cleanup.add(container);
                    MatrixEta eta = new MatrixEta(t0, ran == 0 ? Double.NaN : spent / ran, left);
                    entry = runOne(jdk, image, container, root, runDir, matrixFile, hostName, id, chosen, fixture, limit, prefix, eta);
                    cleanup.remove(container);
                    spent += (System.nanoTime() - t0) / 1e9;
                    ran++;
                }
                entries.add(entry);
                String eta = ran == 0 ? "" : ", ETA " + Progress.clock(Duration.ofSeconds(Math.round(spent / ran * left)));
                System.out.printf("%s: %s%s | elapsed %s%s%n", prefix, entry.status(), entry.message() == null ? "" : " (" + entry.message() + ")",
                        Progress.clock(Duration.between(started, Instant.now())), eta);
                RecordJson.writeAtomically(matrixFile, new MatrixRecord(id, chosen.label(), started, null, entries));
            }
            Runtime.getRuntime().removeShutdownHook(stop);
        }
        RecordJson.writeAtomically(matrixFile, new MatrixRecord(id, chosen.label(), started, Instant.now(), entries));
        System.out.println();
        System.out.printf("| %-12s | %-7s | %s%n", "jdk", "status", "record / reason");
        entries.forEach(e -> System.out.printf("| %-12s | %-7s | %s%n", e.jdk(), e.status(),
                e.runJson() != null ? e.runJson() : e.message()));
        System.out.println("matrix: " + matrixFile);
        return entries.stream().allMatch(e -> e.status().equals("ok") || e.status().equals("skipped")) ? LoomLab.OK : LoomLab.FAILED;
    }

    private MatrixRecord.Entry runOne(JdkDescriptor jdk, String image, String container, Path root, Path runDir, Path matrixFile,
                                      String hostName, String id, Profile chosen,
                                      Fixture fixture, Duration limit, String prefix, MatrixEta eta)
            throws IOException, InterruptedException {
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
                "-v", root + ":/results"));
        cmd.addAll(ContainerOwner.dockerRunFlags(id));
        // Limits are the container's; the runner's fingerprint reads them back from its cgroup into the record.
        if (cpus != null) {
            cmd.addAll(List.of("--cpus", cpus));
        }
        if (memory != null) {
            cmd.addAll(List.of("--memory", memory));
        }
        cmd.addAll(List.of(image,
                "run", "--jdk-id", jdk.id(), "--host-id", hostName, "--results", "/results", "--run-id", id));
        if (fixture != null) {
            cmd.addAll(List.of("--fixture", fixture.url()));
        }
        // A run that kept its plan resumes from it and refuses planning flags; older ones are planned again.
        if (!(resumeRun && Files.exists(runDir.resolve(RunPlan.FILE)))) {
            cmd.addAll(List.of("--profile", chosen.label()));
            experiments.forEach(e -> cmd.addAll(List.of("-e", e)));
            params.forEach(p -> cmd.addAll(List.of("-p", p)));
            if (precision != null) {
                cmd.addAll(List.of("--precision", precision));
            }
            if (budget != null) {
                cmd.addAll(List.of("--budget", budget));
            }
        }
        if (resumeRun) {
            cmd.add("--resume");
        }
        System.out.println(prefix + ": " + (resumeRun ? "resuming" : "starting") + " in " + image);
        Path log = jdkDir.resolve(id + ".container.log");
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        Thread pump = Thread.ofVirtual().start(() -> pump(p, log, "  " + jdk.id() + " | ", eta));
        boolean ended = p.waitFor(limit.toMillis(), TimeUnit.MILLISECONDS);
        if (!ended) {
            killContainer(container);
            p.destroyForcibly();
        }
        pump.join(10_000);
        Path runJson = runDir.resolve("run.json");
        if (!ended) {
            return MatrixRecord.Entry.failed(jdk.id(), "exceeded " + limit + "; container killed", runJson, relative(matrixFile, runDir));
        }
        if (!complete(runDir)) {
            return MatrixRecord.Entry.failed(jdk.id(), "container exit " + p.exitValue() + " without a complete record; see " + log, runJson,
                    relative(matrixFile, runDir));
        }
        return new MatrixRecord.Entry(jdk.id(), "ok", p.exitValue() == 0 ? null : "some cells not ok (exit " + p.exitValue() + ")",
                relative(matrixFile, runDir));
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

    /**
     * The whole matrix's ETA while a JDK runs: its runner's own ETA, plus for each JDK after it the mean time
     * of the JDKs done so far, or, before any is done, this JDK's elapsed time plus its ETA.
     */
    record MatrixEta(long startNanos, double secondsPerJdk, int jdksAfter) {
        private static final java.util.regex.Pattern RUNNER_ETA = java.util.regex.Pattern.compile("ETA (\\d+h\\d+m|\\d+m\\d+s|\\d+s)$");

        String annotate(String line) {
            var m = RUNNER_ETA.matcher(line);
            if (!m.find()) {
                return line;
            }
            double runner = Progress.seconds(m.group(1));
            double perJdk = Double.isNaN(secondsPerJdk) ? (System.nanoTime() - startNanos) / 1e9 + runner : secondsPerJdk;
            return line + " | matrix ETA " + Progress.clock(Duration.ofSeconds(Math.round(runner + perJdk * jdksAfter)));
        }
    }

    private static void pump(Process p, Path log, String prefix, MatrixEta eta) {
        try (BufferedReader in = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
             PrintWriter out = new PrintWriter(Files.newBufferedWriter(log))) {
            for (String line; (line = in.readLine()) != null; ) {
                out.println(line);
                out.flush();
                System.out.println(prefix + eta.annotate(line));
            }
        } catch (IOException e) {
            System.out.println(prefix + "(output lost: " + e.getMessage() + ")");
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
