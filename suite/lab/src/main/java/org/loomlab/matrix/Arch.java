package org.loomlab.matrix;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/** A CPU architecture an image is built for, in Debian's and Docker's words. */
public enum Arch {
    AMD64, ARM64;

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
        return Arrays.stream(values()).filter(a -> a.label().equals(label)).findFirst().orElseThrow(() ->
                new IllegalArgumentException("unknown architecture '" + label + "'; valid: "
                        + Arrays.stream(values()).map(Arch::label).collect(Collectors.joining(", "))));
    }

    /** Whether images of this architecture run here only under emulation. */
    public boolean emulated() {
        return this != host();
    }
}
