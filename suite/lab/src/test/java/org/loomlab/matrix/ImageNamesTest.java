package org.loomlab.matrix;

import org.junit.jupiter.api.Test;
import org.loomlab.axis.Arch;
import org.loomlab.fingerprint.SuiteFingerprint;

import static org.assertj.core.api.Assertions.assertThat;

class ImageNamesTest {

    @Test
    void anImageIsPlainOnItsOwnArchitecturesEngineAndSuffixedOnTheOther() {
        assertThat(ImageNames.runner("openjdk-25", Arch.ARM64, Arch.ARM64)).isEqualTo("loom-lab/runner:openjdk-25");
        assertThat(ImageNames.runner("openjdk-25", Arch.ARM64, Arch.AMD64)).isEqualTo("loom-lab/runner:openjdk-25-arm64");
        assertThat(ImageNames.fixture(Arch.AMD64, Arch.AMD64)).isEqualTo("loom-lab/fixture:" + SuiteFingerprint.version());
        assertThat(ImageNames.fixture(Arch.AMD64, Arch.ARM64)).isEqualTo("loom-lab/fixture:" + SuiteFingerprint.version() + "-amd64");
        assertThat(ImageNames.base("sid", Arch.ARM64)).isEqualTo("loom-lab/base:sid-arm64");
    }

    @Test
    void theSuiteVersionIsThePomsAsTheBuildWroteIt() {
        assertThat(SuiteFingerprint.version()).matches("\\d+\\.\\d+\\.\\d+(-SNAPSHOT)?");
    }
}
