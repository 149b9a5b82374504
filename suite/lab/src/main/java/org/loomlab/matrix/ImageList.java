package org.loomlab.matrix;

import org.loomlab.axis.Arch;
import org.loomlab.docker.DockerEngine;
import org.loomlab.fingerprint.SuiteFingerprint;
import org.loomlab.layout.ImageNames;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * What {@code loom-lab images --list} says: every image the lab would build or run for one architecture, by the names
 * {@link ImageNames} gives, with whether it can be built here and whether it is. The Justfile, Ansible and the workflow
 * read its JSON rather than deriving names themselves.
 *
 * @param hostArch this machine's architecture, in Docker's words (amd64, arm64), also when {@code uname -m} says x86_64
 * @param arch     the architecture listed
 */
public record ImageList(String suiteVersion, String hostArch, String arch, Image fixture, List<Image> runners) {

    /**
     * @param image  its name on this machine's engine
     * @param names  its name on an engine of each architecture (a lab host's): plain on its own, suffixed on the other
     * @param build  how a runner is made here (debian-package, host-copy, none: not here, with a registry only)
     * @param base   the Debian suite of its debootstrap base (null for a JDK that cannot be built anywhere here)
     * @param whyNot why it cannot be built here, or null
     * @param built  whether this engine has it; null when no engine answers
     */
    public record Image(String jdk, String image, Map<String, String> names, String build, String base, String baseImage, String whyNot,
                        Boolean built, Boolean verified) {
    }

    public static ImageList of(List<JdkDescriptor> jdks, Arch arch) {
        boolean engine = DockerEngine.answers();
        String fixture = ImageNames.fixture(arch);
        Image fixtureImage = new Image(null, fixture, names(e -> ImageNames.fixture(arch, e)), null, "trixie",
                ImageNames.base("trixie", arch), null, engine ? DockerEngine.exists(fixture) : null, true);
        List<Image> runners = jdks.stream().map(jdk -> {
            String image = jdk.image(arch);
            return new Image(jdk.id(), image, names(e -> ImageNames.runner(jdk.id(), arch, e)), jdk.build().label(), jdk.base(),
                    jdk.base() == null ? null : jdk.baseImage(arch), jdk.unbuildable(arch).orElse(null),
                    engine ? DockerEngine.exists(image) : null, jdk.verified());
        }).toList();
        return new ImageList(SuiteFingerprint.version(), Arch.host().label(), arch.label(), fixtureImage, runners);
    }

    private static Map<String, String> names(Function<Arch, String> onEngine) {
        Map<String, String> names = new TreeMap<>();
        for (Arch engine : Arch.values()) {
            names.put(engine.label(), onEngine.apply(engine));
        }
        return names;
    }
}
