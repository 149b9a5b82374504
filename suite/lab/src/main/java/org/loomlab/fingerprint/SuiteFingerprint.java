package org.loomlab.fingerprint;

import org.loomlab.layout.BuildLayout;
import org.loomlab.layout.SuiteVersion;
import org.loomlab.record.Suite;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The suite's version, git state (commit, dirty flag, the release tag it is at or after) and the hash of the jars that
 * ran. Inside a container there is no .git: the git state then comes from {@code LOOMLAB_GIT_COMMIT},
 * {@code LOOMLAB_GIT_DIRTY} and {@code LOOMLAB_GIT_RELEASE}, set by the image build; the jar hash is always read from
 * the jars themselves.
 */
public final class SuiteFingerprint {

    /** What {@code git describe --long} says: the tag, the commits since it, {@code g} and the abbreviated commit. */
    private static final Pattern DESCRIBED = Pattern.compile("(v\\S+)-(\\d+)-g[0-9a-f]+");
    /** A release as the record keeps it (the schema's pattern). */
    private static final Pattern RELEASE = Pattern.compile("v[^+\\s]+(\\+[0-9]+)?");

    private SuiteFingerprint() {
    }

    /** The suite's version as Maven built it (pom.xml is its only source; the build writes it into the jar). */
    public static String version() {
        try (InputStream in = SuiteFingerprint.class.getResourceAsStream("/org/loomlab/version.properties")) {
            if (in == null) {
                throw new IllegalStateException("version.properties is missing from the lab jar; rebuild it: just build");
            }
            java.util.Properties p = new java.util.Properties();
            p.load(in);
            return p.getProperty("version");
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    public static Suite read(Path home) {
        String version = version();
        String jars = jarsSha256(home);
        Optional<String> commit = commit(home);
        if (commit.isEmpty()) {
            // In a runner image: the build stamped both, from the tree its jars were built from.
            String fromImage = System.getenv("LOOMLAB_GIT_COMMIT");
            String dirty = System.getenv("LOOMLAB_GIT_DIRTY");
            String release = System.getenv("LOOMLAB_GIT_RELEASE");
            return new Suite(version, fromImage != null && fromImage.matches("[0-9a-f]{40}") ? fromImage : null,
                    "true".equals(dirty) ? Boolean.TRUE : "false".equals(dirty) ? Boolean.FALSE : null, jars,
                    release != null && RELEASE.matcher(release).matches() ? release : null);
        }
        return new Suite(version, commit.get(), dirty(home), jars, release(home).orElse(null));
    }

    /**
     * The release tag HEAD is at ({@code v0.9.0}) or after ({@code v0.9.0+12}, 12 commits on), the nearest {@code v*}
     * tag {@code git describe} reaches; empty when none is reachable or outside a git tree. A release is tagged
     * {@code v} + the pom's version (docs/NOTES.md, "Releases"; {@code VersionTest} holds a tag on HEAD to it).
     */
    public static Optional<String> release(Path home) {
        return git(home, "describe", "--tags", "--match", "v*", "--long").flatMap(SuiteFingerprint::release);
    }

    /** {@code v0.9.0-12-gabc1234} (git describe --long) as {@code v0.9.0+12}, and {@code v0.9.0-0-g...} as the tag. */
    static Optional<String> release(String described) {
        Matcher m = DESCRIBED.matcher(described);
        if (!m.matches()) {
            return Optional.empty();
        }
        return Optional.of(m.group(2).equals("0") ? m.group(1) : m.group(1) + "+" + m.group(2));
    }

    /** The commit HEAD names in {@code home}'s git tree; empty outside one (in a runner image). */
    public static Optional<String> commit(Path home) {
        return git(home, "rev-parse", "HEAD").filter(s -> s.matches("[0-9a-f]{40}"));
    }

    /** Whether tracked files differ from HEAD; null when git cannot say. */
    public static Boolean dirty(Path home) {
        // Tracked files only: result sets written by the run itself must not make the tree look dirty.
        return git(home, "status", "--porcelain", "--untracked-files=no").map(s -> !s.isEmpty()).orElse(null);
    }

    /** SHA-256 of one file, or null when it cannot be read. */
    public static String sha256(Path file) {
        return sha256(List.of(file));
    }

    /** SHA-256 over the jars that exist, in {@link BuildLayout#runJars()} order; null when none does. */
    static String jarsSha256(Path home) {
        List<Path> jars = new BuildLayout(home).runJars().stream().filter(Files::isRegularFile).toList();
        return jars.isEmpty() ? null : sha256(jars);
    }

    /** SHA-256 over the files' bytes, one after another; null when one cannot be read. */
    private static String sha256(List<Path> files) {
        try {
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            for (Path file : files) {
                digest.update(Files.readAllBytes(file));
            }
            return HexFormat.of().formatHex(digest.digest());
        } catch (IOException | NoSuchAlgorithmException e) {
            return null;
        }
    }

    private static Optional<String> git(Path home, String... args) {
        String[] cmd = new String[args.length + 3];
        cmd[0] = "git";
        cmd[1] = "-C";
        cmd[2] = home.toString();
        System.arraycopy(args, 0, cmd, 3, args.length);
        try {
            Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
            p.getOutputStream().close();
            String out;
            try (InputStream in = p.getInputStream()) {
                out = new String(in.readAllBytes(), StandardCharsets.UTF_8).strip();
            }
            return p.waitFor(10, TimeUnit.SECONDS) && p.exitValue() == 0 ? Optional.of(out) : Optional.empty();
        } catch (IOException e) {
            return Optional.empty();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.empty();
        }
    }
}
