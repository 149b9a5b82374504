package org.loomlab.axis;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ArchTest {

    @Test
    void everyonesWordNamesOneArchitecture() {
        assertThat(Arch.named("amd64")).contains(Arch.AMD64);
        assertThat(Arch.named("x86_64")).contains(Arch.AMD64);
        assertThat(Arch.named("arm64")).contains(Arch.ARM64);
        assertThat(Arch.named("aarch64")).contains(Arch.ARM64);
        assertThat(Arch.named("sparc")).isEmpty();
    }

    @Test
    void theCommandLineTakesDockersWordsOnly() {
        assertThat(Arch.of("arm64")).isEqualTo(Arch.ARM64);
        assertThatThrownBy(() -> Arch.of("aarch64")).hasMessageContaining("'aarch64'").hasMessageContaining("amd64, arm64");
    }
}
