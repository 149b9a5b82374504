package org.loomlab.cli;

import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Model.OptionSpec;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The options {@code run} and {@code matrix} share (plan, policy, results) are worded for the command that shows
 * them: a matrix's run budget is per JDK and its host id grows a qemu suffix, a run has neither.
 */
class SharedOptionsHelpTest {

    /** A command's usage help, one line per option (wide enough that nothing wraps). */
    private static String help(String command) {
        CommandLine cli = new CommandLine(new LoomLab()).getSubcommands().get(command);
        cli.setUsageHelpWidth(400);
        return cli.getUsageMessage(CommandLine.Help.Ansi.OFF);
    }

    @Test
    void matrixHelpSaysWhatTheSharedOptionsMeanForAMatrix() {
        String matrix = help("matrix");
        assertThat(matrix).contains("time each JDK's run shares among its cells", "quick 30m per JDK",
                "mounted into each runner container: each JDK's run in <host>/<jdk>/<matrix-id>/",
                "the matrix record and each JDK's run record", "with -<arch>-qemu added for a foreign --arch");
        assertThat(matrix).doesNotContain("time the whole run shares", "this run in <host>/<jdk-id>/<run-id>/");
    }

    @Test
    void runHelpSaysWhatTheSharedOptionsMeanForOneRun() {
        String run = help("run");
        assertThat(run).contains("time the whole run shares among its cells", "this run in <host>/<jdk-id>/<run-id>/",
                "name of this host in results/ and the run record");
        assertThat(run).doesNotContain("qemu", "--arch", "each JDK", "matrix");
    }

    @Test
    void everyOptionOfEveryCommandIsDescribed() {
        // A shared option worded by key shows an empty description on a command whose bundle lacks the key.
        new CommandLine(new LoomLab()).getSubcommands().forEach((name, cli) -> {
            for (OptionSpec option : cli.getCommandSpec().options()) {
                assertThat(String.join(" ", option.description())).as("%s %s", name, option.longestName()).isNotBlank();
            }
        });
    }
}
