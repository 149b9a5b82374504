package org.loomlab.run;

import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;

/**
 * How long and how precisely to measure. A profile fixes JMH's forks and iterations, the per-cell
 * timeout and the scenarios' repetitions and load time; axes may choose other sizes per profile.
 */
public enum Profile {
    /** Seconds per cell, tiny tables: proves the pipeline, not the numbers. */
    SMOKE("smoke", 1, 0, "100ms", 3, "100ms", Duration.ofSeconds(90), 2, Duration.ofSeconds(1)),
    /**
     * The default of {@code just bench}: the talk's 1K x 10K table, one fork, three 1 s iterations and
     * no warm-up iteration. On 2 cores some dinners take over a minute each (1,000 platform threads
     * busy-spinning), so a warm-up op would cost minutes; the first iteration's JIT warm-up shows in the
     * error bar instead. Use {@code full} for seed-grade numbers.
     */
    QUICK("quick", 1, 0, "1s", 3, "1s", Duration.ofMinutes(6), 3, Duration.ofSeconds(5)),
    /** Seed-grade: the talk's 3 warm-up and 7 measured iterations, in 2 forks for run-to-run variance. */
    FULL("full", 2, 3, "2s", 7, "2s", Duration.ofMinutes(30), 5, Duration.ofSeconds(60)),
    /**
     * The talk's staircase: 10K..1M philosophers x 10K..1M meals on virtual threads. One fork, no warm-up
     * and three 1 s iterations: a 1M-philosopher dinner lasts seconds, so each iteration is one or a few
     * dinners, and a cell may take minutes. The heap is sized from the host ({@link #jvmArgs(long)}).
     */
    SCALED("scaled", 1, 0, "1s", 3, "1s", Duration.ofMinutes(30), 3, Duration.ofSeconds(5));

    private final String label;
    final int forks;
    final int warmupIterations;
    final String warmupTime;
    final int iterations;
    final String iterationTime;
    final Duration cellTimeout;
    /** Repetitions of a scenario cell, each one sample per metric. */
    final int scenarioSamples;
    /** How long a scenario's load phase lasts (the seeds used 60 s). */
    final Duration scenarioDuration;

    Profile(String label, int forks, int warmupIterations, String warmupTime, int iterations, String iterationTime,
            Duration cellTimeout, int scenarioSamples, Duration scenarioDuration) {
        this.label = label;
        this.forks = forks;
        this.warmupIterations = warmupIterations;
        this.warmupTime = warmupTime;
        this.iterations = iterations;
        this.iterationTime = iterationTime;
        this.cellTimeout = cellTimeout;
        this.scenarioSamples = scenarioSamples;
        this.scenarioDuration = scenarioDuration;
    }

    public String label() {
        return label;
    }

    public Duration cellTimeout() {
        return cellTimeout;
    }

    /** What one cell is planned to take: JVM starts plus warm-up and measurement, before any op runs long. */
    public Duration plannedCellTime() {
        return Duration.ofSeconds(3).plus(Duration.ofMillis(forks * (warmupIterations * millis(warmupTime)
                + iterations * millis(iterationTime) + 1_000L)));
    }

    private static long millis(String jmhTime) {
        return jmhTime.endsWith("ms") ? Long.parseLong(jmhTime.replace("ms", ""))
                : Long.parseLong(jmhTime.replace("s", "")) * 1000;
    }

    /** JMH command-line options for this profile. */
    List<String> jmhOptions() {
        return List.of("-f", String.valueOf(forks), "-wi", String.valueOf(warmupIterations), "-w", warmupTime,
                "-i", String.valueOf(iterations), "-r", iterationTime);
    }

    /**
     * Flags for the measured JVMs when the user gives none. Scaled tables hold up to a million virtual
     * threads (stacks live on the heap), so they get half the host's memory, at most 16 GiB, with the
     * initial heap at a quarter of it to keep resizing out of the first iterations.
     */
    public List<String> jvmArgs(long hostMemoryBytes) {
        if (this != SCALED) {
            return List.of("-Xms1g", "-Xmx4g");
        }
        long gib = Math.max(4, Math.min(16, hostMemoryBytes / 2 / (1L << 30)));
        return List.of("-Xms" + Math.max(1, gib / 4) + "g", "-Xmx" + gib + "g");
    }

    public static Profile of(String label) {
        for (Profile p : values()) {
            if (p.label.equals(label)) {
                return p;
            }
        }
        throw new IllegalArgumentException("unknown profile '" + label + "'; valid: "
                + Arrays.stream(values()).map(Profile::label).collect(Collectors.joining(", ")));
    }
}
