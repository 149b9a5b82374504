package org.loomlab.fingerprint;

import org.loomlab.record.Jdk;
import org.loomlab.record.JvmProbe;
import org.loomlab.record.RecordJson;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

/**
 * The fingerprint of the JDK under test, read by running {@link JvmProbe} on that JDK with the cells'
 * JVM flags: the lab's own JVM may be another JDK and sees other limits.
 */
public final class JdkFingerprint {

    private JdkFingerprint() {
    }

    public static Jdk probe(Path java, Path classpath, List<String> jvmArgs, String id)
            throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>();
        cmd.add(java.toString());
        cmd.addAll(jvmArgs);
        // A user's plain JMH jar holds no JvmProbe: the lab's own copy comes after the benchmarks jar.
        cmd.addAll(List.of("-cp", classpath + File.pathSeparator + ownCopy(), JvmProbe.class.getName()));
        Process p = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        p.getOutputStream().close();
        String out;
        try (InputStream in = p.getInputStream()) {
            out = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        if (!p.waitFor(60, TimeUnit.SECONDS) || p.exitValue() != 0) {
            p.destroyForcibly();
            throw new IOException("the JDK at " + java + " did not run the probe (is it a JDK >= 21?)");
        }
        Jdk jdk = RecordJson.mapper().readValue(out, Jdk.class);
        return jdk.withId(id != null ? id : defaultId(jdk.vendor(), jdk.featureVersion()));
    }

    /** Where this JVM loaded {@link JvmProbe} from: the lab's jar, or the record module's classes in tests. */
    private static Path ownCopy() {
        try {
            return Path.of(JvmProbe.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (java.net.URISyntaxException e) {
            throw new IllegalStateException("cannot tell where " + JvmProbe.class.getName() + " was loaded from", e);
        }
    }

    /** e.g. temurin-25, liberica-24, openjdk-21: the ids of jdks/ descriptors. */
    public static String defaultId(String vendor, int feature) {
        String v = vendor == null ? "" : vendor.toLowerCase(Locale.ROOT);
        String family = v.contains("adoptium") || v.contains("temurin") ? "temurin"
                : v.contains("bellsoft") || v.contains("liberica") ? "liberica"
                : v.contains("amazon") ? "corretto"
                : v.contains("azul") ? "zulu"
                : v.contains("graalvm") ? "graalvm"
                : "openjdk";
        return family + "-" + feature;
    }
}
