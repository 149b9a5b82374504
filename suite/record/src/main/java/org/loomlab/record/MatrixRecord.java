package org.loomlab.record;

import java.nio.file.Path;
import java.time.Instant;
import java.util.List;

/**
 * What a matrix did per JDK, written beside the JDKs' own run records as {@code matrix-<id>.json}: the
 * run records hold the measurements, this says which JDK ran, failed or was skipped, and why.
 */
public record MatrixRecord(String matrixId, String profile, Instant started, Instant finished, List<Entry> jdks) {

    public MatrixRecord {
        jdks = List.copyOf(jdks);
    }

    /**
     * @param status  ok, failed or skipped
     * @param runJson the JDK's run.json relative to the matrix file, when it has one
     */
    public record Entry(String jdk, String status, String message, String runJson) {

        public static Entry skipped(String jdk, String why) {
            return new Entry(jdk, "skipped", why, null);
        }

        public static Entry failed(String jdk, String why, Path runJson, String named) {
            return new Entry(jdk, "failed", why, java.nio.file.Files.exists(runJson) ? named : null);
        }
    }
}
