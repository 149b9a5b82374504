package org.loomlab.axis;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Duration;

/**
 * A decimal axis of microseconds ({@code 16}, {@code 16.8}), to the nanosecond: the meal time. The lab checks
 * a value with it before a run and the benchmark reads it with it, so both refuse the same values.
 */
public final class Microseconds {

    private Microseconds() {
    }

    /** The duration {@code micros} names; a one-line error naming {@code axis} unless it is a number above 0. */
    public static Duration parse(String axis, String micros) {
        try {
            BigDecimal nanos = new BigDecimal(micros.replace("_", "")).movePointRight(3);
            if (nanos.compareTo(BigDecimal.ONE) >= 0) {
                return Duration.ofNanos(nanos.setScale(0, RoundingMode.HALF_UP).longValueExact());
            }
        } catch (NumberFormatException | ArithmeticException e) {
            // Not a number, or more nanoseconds than a long holds: the same one-line error.
        }
        throw new IllegalArgumentException(axis + " must be a number of microseconds > 0 (at least 0.001),"
                + " e.g. 16 or 16.8, got '" + micros + "'");
    }
}
