package org.loomlab.matrix;

import org.loomlab.axis.Arch;
import org.loomlab.docker.DockerEngine;
import org.loomlab.fingerprint.SuiteFingerprint;
import org.loomlab.layout.BuildLayout;
import org.loomlab.layout.ImageNames;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * Builds the lab's images through {@link DockerEngine}: {@code loom-lab/runner:<jdk-id>} from the one Dockerfile, with
 * build arguments from a {@link JdkDescriptor}, and the HTTP fixture; both on the debootstrap base image (made first
 * when missing). A foreign architecture (arm64 on an amd64 engine) is built under qemu and named as
 * {@link ImageNames} says.
 */
public final class RunnerImage {

    /** What a build gave: the image size in bytes and the seconds it took. */
    public record Built(String image, long bytes, double seconds) {
    }

    private static final Duration BUILD_LIMIT = Duration.ofMinutes(30);

    private final Path home;

    public RunnerImage(Path home) {
        this.home = home;
    }

    public Built build(JdkDescriptor jdk, Arch arch, Path log) throws IOException, InterruptedException {
        return build(jdk, arch, log, null);
    }

    /**
     * Pulls the descriptor's registry image (for the engine's architecture); empty when it is pulled, else why not
     * (no registry answers here, for one). Waits at most {@code limit}.
     */
    public static Optional<String> pull(JdkDescriptor jdk, Path log, Duration limit) throws IOException {
        return DockerEngine.pull(jdk.registryBase().image(), log, limit);
    }

    /**
     * Builds the runner of {@code jdk}: on {@code pulled} (a registry image already pulled, whose JDK or Debian package
     * it takes) or, when null, on the debootstrap base with the descriptor's package or host JDK.
     */
    public Built build(JdkDescriptor jdk, Arch arch, Path log, JdkDescriptor.RegistryBase pulled)
            throws IOException, InterruptedException {
        long start = System.nanoTime();
        if (pulled == null) {
            baseImage(jdk.base(), arch, log);
        }
        String jdkPackage = pulled != null ? pulled.aptPackage() : jdk.packageName();
        Map<String, String> args = new LinkedHashMap<>();
        args.put("BASE", pulled != null ? pulled.image() : jdk.baseImage(arch));
        args.put("JDK_PACKAGE", Objects.toString(jdkPackage, ""));
        args.put("JDK_FROM_BASE", pulled != null && pulled.aptPackage() == null ? "1" : "");
        args.put("JDK_ID", jdk.id());
        args.put("JDK_VENDOR", jdk.vendor());
        args.put("JDK_FEATURE", String.valueOf(jdk.feature()));
        args.putAll(provenance());
        String image = jdk.image(arch);
        Path context = Files.createTempDirectory("loom-lab-runner-" + jdk.id());
        try {
            Files.copy(home.resolve("Dockerfile"), context.resolve("Dockerfile"));
            for (Path jar : new BuildLayout(home).runJars()) {
                copyJar(jar, context);
            }
            Path jdkDir = Files.createDirectory(context.resolve("jdk"));
            if (pulled == null && jdk.build() == JdkDescriptor.Build.HOST_COPY) {
                run(log, List.of("cp", "-a", jdk.hostJdk() + "/.", jdkDir.toString()));
            }
            buildIn(context, image, arch, args, log);
        } finally {
            deleteTree(context, log);
        }
        return built(image, start);
    }

    /** Builds the HTTP fixture image for {@code arch} from the fixture jar, on the trixie base. */
    public Built buildFixture(Arch arch, Path log) throws IOException, InterruptedException {
        long start = System.nanoTime();
        baseImage("trixie", arch, log);
        Map<String, String> args = new LinkedHashMap<>();
        args.put("BASE", ImageNames.base("trixie", arch));
        args.putAll(provenance());
        String image = ImageNames.fixture(arch);
        Path context = Files.createTempDirectory("loom-lab-fixture");
        try {
            Files.copy(home.resolve("images/fixture/Dockerfile"), context.resolve("Dockerfile"));
            copyJar(new BuildLayout(home).fixtureJar(), context);
            buildIn(context, image, arch, args, log);
        } finally {
            deleteTree(context, log);
        }
        return built(image, start);
    }

    /** The debootstrap base, made by its script (it needs root, and says so in one line when it is not). */
    private void baseImage(String debianSuite, Arch arch, Path log) throws IOException, InterruptedException {
        if (!DockerEngine.exists(ImageNames.base(debianSuite, arch))) {
            run(log, List.of(home.resolve("images/base/build").toString(), debianSuite, arch.label()));
        }
    }

    private void buildIn(Path context, String image, Arch arch, Map<String, String> args, Path log)
            throws IOException, InterruptedException {
        DockerEngine.build(context, image, args, log, BUILD_LIMIT);
        if (!arch.label().equals(DockerEngine.image(image).map(i -> i.getArch()).orElse(""))) {
            // The classic builder stamps the engine's architecture on what it builds, whatever the base says.
            run(log, List.of(home.resolve("images/base/set-arch").toString(), image, arch.label()));
        }
    }

    private Map<String, String> provenance() {
        return Map.of("SUITE_VERSION", SuiteFingerprint.version(),
                "GIT_COMMIT", gitCommit(),
                "GIT_DIRTY", Objects.toString(SuiteFingerprint.dirty(home), ""),
                "GIT_RELEASE", SuiteFingerprint.release(home).orElse(""));
    }

    private static void copyJar(Path jar, Path context) throws IOException {
        if (!Files.isRegularFile(jar)) {
            throw new IllegalArgumentException(jar + " is missing; build the suite first: just build");
        }
        Files.copy(jar, context.resolve(jar.getFileName()), StandardCopyOption.COPY_ATTRIBUTES);
    }

    private static Built built(String image, long startNanos) {
        long bytes = DockerEngine.image(image).map(i -> i.getSize()).orElse(0L);
        return new Built(image, bytes, (System.nanoTime() - startNanos) / 1e9);
    }

    /** Only the commit: reading the whole fingerprint would hash every jar once per image built. */
    private String gitCommit() {
        return SuiteFingerprint.commit(home).orElse("unknown");
    }

    private static void run(Path log, List<String> cmd) throws IOException, InterruptedException {
        Files.createDirectories(log.getParent());
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile())).start();
        if (!p.waitFor(30, TimeUnit.MINUTES) || p.exitValue() != 0) {
            p.destroyForcibly();
            List<String> lines = Files.readAllLines(log);
            throw new IOException(Path.of(cmd.getFirst()).getFileName() + " failed: "
                    + (lines.isEmpty() ? "no output" : lines.getLast()) + "; see " + log);
        }
    }

    /** A build context may hold a copied JDK with read-only parts, which {@code rm -rf} removes and Files.delete may not. */
    private static void deleteTree(Path dir, Path log) throws IOException, InterruptedException {
        run(log, List.of("rm", "-rf", dir.toString()));
    }
}
