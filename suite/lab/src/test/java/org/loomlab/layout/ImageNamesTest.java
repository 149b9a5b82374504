package org.loomlab.layout;

import org.junit.jupiter.api.Test;
import org.loomlab.axis.Arch;

import static org.assertj.core.api.Assertions.assertThat;

class ImageNamesTest {

    @Test
    void anImageIsPlainOnItsOwnArchitecturesEngineAndSuffixedOnTheOther() {
        assertThat(ImageNames.runner("openjdk-25", Arch.ARM64, Arch.ARM64)).isEqualTo("loom-lab/runner:openjdk-25");
        assertThat(ImageNames.runner("openjdk-25", Arch.ARM64, Arch.AMD64)).isEqualTo("loom-lab/runner:openjdk-25-arm64");
        assertThat(ImageNames.fixture(Arch.AMD64, Arch.AMD64)).isEqualTo("loom-lab/fixture:" + SuiteVersion.current());
        assertThat(ImageNames.fixture(Arch.AMD64, Arch.ARM64)).isEqualTo("loom-lab/fixture:" + SuiteVersion.current() + "-amd64");
        assertThat(ImageNames.base("sid", Arch.ARM64)).isEqualTo("loom-lab/base:sid-arm64");
    }

    @Test
    void theSuiteVersionIsThePomsAsTheBuildWroteIt() {
        assertThat(SuiteVersion.current()).matches("\\d+\\.\\d+\\.\\d+(-SNAPSHOT)?");
    }
}
