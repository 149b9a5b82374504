package org.loomlab.matrix;

import org.loomlab.axis.Axis;

import java.util.Locale;

/** A CPU architecture an image is built for, in Debian's and Docker's words. */
public enum Arch implements Axis {
    AMD64, ARM64;

    @Override
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The architecture of the machine this JVM runs on. */
    public static Arch host() {
        String os = System.getProperty("os.arch");
        return switch (os) {
            case "amd64", "x86_64" -> AMD64;
            case "aarch64", "arm64" -> ARM64;
            default -> throw new IllegalStateException("unsupported host architecture '" + os + "'; valid: amd64, arm64");
        };
    }

    public static Arch of(String label) {
        return Axis.parse(Arch.class, "architecture", label);
    }

    /** Whether images of this architecture run here only under emulation. */
    public boolean emulated() {
        return this != host();
    }
}
