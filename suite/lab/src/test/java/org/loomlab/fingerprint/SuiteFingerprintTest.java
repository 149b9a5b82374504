package org.loomlab.fingerprint;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** The release a suite's commit is at or after, as git describe finds it over {@code v*} tags. */
class SuiteFingerprintTest {

    @TempDir
    Path repo;

    @Test
    void readsGitDescribeAsTheTagOrTheTagPlusCommitsSinceIt() {
        assertThat(SuiteFingerprint.release("v0.9.0-0-gabc1234")).contains("v0.9.0");
        assertThat(SuiteFingerprint.release("v0.9.0-12-gabc1234")).contains("v0.9.0+12");
        assertThat(SuiteFingerprint.release("v1.0.0-rc-1-3-g0123abc")).contains("v1.0.0-rc-1+3");
        assertThat(SuiteFingerprint.release("abc1234")).isEmpty();
    }

    @Test
    void findsTheReleaseTagHeadIsAtOrAfterAndNoneBeforeTheFirst() throws Exception {
        git("init", "-q");
        commit("first");
        git("tag", "build-7"); // not a release: only v* tags count
        assertThat(SuiteFingerprint.release(repo)).isEmpty();

        git("tag", "-a", "v0.9.0", "-m", "release 0.9.0");
        assertThat(SuiteFingerprint.release(repo)).contains("v0.9.0");

        commit("second");
        commit("third");
        assertThat(SuiteFingerprint.release(repo)).contains("v0.9.0+2");
    }

    @Test
    void saysNothingOutsideAGitTree() {
        assertThat(SuiteFingerprint.release(repo)).isEmpty();
    }

    private void commit(String message) throws Exception {
        Files.writeString(repo.resolve("file"), message);
        git("add", "file");
        git("commit", "-q", "-m", message);
    }

    private void git(String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of("git", "-C", repo.toString(), "-c", "user.name=lab",
                "-c", "user.email=lab@example.org", "-c", "tag.gpgSign=false", "-c", "commit.gpgSign=false"));
        cmd.addAll(List.of(args));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor()).as(String.join(" ", cmd) + ": " + out).isZero();
    }
}
