package org.loomlab.cli;

import picocli.CommandLine.Option;

import java.time.Duration;

/**
 * How precisely a run measures and what it may spend: overrides of the profile's policy. Shared by {@code run} and
 * {@code matrix}, which passes them to each JDK's run; every value is typed while the command line is parsed. The run
 * budget is the one whose words differ (a matrix has one per JDK): each command's help bundle says it.
 */
final class PolicyOptions {

    /** {@code --run-budget}: a total, or null for {@code none}. */
    record RunBudgetChoice(Duration total) {
    }

    @Option(names = "--precision", paramLabel = "HALF-WIDTH", converter = Converters.HalfWidth.class,
            description = "stop a cell once its 95 %% interval is within this of its score, e.g. 5%% (default: the profile's: quick 5%%, full 2%%)")
    Double precision;

    @Option(names = "--detect", paramLabel = "CHANGE", converter = Converters.Change.class,
            description = "lanes only, in place of --precision: fork a cell on until each lane's ratio to the first could "
                    + "call a change this large as its diff judges it (past the ±2 %% band, at Holm's level over the run's "
                    + "rows), while its rounds' spread puts that in reach, e.g. 10%%")
    Double detect;

    @Option(names = "--confidence", paramLabel = "LEVEL", converter = Converters.Level.class,
            description = "level of every cell's interval, between 0 and 1 (default: 0.95; JMH uses 0.999)")
    Double confidence;

    @Option(names = "--budget", paramLabel = "DURATION", converter = Converters.PositiveDuration.class,
            description = "measuring time a cell may spend on forks, e.g. 40s or 5m (default: the profile's: quick 40s, full 5m)")
    Duration budget;

    @Option(names = "--max-forks", paramLabel = "N", converter = Converters.Forks.class,
            description = "at most N forks a cell, so that a larger --budget buys more forks (default: the profile's: quick 10, full 20)")
    Integer maxForks;

    @Option(names = "--timeout", paramLabel = "DURATION", converter = Converters.PositiveDuration.class,
            description = "limit of one fork of a cell, e.g. 90s or 10m (default: the profile's)")
    Duration timeout;

    @Option(names = "--run-budget", paramLabel = "DURATION", converter = Converters.RunBudgetTotal.class,
            descriptionKey = "run-budget")
    RunBudgetChoice runBudget;
}
