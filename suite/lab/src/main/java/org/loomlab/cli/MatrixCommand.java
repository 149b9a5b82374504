package org.loomlab.cli;

import org.loomlab.axis.Arch;
import org.loomlab.docker.ContainerRun;
import org.loomlab.docker.DockerEngine;
import org.loomlab.fingerprint.HostFingerprint;
import org.loomlab.matrix.JdkDescriptor;
import org.loomlab.matrix.MatrixPlan;
import org.loomlab.matrix.MatrixRecord;
import org.loomlab.record.RecordJson;
import org.loomlab.record.ResultsLayout;
import org.loomlab.run.CellPlan;
import org.loomlab.run.ContainerOwner;
import org.loomlab.run.Experiments;
import org.loomlab.run.Fixture;
import org.loomlab.run.FixtureMode;
import org.loomlab.run.Profile;
import org.loomlab.run.Progress;
import org.loomlab.run.RunPlan;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.io.IOException;
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
import java.util.concurrent.Callable;
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

    @Option(names = "--dry-run", description = "start nothing: say where each JDK's records would go, with which image, and"
            + " whether it would run, resume or be skipped")
    boolean dryRun;

    @Option(names = "--json", description = "with --dry-run: as one JSON object, for scripts (Ansible, CI) that need the paths")
    boolean json;

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
        if (memory != null) {
            ContainerRun.memoryBytes(memory);
        }
        RunCommand.checkId("matrix id", matrixId);
        RunCommand.checkId("host id", hostId);
        if (json && !dryRun) {
            throw new IllegalArgumentException("--json describes a dry run; give it with --dry-run");
        }
        String id = matrixId != null ? matrixId
                : DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss").withZone(ZoneOffset.UTC).format(Instant.now()) + "-matrix";
        ResultsLayout layout = LoomLab.results(results);
        Path root = layout.root();
        // Emulated results are kept apart from the machine's own: their host id says so.
        String hostName = hostId != null ? hostId
                : new HostFingerprint().read().name() + (target.emulated() ? "-" + target.label() + "-qemu" : "");
        MatrixPlan plan = MatrixPlan.of(layout, hostName, id, chosen.label(), target, selected, plans.size(), resume);
        if (dryRun) {
            System.out.println(json ? RecordJson.mapper().writerWithDefaultPrettyPrinter().writeValueAsString(plan) : plan.text());
            return LoomLab.OK;
        }
        DockerEngine.client(); // one line when no engine answers
        ContainerOwner.reap(false).forEach(r -> System.out.println("removed a container left behind: " + r));
        boolean network = plans.stream().anyMatch(p -> p.experiment().needsFixture(p.params()));

        List<String> cleanup = new ArrayList<>();
        Instant started = Instant.now();
        List<MatrixRecord.Entry> entries = new ArrayList<>();
        Path matrixFile = layout.matrixRecord(hostName, id);
        try (Fixture fixture = network ? FixtureMode.start("container", null, null, System.out) : null) {
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
                int left = (int) plan.jdks().subList(i + 1, selected.size()).stream().filter(j -> j.runs()).count();
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
                    entry = runOne(jdk, image, container, root, runDir, Path.of(planned.containerLog()), matrixFile,
                            hostName, id, chosen, fixture, limit, prefix, eta);
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

    private MatrixRecord.Entry runOne(JdkDescriptor jdk, String image, String container, Path root, Path runDir, Path log,
                                      Path matrixFile,
                                      String hostName, String id, Profile chosen,
                                      Fixture fixture, Duration limit, String prefix, MatrixEta eta)
            throws IOException, InterruptedException {
        Path jdkDir = runDir.getParent();
        Files.createDirectories(jdkDir);
        boolean resumeRun = Files.exists(ResultsLayout.runJson(runDir));
        if (!resumeRun && Files.exists(runDir)) {
            deleteTree(runDir); // killed before its first record: nothing in it to keep
        }
        // The runner runs as whoever runs the matrix, so its records belong to them (no world-writable directories).
        ContainerRun runner = new ContainerRun(container, image).hostNetwork().user(callerUidGid()).env("HOME", "/tmp")
                .env("LOOMLAB_IMAGE", image).env("LOOMLAB_IMAGE_ID", DockerEngine.imageId(image))
                .bind(root, "/results").labels(ContainerOwner.labels(id));
        // Limits are the container's; the runner's fingerprint reads them back from its cgroup into the record.
        if (cpus != null) {
            runner.cpus(Double.parseDouble(cpus));
        }
        if (memory != null) {
            runner.memory(memory);
        }
        List<String> cmd = new ArrayList<>(List.of(
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
        OptionalInt exit;
        try (PrintWriter out = new PrintWriter(Files.newBufferedWriter(log))) {
            String lead = "  " + jdk.id() + " | ";
            exit = runner.args(cmd).run(line -> {
                out.println(line);
                out.flush();
                System.out.println(lead + eta.annotate(line));
            }, limit);
        }
        Path runJson = ResultsLayout.runJson(runDir);
        if (exit.isEmpty()) {
            return MatrixRecord.Entry.failed(jdk.id(), "exceeded " + limit + "; container killed", runJson, relative(matrixFile, runDir));
        }
        if (!MatrixPlan.complete(runDir)) {
            return MatrixRecord.Entry.failed(jdk.id(), "container exit " + exit.getAsInt() + " without a complete record; see " + log,
                    runJson, relative(matrixFile, runDir));
        }
        return new MatrixRecord.Entry(jdk.id(), "ok", exit.getAsInt() == 0 ? null : "some cells not ok (exit " + exit.getAsInt() + ")",
                relative(matrixFile, runDir));
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

    private static void deleteTree(Path dir) throws IOException {
        try (Stream<Path> walk = Files.walk(dir)) {
            for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }
}
