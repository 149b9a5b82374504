package org.loomlab.cli;

import org.loomlab.matrix.Arch;
import org.loomlab.matrix.JdkDescriptor;
import org.loomlab.matrix.RunnerImage;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;

/** Builds a runner image per buildable JDK descriptor and lists those that cannot be built here, with why. */
@Command(name = "images", header = "Build loom-lab/runner:<jdk-id> for every JDK in jdks/ that can be built here.")
final class ImagesCommand implements Callable<Integer> {

    @Option(names = "--jdk", split = ",", paramLabel = "ID", description = "JDK ids to build (default: all in jdks/)")
    List<String> jdks = new ArrayList<>();

    @Option(names = "--arch", paramLabel = "ARCH", description = "amd64 or arm64; a foreign one is built under qemu (default: this machine's)")
    String arch;

    @Option(names = "--pull", description = "start each runner from its descriptor's registry_image (the vendor's JDK image,"
            + " or a Debian image plus the package) where a registry answers; where none does, build as without --pull")
    boolean pull;

    @Override
    public Integer call() throws Exception {
        Path home = LoomLab.home();
        List<JdkDescriptor> chosen = JdkDescriptor.select(JdkDescriptor.all(home.resolve("jdks")), jdks);
        Arch target = arch == null ? Arch.host() : Arch.of(arch);
        Docker.requireEngine();
        RunnerImage builder = new RunnerImage(home);
        int failed = 0;
        for (JdkDescriptor jdk : chosen) {
            Path log = home.resolve("suite/lab/target/images/" + jdk.image(target).replaceAll(".*:", "") + ".log");
            JdkDescriptor.RegistryBase pulled = null;
            if (pull && !target.emulated()) {
                var why = RunnerImage.pull(jdk, log, Duration.ofMinutes(5));
                if (why.isEmpty()) {
                    pulled = jdk.registryBase();
                } else {
                    System.out.printf("%-12s no registry image: %s; building here instead%n", jdk.id(), why.get());
                }
            }
            var unbuildable = jdk.unbuildable(target);
            if (pulled == null && unbuildable.isPresent()) {
                System.out.printf("%-12s cannot be built here: %s (with a registry: %s)%n", jdk.id(), unbuildable.get(),
                        jdk.registryImage());
                continue;
            }
            System.out.printf("%-12s building %s%s%s ...%n", jdk.id(), jdk.image(target), target.emulated() ? " under qemu" : "",
                    pulled == null ? "" : " on " + pulled.image());
            try {
                RunnerImage.Built built = builder.build(jdk, target, log, pulled);
                System.out.printf(Locale.ROOT, "%-12s built %s in %.0f s, %d MB%s%n", jdk.id(), built.image(), built.seconds(),
                        built.bytes() / 1_000_000, jdk.verified() ? "" : " (descriptor says unverified: " + jdk.reason() + ")");
            } catch (Exception e) {
                failed++;
                System.out.printf("%-12s FAILED: %s%n", jdk.id(), e.getMessage());
            }
        }
        return failed == 0 ? LoomLab.OK : LoomLab.FAILED;
    }
}
