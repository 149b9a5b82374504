package org.loomlab.history;

import org.loomlab.record.RunRecord;

/**
 * A run as history reads its traits: its record, and the SHA-256 of the benchmarks jar its plan ({@code plan.json}
 * beside the record) names, which the record itself does not keep apart from the lab's and the fixture's jars.
 *
 * @param benchmarksSha256 null when the run kept no plan or its plan predates the hash
 */
public record RunFacts(RunRecord record, String benchmarksSha256) {

    /** A run known by its record alone. */
    public static RunFacts of(RunRecord record) {
        return new RunFacts(record, null);
    }
}
