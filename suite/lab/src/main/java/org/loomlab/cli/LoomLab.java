package org.loomlab.cli;

import org.loomlab.fingerprint.SuiteFingerprint;
import org.loomlab.record.ResultsLayout;
import org.loomlab.record.Suite;
import picocli.CommandLine.Command;
import picocli.CommandLine;

/**
 * The loom-lab command line. Exit codes are mapped here and only here: 0 ok, 1 the run or check
 * failed (some cell not ok, an invalid record, a cell worse under {@code diff --fail-on-worse}), 2 bad usage.
 */
@Command(name = "loom-lab", mixinStandardHelpOptions = true, scope = CommandLine.ScopeType.INHERIT, versionProvider = LoomLab.Version.class,
        header = "A reproducibility lab for JVM concurrency experiments.",
        subcommands = {RunCommand.class, CompareCommand.class, MatrixCommand.class, ImagesCommand.class, ReportCommand.class, DiffCommand.class,
                HistoryCommand.class,
                ClaimsCommand.class, CalibrateCommand.class, ExportCommand.class,
                CheckCommand.class, ReapCommand.class, ComponentsCommand.class, CommandLine.HelpCommand.class})
public final class LoomLab {

    /**
     * {@code -V}: the version the jar was built as, the release tag its commit is at or after and that commit, and the
     * hash of the jars. At a release tag on a clean tree the tag says it all; anywhere else the commit follows.
     */
    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            Suite s = SuiteFingerprint.read(home());
            return new String[] {line(s), "jars sha256 " + (s.jarsSha256() == null ? "unknown (not built)" : s.jarsSha256())};
        }

        /** {@code loom-lab 0.9.0, v0.9.0}, {@code ..., v0.9.0+12 (commit abc)}, {@code ..., no release tag (commit abc)}. */
        static String line(Suite s) {
            boolean dirty = Boolean.TRUE.equals(s.gitDirty());
            String release = s.release() == null ? "no release tag" : s.release();
            String head = "loom-lab " + s.version() + ", " + release;
            if (s.release() != null && !s.release().contains("+") && !dirty) {
                return head;
            }
            return head + " (" + (s.gitCommit() == null ? "commit unknown" : "commit " + s.gitCommit().substring(0, 12))
                    + (dirty ? ", dirty tree" : "") + ")";
        }
    }

    public static final int OK = 0;
    public static final int FAILED = 1;
    public static final int USAGE = 2;

    /** The repository (or image) root the lab finds its jars, jdks/ and results/ under. */
    static java.nio.file.Path home() {
        return java.nio.file.Path.of(System.getProperty("loomlab.home", ".")).toAbsolutePath().normalize();
    }

    /** Where result sets go: {@code --results DIR} when given, else {@code <home>/results}. */
    static ResultsLayout results(java.nio.file.Path option) {
        return new ResultsLayout((option != null ? option : home().resolve("results")).toAbsolutePath());
    }

    public static void main(String[] args) {
        System.exit(execute(args));
    }

    /**
     * A value a typed option refused ({@link Converters}) as one line that names the option, the value and the valid
     * form ({@code --budget 'soon' is not a positive duration; valid: ...}); null for any other usage error. Picocli
     * says {@code Invalid value for option '--budget' (DURATION): } before the converter's words, which begin with the value.
     */
    static String refusal(CommandLine.ParameterException ex) {
        if (!(ex.getArgSpec() instanceof CommandLine.Model.OptionSpec option)) {
            return null;
        }
        String first = ex.getMessage().lines().findFirst().orElse("");
        String head = "Invalid value for option '" + option.longestName() + "'";
        int words = first.indexOf(": ", head.length()) + 2;
        return first.startsWith(head) && words > 1 && first.startsWith("'", words)
                ? option.longestName() + " " + first.substring(words) : null;
    }

    /** Runs the command line; returns the exit code instead of exiting (for tests). */
    public static int execute(String... args) {
        CommandLine cli = new CommandLine(new LoomLab());
        cli.setParameterExceptionHandler((ex, a) -> {
            String refused = refusal(ex);
            if (refused != null) {
                ex.getCommandLine().getErr().println("loom-lab: " + refused);
                return USAGE;
            }
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
