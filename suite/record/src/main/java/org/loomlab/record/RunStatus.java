package org.loomlab.record;

import com.fasterxml.jackson.annotation.JsonValue;

/** How a whole run ended; a record on disk is valid in every one of these states. */
public enum RunStatus {
    RUNNING, COMPLETE, INTERRUPTED;

    @JsonValue
    public String label() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
