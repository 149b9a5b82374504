package org.loomlab.claims;

import com.fasterxml.jackson.annotation.JsonValue;

/** What one run says of a claim. */
public enum Answer {
    YES("yes"), NO("no"), OPEN("open"), NOT_JUDGED("n/a");

    private final String label;

    Answer(String label) {
        this.label = label;
    }

    @JsonValue
    public String label() {
        return label;
    }
}
