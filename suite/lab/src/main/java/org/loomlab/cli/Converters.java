package org.loomlab.cli;

import org.loomlab.plan.Policy;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

import java.time.Duration;

/**
 * The typed values of {@code run}'s and {@code matrix}'s options, read once while the command line is parsed, so a bad
 * one stops the command before anything starts. Each refusal names the value and its valid form without the option:
 * {@link LoomLab} puts the option's name in front ({@code --budget 'soon' is not a positive duration; valid: ...}).
 */
final class Converters {

    private Converters() {
    }

    /** {@code 90}, {@code 90s}, {@code 500ms}, {@code 10m}, {@code 1h} or ISO-8601 ({@code PT90S}); positive. */
    static final class PositiveDuration implements ITypeConverter<Duration> {
        @Override
        public Duration convert(String text) {
            try {
                String t = text.strip().toLowerCase();
                Duration d = t.startsWith("pt") ? Duration.parse(t)
                        : t.endsWith("ms") ? Duration.ofMillis(Long.parseLong(t.substring(0, t.length() - 2)))
                        : t.endsWith("s") ? Duration.ofSeconds(Long.parseLong(t.substring(0, t.length() - 1)))
                        : t.endsWith("m") ? Duration.ofMinutes(Long.parseLong(t.substring(0, t.length() - 1)))
                        : t.endsWith("h") ? Duration.ofHours(Long.parseLong(t.substring(0, t.length() - 1)))
                        : Duration.ofSeconds(Long.parseLong(t));
                if (!d.isNegative() && !d.isZero()) {
                    return d;
                }
            } catch (RuntimeException e) {
                // said below
            }
            throw new TypeConversionException("'" + text + "' is not a positive duration; valid: e.g. 90s, 10m or 1h");
        }
    }

    /** A run's shared time: a positive duration, or {@code none}. */
    static final class RunBudgetTotal implements ITypeConverter<PolicyOptions.RunBudgetChoice> {
        @Override
        public PolicyOptions.RunBudgetChoice convert(String text) {
            return new PolicyOptions.RunBudgetChoice("none".equals(text.strip()) ? null : new PositiveDuration().convert(text));
        }
    }

    /** A relative half-width: {@code 5%}, {@code 2.5%} or {@code 0.05}, above 0 and below 100 %. */
    static final class HalfWidth implements ITypeConverter<Double> {
        @Override
        public Double convert(String text) {
            return Policy.fraction(text).orElseThrow(() -> new TypeConversionException("'" + text
                    + "' is not a relative half-width; valid: above 0 % and below 100 %, e.g. 5% or 0.05"));
        }
    }

    /** A relative change to be callable: {@code 10%} or {@code 0.1}. */
    static final class Change implements ITypeConverter<Double> {
        @Override
        public Double convert(String text) {
            return Policy.fraction(text).orElseThrow(() -> new TypeConversionException("'" + text
                    + "' is not a relative change; valid: above 0 % and below 100 %, e.g. 10% or 0.1"));
        }
    }

    /** A confidence level: {@code 0.95} or {@code 99.9%}, between 0 and 1. */
    static final class Level implements ITypeConverter<Double> {
        @Override
        public Double convert(String text) {
            return Policy.fraction(text).orElseThrow(() -> new TypeConversionException("'" + text
                    + "' is not a level; valid: between 0 and 1, e.g. 0.95 or 99.9%"));
        }
    }

    /** A memory size as Docker reads one, {@code 6g} or {@code 512m}, in bytes. */
    static final class Size implements ITypeConverter<Long> {
        @Override
        public Long convert(String text) {
            if (text.matches("[1-9]\\d{0,15}[kmg]")) {
                int shift = switch (text.charAt(text.length() - 1)) {
                    case 'k' -> 10;
                    case 'm' -> 20;
                    default -> 30;
                };
                long n = Long.parseLong(text.substring(0, text.length() - 1));
                if (n <= Long.MAX_VALUE >> shift) {
                    return n << shift;
                }
            }
            throw new TypeConversionException("'" + text + "' is not a size; valid: a number with k, m or g, e.g. 6g or 512m");
        }
    }

    /** A positive number of CPUs, whole or not: {@code 1} or {@code 1.5}. */
    static final class Cpus implements ITypeConverter<Double> {
        @Override
        public Double convert(String text) {
            if (text.matches("\\d+(\\.\\d+)?") && Double.parseDouble(text) > 0) {
                return Double.parseDouble(text);
            }
            throw new TypeConversionException("'" + text + "' is not a positive number of CPUs, e.g. 1 or 1.5");
        }
    }

    /** A whole number of forks, 1 or more. */
    static final class Forks implements ITypeConverter<Integer> {
        @Override
        public Integer convert(String text) {
            if (text.matches("\\d{1,6}") && Integer.parseInt(text) > 0) {
                return Integer.parseInt(text);
            }
            throw new TypeConversionException("'" + text + "' is not a number of forks; valid: a whole number from 1, e.g. 10");
        }
    }
}
