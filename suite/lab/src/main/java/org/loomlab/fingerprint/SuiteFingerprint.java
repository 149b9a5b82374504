package org.loomlab.fingerprint;

import org.loomlab.record.Suite;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * The suite's version and git state. Inside a container there is no .git: the commit then comes
 * from {@code LOOMLAB_GIT_COMMIT}, set by the image build.
 */
public final class SuiteFingerprint {

    private SuiteFingerprint() {
    }

    public static Suite read(Path home) {
        String version = Optional.ofNullable(SuiteFingerprint.class.getPackage().getImplementationVersion()).orElse("0.1.0");
        Optional<String> commit = git(home, "rev-parse", "HEAD").filter(s -> s.matches("[0-9a-f]{40}"));
        if (commit.isEmpty()) {
            String fromImage = System.getenv("LOOMLAB_GIT_COMMIT");
            return new Suite(version, fromImage != null && fromImage.matches("[0-9a-f]{40}") ? fromImage : null, null);
        }
        // Tracked files only: result sets written by the run itself must not make the tree look dirty.
        Boolean dirty = git(home, "status", "--porcelain", "--untracked-files=no").map(s -> !s.isEmpty()).orElse(null);
        return new Suite(version, commit.get(), dirty);
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
