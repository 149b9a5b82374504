package org.loomlab.record;

/**
 * The suite's own version and source state; a dirty tree means the numbers may not be reproducible
 * from the commit alone.
 */
public record Suite(String version, String gitCommit, Boolean gitDirty) {
}
