package org.loomlab.cli;

import org.loomlab.axis.Arch;
import org.loomlab.docker.DockerEngine;
import org.loomlab.layout.BuildLayout;
import org.loomlab.layout.ImageNames;
import org.loomlab.matrix.ImageList;
import org.loomlab.matrix.JdkDescriptor;
import org.loomlab.matrix.RunnerImage;
import org.loomlab.record.RecordJson;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;

/** Builds a runner image per buildable JDK descriptor and lists those that cannot be built here, with why. */
@Command(name = "images", header = "Build the HTTP fixture and loom-lab/runner:<jdk-id> for every JDK in jdks/ that can be built here.",
        description = "--list (--json) builds nothing: it names every image for the architecture, whether it can be built"
                + " here and whether it is; scripts ask it for image names instead of spelling them out.")
final class ImagesCommand implements Callable<Integer> {

    @Option(names = "--jdk", split = ",", paramLabel = "ID", description = "JDK ids to build (default: all in jdks/)")
    List<String> jdks = new ArrayList<>();

    @Option(names = "--arch", paramLabel = "ARCH", description = "amd64 or arm64; a foreign one is built under qemu (default: this machine's)")
    String arch;

    @Option(names = "--pull", description = "start each runner from its descriptor's registry_image (the vendor's JDK image,"
            + " or a Debian image plus the package) where a registry answers; where none does, build as without --pull")
    boolean pull;

    @Option(names = "--list", description = "build nothing; list the images by name, whether each can be built here and is built")
    boolean list;

    @Option(names = "--json", description = "with --list: as one JSON object (suite_version, host_arch, arch, fixture, runners)")
    boolean json;

    @Override
    public Integer call() throws Exception {
        Path home = LoomLab.home();
        List<JdkDescriptor> chosen = JdkDescriptor.select(JdkDescriptor.all(home.resolve("jdks")), jdks);
        Arch target = arch == null ? Arch.host() : Arch.of(arch);
        if (json && !list) {
            throw new IllegalArgumentException("--json lists images; give it with --list");
        }
        if (list) {
            ImageList images = ImageList.of(chosen, target);
            System.out.println(json ? RecordJson.mapper().writerWithDefaultPrettyPrinter().writeValueAsString(images) : table(images));
            return LoomLab.OK;
        }
        DockerEngine.client(); // one line when no engine answers
        RunnerImage builder = new RunnerImage(home);
        int failed = 0;
        // The network experiments call the fixture; it is built with the runners so neither can be missing alone.
        System.out.printf("%-12s building %s%s ...%n", "fixture", ImageNames.fixture(target), target.emulated() ? " under qemu" : "");
        try {
            RunnerImage.Built built = builder.buildFixture(target, new BuildLayout(home).imageLog("fixture"));
            System.out.printf(Locale.ROOT, "%-12s built %s in %.0f s, %d MB%n", "fixture", built.image(), built.seconds(),
                    built.bytes() / 1_000_000);
        } catch (Exception e) {
            failed++;
            System.out.printf("%-12s FAILED: %s%n", "fixture", e.getMessage());
        }
        for (JdkDescriptor jdk : chosen) {
            Path log = new BuildLayout(home).imageLog(jdk.image(target).replaceAll(".*:", ""));
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

    private static String table(ImageList images) {
        StringBuilder out = new StringBuilder(String.format("suite %s, this machine %s, images for %s%n", images.suiteVersion(),
                images.hostArch(), images.arch()));
        for (ImageList.Image i : java.util.stream.Stream.concat(java.util.stream.Stream.of(images.fixture()),
                images.runners().stream()).toList()) {
            String state = i.whyNot() != null ? "cannot be built here: " + i.whyNot()
                    : i.built() == null ? "(no engine answers)" : i.built() ? "built" : "not built";
            out.append(String.format("%-12s %-40s %s%n", i.jdk() == null ? "fixture" : i.jdk(), i.image(), state));
        }
        return out.toString().stripTrailing();
    }
}
