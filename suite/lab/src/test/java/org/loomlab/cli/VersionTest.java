package org.loomlab.cli;

import org.junit.jupiter.api.Test;
import org.loomlab.fingerprint.SuiteFingerprint;
import org.loomlab.record.Suite;

import java.nio.charset.StandardCharsets;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** {@code -V}'s first line, and the rule a release follows: its {@code v*} tag is {@code v} + the pom's version. */
class VersionTest {

    private static final String COMMIT = "0123456789abcdef0123456789abcdef01234567";

    @Test
    void saysTheReleaseTagAloneAtATagOnACleanTreeAndTheCommitAnywhereElse() {
        assertThat(LoomLab.Version.line(new Suite("0.9.0", COMMIT, false, null, "v0.9.0"))).isEqualTo("loom-lab 0.9.0, v0.9.0");
        assertThat(LoomLab.Version.line(new Suite("0.9.0", COMMIT, true, null, "v0.9.0")))
                .isEqualTo("loom-lab 0.9.0, v0.9.0 (commit 0123456789ab, dirty tree)");
        assertThat(LoomLab.Version.line(new Suite("0.9.0", COMMIT, false, null, "v0.9.0+12")))
                .isEqualTo("loom-lab 0.9.0, v0.9.0+12 (commit 0123456789ab)");
        assertThat(LoomLab.Version.line(new Suite("0.1.0", COMMIT, false, null, null)))
                .isEqualTo("loom-lab 0.1.0, no release tag (commit 0123456789ab)");
        assertThat(LoomLab.Version.line(new Suite("0.1.0", null, null, null, null)))
                .isEqualTo("loom-lab 0.1.0, no release tag (commit unknown)");
    }

    /** Fails when a {@code v*} tag on this clone's HEAD is not {@code v} + the version the pom builds. */
    @Test
    void aReleaseTagOnHeadIsThePomVersion() throws Exception {
        Process p = new ProcessBuilder("git", "-C", LabProcess.HOME.toString(), "tag", "--points-at", "HEAD", "--list", "v*")
                .redirectError(ProcessBuilder.Redirect.DISCARD).start();
        List<String> tags = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).lines().toList();
        assumeTrue(p.waitFor() == 0, "not a git clone: no tags to check");
        assertThat(tags).as("release tags on HEAD; a release is tagged v + the pom's <version> (docs/NOTES.md, Releases)")
                .allSatisfy(tag -> assertThat(tag).isEqualTo("v" + SuiteFingerprint.version()));
    }
}
