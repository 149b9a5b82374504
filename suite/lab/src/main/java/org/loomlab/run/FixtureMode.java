package org.loomlab.run;

import org.loomlab.docker.DockerEngine;
import org.loomlab.record.FixtureInfo;

import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * Where the fixture comes from. {@code auto} prefers a container when a Docker engine answers and the
 * fixture image is built, and otherwise forks a local JVM, so that {@code just bench} works on a
 * machine with a JDK and no Docker.
 */
public enum FixtureMode {
    AUTO, CONTAINER, LOCAL;

    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** {@code auto}, {@code container}, {@code local}, or an http:// URL of a fixture someone else runs. */
    public static void check(String value) {
        if (!value.startsWith("http://") && Arrays.stream(values()).noneMatch(m -> m.label().equals(value))) {
            throw new IllegalArgumentException("unknown fixture '" + value + "'; valid: "
                    + Arrays.stream(values()).map(FixtureMode::label).collect(Collectors.joining(", "))
                    + " or an http:// URL");
        }
    }

    /** Starts (or names) the fixture for {@code choice}; the caller closes it. */
    public static Fixture start(String choice, Path fixtureJar, Path java, PrintStream out) {
        check(choice);
        if (choice.startsWith("http://")) {
            String url = choice.replaceAll("/+$", "");
            return new Fixture() {
                @Override
                public String url() {
                    return url;
                }

                @Override
                public FixtureInfo info() {
                    return new FixtureInfo("external", url, null);
                }

                @Override
                public void close() {
                }
            };
        }
        FixtureMode mode = valueOf(choice.toUpperCase(Locale.ROOT));
        if (mode == CONTAINER || (mode == AUTO && containerPossible(out))) {
            return FixtureContainer.startFixture();
        }
        if (!Files.isRegularFile(fixtureJar)) {
            throw new IllegalArgumentException("fixture jar not found: " + fixtureJar + " (build it with: just build)");
        }
        return LocalFixture.start(java, fixtureJar);
    }

    private static boolean containerPossible(PrintStream out) {
        if (!DockerEngine.answers()) {
            out.println("fixture: no Docker engine answers; starting it as a local JVM on loopback");
            return false;
        }
        if (!FixtureContainer.imageBuilt()) {
            out.println("fixture: image " + FixtureContainer.IMAGE + " is not built (just images); starting a local JVM");
            return false;
        }
        return true;
    }
}
