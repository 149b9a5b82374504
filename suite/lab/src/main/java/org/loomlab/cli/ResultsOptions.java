package org.loomlab.cli;

import org.loomlab.record.ResultsLayout;
import picocli.CommandLine.Option;

import java.nio.file.Path;

/**
 * Where result sets go and the host they are filed under. Shared by {@code run} and {@code matrix}, whose results
 * are laid out differently (a matrix adds a host suffix for a foreign {@code --arch}): each command words these
 * options in its own help bundle ({@code RunHelp}, {@code MatrixHelp}), by their {@code descriptionKey}.
 */
final class ResultsOptions {

    @Option(names = "--results", paramLabel = "DIR", descriptionKey = "results")
    Path results;

    @Option(names = "--host-id", paramLabel = "ID", descriptionKey = "host-id")
    String hostId;

    /** The results directory asked for, or the lab home's, and its layout. */
    ResultsLayout layout() {
        return LoomLab.results(results);
    }
}
