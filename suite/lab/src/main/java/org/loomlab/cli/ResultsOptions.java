package org.loomlab.cli;

import org.loomlab.record.ResultsLayout;
import picocli.CommandLine.Option;

import java.nio.file.Path;

/** Where result sets go and the host they are filed under. Shared by {@code run} and {@code matrix}. */
final class ResultsOptions {

    @Option(names = "--results", paramLabel = "DIR", description = "where result sets go (default: <home>/results)")
    Path results;

    @Option(names = "--host-id", paramLabel = "ID", description = "name of this host in results/ and the record (default:"
            + " <hostname>-<cpu>-<N>c-<M>g, e.g. vm-epyc-7763-2c-24g; a matrix adds -<arch>-qemu for a foreign --arch);"
            + " CI sets one so its jobs' records meet")
    String hostId;

    /** The results directory asked for, or the lab home's, and its layout. */
    ResultsLayout layout() {
        return LoomLab.results(results);
    }
}
