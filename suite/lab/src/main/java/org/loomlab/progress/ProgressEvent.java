package org.loomlab.progress;

import com.fasterxml.jackson.annotation.JsonValue;
import org.loomlab.record.RecordJson;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.ObjectWriter;
import tools.jackson.databind.SerializationFeature;

import java.util.Locale;

/**
 * One step of a run as its runner tells a program that watches it (the matrix): a cell started or finished, or the
 * run ended, with the run's elapsed time and its own ETA. The human progress lines say the same for people; a program
 * reads these instead of parsing them. One event is one line of JSON ({@link ProgressLog}).
 *
 * @param kind           what happened
 * @param cell           the cell's place in this session's plan, from 1; for {@code ended}, the cells that finished
 * @param cells          the cells this session runs (a resumed run counts only those it has left)
 * @param label          the cell's experiment and params, e.g. {@code philosophers lock=reentrant threads=virtual}; null
 *                       for {@code ended}
 * @param status         how the cell ended (its primary metric's status: ok, timeout, ...) or how the run ended
 *                       (complete, interrupted); null when a cell starts
 * @param forks          the JVM forks a finished cell measured; null otherwise
 * @param elapsedSeconds since this session's first cell started
 * @param etaSeconds     the run's time left by its own estimate; null once it ended
 */
public record ProgressEvent(Kind kind, int cell, int cells, String label, String status, Integer forks,
                            double elapsedSeconds, Double etaSeconds) {

    /** What happened. */
    public enum Kind {
        STARTED, FINISHED, ENDED;

        @JsonValue
        public String label() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /** The records' JSON form (snake_case keys), kept on one line. */
    private static final ObjectWriter LINE = RecordJson.mapper().writer().without(SerializationFeature.INDENT_OUTPUT);

    /** This event as one line of JSON, without its line end. */
    public String json() {
        try {
            return LINE.writeValueAsString(this);
        } catch (JacksonException e) {
            throw new IllegalStateException("cannot write a progress event: " + e.getOriginalMessage(), e);
        }
    }

    /** The event one line of JSON holds; a one-line error when it holds none. */
    public static ProgressEvent of(String json) {
        try {
            return RecordJson.mapper().readValue(json, ProgressEvent.class);
        } catch (JacksonException e) {
            throw new IllegalArgumentException("not a progress event: " + e.getOriginalMessage().lines().findFirst().orElse(""));
        }
    }
}
