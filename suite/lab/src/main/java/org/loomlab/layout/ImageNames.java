package org.loomlab.layout;

import org.loomlab.axis.Arch;

/**
 * The names of the lab's images, defined here only: the Justfile, the Ansible roles and the workflow ask for them
 * ({@code loom-lab images --list --json}) instead of spelling them out. An image built for this machine's own
 * architecture has the plain name; one built for a foreign architecture (run under qemu) carries it as a suffix,
 * so both can sit on one engine.
 */
public final class ImageNames {

    private ImageNames() {
    }

    /** The runner of one JDK, e.g. {@code loom-lab/runner:openjdk-25} or {@code loom-lab/runner:openjdk-25-arm64}. */
    public static String runner(String jdkId, Arch arch) {
        return runner(jdkId, arch, Arch.host());
    }

    /** The runner's name on an engine of architecture {@code engine} (a lab host's, say). */
    public static String runner(String jdkId, Arch arch, Arch engine) {
        return "loom-lab/runner:" + jdkId + suffix(arch, engine);
    }

    /** The HTTP fixture, named for the suite version it was built from, e.g. {@code loom-lab/fixture:0.1.0}. */
    public static String fixture(Arch arch) {
        return fixture(arch, Arch.host());
    }

    public static String fixture(Arch arch, Arch engine) {
        return "loom-lab/fixture:" + SuiteVersion.current() + suffix(arch, engine);
    }

    /** The debootstrap base of a Debian suite; always named with its architecture (images/base/build makes it). */
    public static String base(String debianSuite, Arch arch) {
        return "loom-lab/base:" + debianSuite + "-" + arch.label();
    }

    private static String suffix(Arch arch, Arch engine) {
        return arch == engine ? "" : "-" + arch.label();
    }
}
