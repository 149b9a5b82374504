package org.loomlab.cli;

import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Model.OptionSpec;

import java.time.Duration;

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
    void aMatrixTakesAForkLimitAsARunDoes() {
        RunCommand run = parsed("run", "--timeout", "90s");
        MatrixCommand matrix = parsed("matrix", "--timeout", "90s");
        assertThat(run.plan.request(run.policy).timeout()).isEqualTo(Duration.ofSeconds(90));
        assertThat(matrix.plan.request(matrix.policy).timeout()).isEqualTo(Duration.ofSeconds(90));
        MatrixCommand plain = parsed("matrix");
        assertThat(plain.plan.request(plain.policy).timeout()).as("the profile's").isNull();
    }

    private static <T> T parsed(String command, String... args) {
        String[] line = new String[args.length + 1];
        line[0] = command;
        System.arraycopy(args, 0, line, 1, args.length);
        return new CommandLine(new LoomLab()).parseArgs(line).subcommand().commandSpec().commandLine().getCommand();
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
