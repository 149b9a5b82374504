package org.loomlab.record;

import com.fasterxml.jackson.annotation.JsonInclude;

import java.nio.file.Path;
import java.time.Instant;
import java.util.List;

/**
 * What a matrix did per JDK (or per lane, {@code matrix --lane}), written beside their own run records as
 * {@code matrix-<id>.json}: the run records hold the measurements, this says which JDK or lane ran, failed or was
 * skipped, and why. Entries are known by {@link Entry#name()}: two lanes may share a JDK id.
 */
public record MatrixRecord(String matrixId, String profile, Instant started, Instant finished, List<Entry> jdks) {

    public MatrixRecord {
        jdks = List.copyOf(jdks);
    }

    /**
     * @param jdk     the JDK id of the runner image it ran in
     * @param status  ok, failed or skipped
     * @param runJson the lane's run.json relative to the matrix file, when it has one
     * @param lane    the lane's name when it is not its JDK's id ({@code matrix --lane}), else null (and not written)
     */
    public record Entry(String jdk, String status, String message, String runJson,
                       @JsonInclude(JsonInclude.Include.NON_NULL) String lane) {

        /** The entry of a JDK that ran as a lane named by its id, as every matrix before {@code --lane} wrote them. */
        public Entry(String jdk, String status, String message, String runJson) {
            this(jdk, status, message, runJson, null);
        }

        /**
         * What the entry is known by in the matrix: its lane's name, or its JDK's id. Two lanes of one JDK (an A/A)
         * share the JDK id, never the name; a report keys the runs by this.
         */
        public String name() {
            return lane != null ? lane : jdk;
        }

        /** The same entry for lane {@code name}: kept only when it differs from the JDK id. */
        public Entry inLane(String name) {
            return new Entry(jdk, status, message, runJson, name == null || name.equals(jdk) ? null : name);
        }

        public static Entry skipped(String jdk, String why) {
            return new Entry(jdk, "skipped", why, null);
        }

        public static Entry failed(String jdk, String why, Path runJson, String named) {
            return new Entry(jdk, "failed", why, java.nio.file.Files.exists(runJson) ? named : null);
        }
    }
}
