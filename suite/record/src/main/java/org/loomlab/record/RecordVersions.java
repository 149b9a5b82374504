package org.loomlab.record;

import tools.jackson.databind.JsonNode;

import java.nio.file.Path;

/**
 * The one place that knows how each version of the run record differs from the current one
 * ({@link RunRecord#SCHEMA_VERSION}); every record is read through it.
 * <ul>
 *     <li>1: no {@code lanes} block (no run's JDKs took turns). Fields added within version 1 before it was bumped on
 *     every change (the fork shape, meal shares, profiling...) are optional in the schema and read as absent.</li>
 *     <li>2: the optional {@code lanes} block ({@link Lanes}).</li>
 *     <li>3: a cell's optional {@code fork_rounds}, the round each fork ran in, and {@code components}, its variance
 *     split ({@link VarianceComponents}). A version 1 or 2 record has neither: its forks' rounds are their positions
 *     1..n ({@link Cell#rounds()}), which they were while every lane ran one fork a round and a failed top-up was
 *     rolled back.</li>
 * </ul>
 */
public final class RecordVersions {

    private RecordVersions() {
    }

    /** {@code tree} in the current shape; a version this build does not know is a one-line error naming the file. */
    static JsonNode current(Path file, JsonNode tree) {
        int version = tree.path("schema").asInt(-1);
        if (version < 1 || version > RunRecord.SCHEMA_VERSION) {
            throw new IllegalArgumentException(file + " is a run record of schema " + tree.path("schema")
                    + "; this loom-lab reads schema 1 to " + RunRecord.SCHEMA_VERSION + " (a newer loom-lab wrote it?)");
        }
        // Versions 1 and 2 are version 3 without what came later, so they read as they are and, written back (a resumed
        // run), say their version still.
        return tree;
    }
}
