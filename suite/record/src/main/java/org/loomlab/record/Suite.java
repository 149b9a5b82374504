package org.loomlab.record;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * The suite's own version and source state; a dirty tree means the numbers may not be reproducible
 * from the commit alone.
 *
 * @param gitDirty   tracked files differed from the commit when the jars were built (a runner image says so too);
 *                   null when unknown
 * @param jarsSha256 SHA-256 over the lab, benchmarks and fixture jars that ran, read from the jars themselves, so a
 *                   record made from an image built off an uncommitted tree cannot pass for the commit; null in older
 *                   records
 * @param release    the release tag the commit is at ({@code v0.9.0}) or after ({@code v0.9.0+12}: 12 commits on), as
 *                   {@code git describe --tags --match 'v*'} finds it; null (left out of the JSON, so that older
 *                   records read back byte for byte) when no such tag is reachable, when git cannot say, and in
 *                   older records
 */
public record Suite(String version, String gitCommit, Boolean gitDirty, String jarsSha256,
                    @JsonInclude(JsonInclude.Include.NON_NULL) String release) {

    /** A suite state without a jar hash or a release, the shape of older records. */
    public Suite(String version, String gitCommit, Boolean gitDirty) {
        this(version, gitCommit, gitDirty, null, null);
    }
}
