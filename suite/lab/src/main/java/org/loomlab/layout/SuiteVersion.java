package org.loomlab.layout;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;

/** The suite's version as Maven built it (pom.xml is its only source; the build writes it into the jar). */
public final class SuiteVersion {

    private SuiteVersion() {
    }

    public static String current() {
        try (InputStream in = SuiteVersion.class.getResourceAsStream("/org/loomlab/version.properties")) {
            if (in == null) {
                throw new IllegalStateException("version.properties is missing from the lab jar; rebuild it: just build");
            }
            Properties p = new Properties();
            p.load(in);
            return p.getProperty("version");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
