package org.loomlab.record;

import com.fasterxml.jackson.annotation.JsonValue;

/** How one cell ended. Only {@code ok} cells carry a score. */
public enum CellStatus {
    OK, FAILED, TIMEOUT, SKIPPED, INTERRUPTED;

    @JsonValue
    public String label() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
