package org.loomlab.cli;

import org.junit.jupiter.api.Test;
import org.loomlab.compare.Adjustment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ChoiceTest {

    @Test
    void aChoiceIsItsConstantsLowerCaseNameInAnyCase() {
        assertThat(Choice.of(Adjustment.class, "--adjust", "BH", "method")).isEqualTo(Adjustment.BH);
        assertThat(Choice.of(ExportCommand.Format.class, "--format", " csv", "format")).isEqualTo(ExportCommand.Format.CSV);
    }

    @Test
    void aBadChoiceIsOneLineNamingTheValidOnes() {
        assertThatThrownBy(() -> Choice.of(Adjustment.class, "--adjust", "bonferroni", "method"))
                .hasMessage("--adjust 'bonferroni' is not a method; valid: holm, bh, none");
        assertThatThrownBy(() -> Choice.of(DiffCommand.Output.class, "--format", "html", "format"))
                .hasMessage("--format 'html' is not a format; valid: markdown, benchstat");
    }
}
