package org.loomlab.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The loom-lab command line. Exit codes are mapped here and only here: 0 ok, 1 the run or check
 * failed (some cell not ok, an invalid record, a cell worse under {@code diff --fail-on-worse}), 2 bad usage.
 */
@Command(name = "loom-lab", mixinStandardHelpOptions = true, scope = CommandLine.ScopeType.INHERIT, version = "loom-lab 0.1.0",
        header = "A reproducibility lab for JVM concurrency experiments.",
        subcommands = {RunCommand.class, MatrixCommand.class, ImagesCommand.class, ReportCommand.class, DiffCommand.class,
                ClaimsCommand.class, CalibrateCommand.class, ExportCommand.class,
                CheckCommand.class, CommandLine.HelpCommand.class})
public final class LoomLab {

    public static final int OK = 0;
    public static final int FAILED = 1;
    public static final int USAGE = 2;

    /** The repository (or image) root the lab finds its jars, jdks/ and results/ under. */
    static java.nio.file.Path home() {
        return java.nio.file.Path.of(System.getProperty("loomlab.home", ".")).toAbsolutePath().normalize();
    }

    public static void main(String[] args) {
        System.exit(execute(args));
    }

    /** Runs the command line; returns the exit code instead of exiting (for tests). */
    public static int execute(String... args) {
        CommandLine cli = new CommandLine(new LoomLab());
        cli.setParameterExceptionHandler((ex, a) -> {
            ex.getCommandLine().getErr().println("loom-lab: " + ex.getMessage().lines().findFirst().orElse("")
                    + " (see: loom-lab " + ex.getCommandLine().getCommandName() + " --help)");
            return USAGE;
        });
        cli.setExecutionExceptionHandler((ex, cmd, parsed) -> {
            if (ex instanceof IllegalArgumentException) {
                cmd.getErr().println("loom-lab: " + ex.getMessage());
                return USAGE;
            }
            cmd.getErr().println("loom-lab: " + ex);
            return FAILED;
        });
        return cli.execute(args);
    }
}
