package org.loomlab.axis;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;

/**
 * A CPU architecture, in Debian's and Docker's words (amd64, arm64): the one word the records, image tags, the CLI and
 * the scripts use. The JVM ({@code os.arch}) and {@code uname -m} say x86_64 or aarch64 for the same machines; those
 * words are read here and nowhere else.
 */
public enum Arch implements Axis {
    AMD64("x86_64"), ARM64("aarch64");

    private final String kernelWord;

    Arch(String kernelWord) {
        this.kernelWord = kernelWord;
    }

    @Override
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The architecture a word names, whoever's word it is (amd64, x86_64, arm64, aarch64). */
    public static Optional<Arch> named(String word) {
        return Arrays.stream(values()).filter(a -> a.label().equals(word) || a.kernelWord.equals(word)).findFirst();
    }

    /** The architecture of the machine this JVM runs on. */
    public static Arch host() {
        String os = System.getProperty("os.arch");
        return named(os).orElseThrow(() -> new IllegalStateException(
                "unsupported host architecture '" + os + "'; valid: amd64, arm64"));
    }

    /** An architecture given on the command line: amd64 or arm64 only, else a one-line error naming both. */
    public static Arch of(String label) {
        return Axis.parse(Arch.class, "architecture", label);
    }

    /** Whether images of this architecture run here only under emulation. */
    public boolean emulated() {
        return this != host();
    }
}
