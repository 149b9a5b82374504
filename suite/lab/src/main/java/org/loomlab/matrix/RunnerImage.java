package org.loomlab.matrix;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * Builds {@code loom-lab/runner:<jdk-id>} from the one Dockerfile, with build arguments from a
 * {@link JdkDescriptor}, on the debootstrap base image (made first when missing). A foreign
 * architecture (arm64 on an amd64 engine) is built under qemu and tagged {@code <jdk-id>-<arch>}.
 */
public final class RunnerImage {

    /** What a build gave: the image size in bytes and the seconds it took. */
    public record Built(String image, long bytes, double seconds) {
    }

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
    public static Optional<String> pull(JdkDescriptor jdk, Path log, Duration limit) throws IOException, InterruptedException {
        Files.createDirectories(log.getParent());
        Process p = new ProcessBuilder("docker", "pull", jdk.registryBase().image()).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile())).start();
        if (!p.waitFor(limit.toMillis(), TimeUnit.MILLISECONDS)) {
            p.destroyForcibly();
            return Optional.of("docker pull " + jdk.registryBase().image() + " gave no answer within " + limit.toSeconds() + " s");
        }
        if (p.exitValue() != 0) {
            List<String> lines = Files.readAllLines(log);
            return Optional.of("docker pull " + jdk.registryBase().image() + " failed: "
                    + (lines.isEmpty() ? "exit " + p.exitValue() : lines.get(lines.size() - 1)));
        }
        return Optional.empty();
    }

    /**
     * Builds the runner of {@code jdk}: on {@code pulled} (a registry image already pulled, whose JDK or Debian package
     * it takes) or, when null, on the debootstrap base with the descriptor's package or host JDK.
     */
    public Built build(JdkDescriptor jdk, Arch arch, Path log, JdkDescriptor.RegistryBase pulled)
            throws IOException, InterruptedException {
        long start = System.nanoTime();
        String image = jdk.image(arch);
        if (pulled == null) {
            run(log, List.of(home.resolve("images/base/build").toString(), jdk.base(), arch.label()));
        }
        Path context = Files.createTempDirectory("loom-lab-runner-" + jdk.id());
        try {
            Files.copy(home.resolve("Dockerfile"), context.resolve("Dockerfile"));
            for (String module : List.of("lab/target/loom-lab.jar", "bench/target/benchmarks.jar", "fixture/target/fixture.jar")) {
                Path jar = home.resolve("suite").resolve(module);
                if (!Files.isRegularFile(jar)) {
                    throw new IllegalArgumentException(jar + " is missing; build the suite first: just build");
                }
                Files.copy(jar, context.resolve(jar.getFileName()), StandardCopyOption.COPY_ATTRIBUTES);
            }
            Path jdkDir = Files.createDirectory(context.resolve("jdk"));
            if (pulled == null && jdk.build() == JdkDescriptor.Build.HOST_COPY) {
                run(log, List.of("cp", "-a", jdk.hostJdk() + "/.", jdkDir.toString()));
            }
            String jdkPackage = pulled != null ? pulled.aptPackage() : jdk.packageName();
            List<String> cmd = new ArrayList<>(List.of("docker", "build", "-t", image,
                    "--build-arg", "BASE=" + (pulled != null ? pulled.image() : jdk.baseImage(arch)),
                    "--build-arg", "JDK_PACKAGE=" + (jdkPackage == null ? "" : jdkPackage),
                    "--build-arg", "JDK_FROM_BASE=" + (pulled != null && pulled.aptPackage() == null ? "1" : ""),
                    "--build-arg", "JDK_ID=" + jdk.id(),
                    "--build-arg", "JDK_VENDOR=" + jdk.vendor(),
                    "--build-arg", "JDK_FEATURE=" + jdk.feature(),
                    "--build-arg", "SUITE_VERSION=" + org.loomlab.fixtures.FixtureContainer.suiteVersion(),
                    "--build-arg", "GIT_COMMIT=" + gitCommit(),
                    "--build-arg", "GIT_DIRTY=" + java.util.Objects.toString(
                            org.loomlab.fingerprint.SuiteFingerprint.dirty(home), ""),
                    context.toString()));
            run(log, cmd);
            if (!output(List.of("docker", "image", "inspect", "-f", "{{.Architecture}}", image)).strip().equals(arch.label())) {
                // The legacy builder stamps the engine's architecture on what it builds, whatever the base says.
                run(log, List.of(home.resolve("images/base/set-arch").toString(), image, arch.label()));
            }
        } finally {
            run(log, List.of("rm", "-rf", context.toString()));
        }
        String size = output(List.of("docker", "image", "inspect", "-f", "{{.Size}}", image));
        return new Built(image, Long.parseLong(size.strip()), (System.nanoTime() - start) / 1e9);
    }

    /** Whether {@code image} exists on the engine. */
    public static boolean exists(String image) throws IOException, InterruptedException {
        Process p = new ProcessBuilder("docker", "image", "inspect", image)
                .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        return p.waitFor() == 0;
    }

    /** The image's id (sha256:...). */
    public static String imageId(String image) throws IOException, InterruptedException {
        return output(List.of("docker", "image", "inspect", "-f", "{{.Id}}", image)).strip();
    }

    private String gitCommit() throws IOException, InterruptedException {
        try {
            return output(List.of("git", "-C", home.toString(), "rev-parse", "HEAD")).strip();
        } catch (IOException e) {
            return "unknown";
        }
    }

    private static void run(Path log, List<String> cmd) throws IOException, InterruptedException {
        Files.createDirectories(log.getParent());
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()));
        // The legacy builder works with every docker client here (BuildKit needs buildx, absent here).
        pb.environment().put("DOCKER_BUILDKIT", "0");
        Process p = pb.start();
        if (!p.waitFor(30, TimeUnit.MINUTES) || p.exitValue() != 0) {
            p.destroyForcibly();
            throw new IOException(String.join(" ", cmd.subList(0, Math.min(3, cmd.size()))) + " failed; see " + log);
        }
    }

    static String output(List<String> cmd) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        String out = new String(p.getInputStream().readAllBytes());
        if (p.waitFor() != 0) {
            throw new IOException(String.join(" ", cmd) + " failed");
        }
        return out;
    }
}
