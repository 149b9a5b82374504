package org.loomlab.plan;

import org.loomlab.catalogue.ExperimentSpec;

import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * How precisely to measure and what that may cost: a precision target at a confidence level and a time
 * budget per cell, not a fixed iteration count. The JVM fork is the unit of replication: a cell runs
 * forks one after another (each with its warm-up left out of the samples) until the interval over the
 * forks reaches the target or the next fork would overrun the budget, whichever comes first.
 *
 * <p>Within a fork, JMH cells measure in iterations of {@code iterationTime}: a short operation gives many
 * operations per sample, a long one (a dinner of seconds) exactly one, so a long operation is one observation.
 * Scenario cells measure in load windows of {@code windowTime}.
 */
public enum Profile {
    /** Seconds per cell, tiny tables: proves the pipeline, not the numbers. No target. */
    SMOKE("smoke", null, 1, 1, Duration.ofSeconds(5), 0, "100ms", 3, "100ms", Duration.ofSeconds(90),
            0, 2, Duration.ofSeconds(1), null),
    /**
     * The default of {@code just bench}: the talk's 1K x 10K table, ±5 % at 95 % where a cell's budget allows.
     * One 3 s warm-up and two measured 1 s iterations per fork: in its second and third second a JVM serves the talk's
     * dinners 4-19 % slower than in its twentieth (virtual noop up to 2 times); from its fourth, virtual active-wait is
     * within 1 % and platform noop within its forks' spread (calibration/warmup_curve.py), so the 1 s warm-up quick had
     * until 2026-11-24 left a bias no fork count removes. One iteration of 3 s, not three of 1 s: a dinner longer than
     * an iteration (an HTTP dinner of 40 s) fills one iteration, and its JIT is warm after it. 8 to 10 forks within
     * 40 s a cell: a cell that may stop after fewer stops on forks that happened to agree
     * (StoppingRuleCalibrationTest); at about 6.3 s a fork on 2 CPUs, 6 fit, so alone a cell stops on its budget, not
     * on its target, unless given a larger {@code --budget}. The whole run shares 30 min ({@link RunBudget}); there a
     * cell spends forks, not seconds ({@link Stretch}): a pilot of three, then on only while its spread puts the target
     * within what the run can spare.
     */
    QUICK("quick", 0.05, 8, 10, Duration.ofSeconds(40), 1, "3s", 2, "1s", Duration.ofMinutes(6),
            1, 1, Duration.ofSeconds(3), Duration.ofMinutes(30)),
    /** Seed-grade: ±2 % at 95 %, the talk's 2 s iterations, 5 to 20 forks within 5 minutes a cell; seeds' 60 s windows. */
    FULL("full", 0.02, 5, 20, Duration.ofMinutes(5), 2, "2s", 3, "2s", Duration.ofMinutes(30),
            1, 2, Duration.ofSeconds(60), null),
    /**
     * The talk's staircase: 10K..1M philosophers x 10K..1M meals on virtual threads. A 1M-philosopher dinner
     * lasts seconds, so each iteration is one dinner; the heap is sized from the host ({@link #jvmArgs(long)}).
     */
    SCALED("scaled", 0.05, 2, 5, Duration.ofMinutes(3), 1, "1s", 2, "1s", Duration.ofMinutes(30),
            1, 1, Duration.ofSeconds(5), null),
    /**
     * The talk's own JMH settings, to rerun it as it was run and to compare methods at equal time: one fork,
     * 2 warm-up and 5 measured 10 s iterations (about 70 s a cell), no target. Its interval is over the
     * iterations of one JVM, as JMH's was.
     */
    TALK("talk", null, 1, 1, Duration.ofSeconds(70), 2, "10s", 5, "10s", Duration.ofMinutes(30),
            1, 3, Duration.ofSeconds(10), null);

    /** Every interval of the lab is at this level unless asked otherwise. */
    public static final double CONFIDENCE = 0.95;

    private final String label;
    /** Relative half-width a cell aims for; null: no target (measure the minimum and stop). */
    final Double target;
    final int minForks;
    final int maxForks;
    /** Measuring time a cell may spend on forks after its first one. */
    final Duration budget;
    final int warmupIterations;
    final String warmupTime;
    final int iterations;
    final String iterationTime;
    /** Hard limit of one fork: beyond it the fork is killed and the cell recorded as timed out with what it measured. */
    final Duration forkTimeout;
    /** Scenario load windows per fork that are run and thrown away before measuring. */
    final int warmupWindows;
    /** Scenario load windows per fork that are measured. */
    final int windows;
    final Duration windowTime;
    /** Time the whole run shares among its cells ({@link RunBudget}); null: none, each cell gets {@code budget}. */
    final Duration runBudget;

    Profile(String label, Double target, int minForks, int maxForks, Duration budget, int warmupIterations,
            String warmupTime, int iterations, String iterationTime, Duration forkTimeout, int warmupWindows,
            int windows, Duration windowTime, Duration runBudget) {
        this.label = label;
        this.target = target;
        this.minForks = minForks;
        this.maxForks = maxForks;
        this.budget = budget;
        this.warmupIterations = warmupIterations;
        this.warmupTime = warmupTime;
        this.iterations = iterations;
        this.iterationTime = iterationTime;
        this.forkTimeout = forkTimeout;
        this.warmupWindows = warmupWindows;
        this.windows = windows;
        this.windowTime = windowTime;
        this.runBudget = runBudget;
    }

    public String label() {
        return label;
    }

    /** The hard limit of one fork of a cell. */
    public Duration cellTimeout() {
        return forkTimeout;
    }

    /** The time a whole run of this profile shares among its cells, or null for none. */
    public Duration runBudget() {
        return runBudget;
    }

    /** The precision a cell aims for, or null for none. */
    public Double target() {
        return target;
    }

    /** The budget a cell measures within. */
    public Duration budget() {
        return budget;
    }

    /** What one cell is planned to take before any operation runs long: its minimum forks with JVM starts. */
    public Duration plannedCellTime() {
        long fork = 1_500L + warmupIterations * millis(warmupTime) + iterations * millis(iterationTime);
        return Duration.ofMillis(minForks * fork);
    }

    private static long millis(String jmhTime) {
        return jmhTime.endsWith("ms") ? Long.parseLong(jmhTime.replace("ms", ""))
                : Long.parseLong(jmhTime.replace("s", "")) * 1000;
    }

    /** Measured JMH iterations per fork. */
    public int iterations() {
        return iterations;
    }

    /** JMH warm-up iterations per fork, left out of the samples. */
    public int warmupIterations() {
        return warmupIterations;
    }

    /** What a fork of a cell of {@code kind} measures and throws away before it measures. */
    public ForkShape forkShape(ExperimentSpec.Kind kind) {
        return kind == ExperimentSpec.Kind.JMH
                ? new ForkShape(iterations, warmupIterations, Duration.ofMillis(warmupIterations * millis(warmupTime)))
                : new ForkShape(windows, warmupWindows, windowTime.multipliedBy(warmupWindows));
    }

    /**
     * Shapes a fork of this profile had before its current one, which records made then still show: quick warmed up
     * in three 1 s iterations from 4705787 to 300b87c (2026-11-24 21:06-21:45 UTC). Its earlier single 1 s warm-up
     * has the counts of today's, and records of that time keep no warm-up seconds, so it needs no entry.
     */
    public List<ForkShape> earlierForkShapes(ExperimentSpec.Kind kind) {
        return this == QUICK && kind == ExperimentSpec.Kind.JMH
                ? List.of(new ForkShape(iterations, 3, Duration.ofSeconds(3))) : List.of();
    }

    /**
     * What a fork of a cell at {@code params} of {@code experiment} measures and throws away: the profile's shape, with
     * the warm-up an experiment's rules ask for when it is longer and the profile aims at a precision (a smoke or the
     * talk's own settings keep theirs), as one JMH warm-up iteration of that length.
     */
    public ForkShape forkShape(Experiment experiment, Map<String, String> params) {
        ForkShape own = forkShape(experiment.kind());
        return experiment.kind() == ExperimentSpec.Kind.JMH && target != null
                ? experiment.warmup(params).filter(w -> w.compareTo(own.warmup()) > 0)
                        .map(w -> new ForkShape(own.samples(), 1, w)).orElse(own)
                : own;
    }

    /** What a fork of that cell takes beyond one of the profile's own shape: the longer warm-up its rules ask for. */
    public Duration extraWarmup(Experiment experiment, Map<String, String> params) {
        return forkShape(experiment, params).warmup().minus(forkShape(experiment.kind()).warmup());
    }

    /** Measured scenario load windows per fork. */
    public int windows() {
        return windows;
    }

    /** Scenario load windows per fork run and thrown away before measuring. */
    public int warmupWindows() {
        return warmupWindows;
    }

    /** The length of one scenario load window. */
    public Duration windowTime() {
        return windowTime;
    }

    /** JMH command-line options of one fork of this profile. */
    public List<String> jmhOptions() {
        return jmhOptions(forkShape(ExperimentSpec.Kind.JMH));
    }

    /** JMH command-line options of one fork of this profile that warms up as {@code shape} says. */
    public List<String> jmhOptions(ForkShape shape) {
        boolean own = shape.equals(forkShape(ExperimentSpec.Kind.JMH));
        String each = own ? warmupTime : shape.warmup().dividedBy(shape.warmupDiscarded()).toMillis() + "ms";
        return List.of("-f", "1", "-wi", String.valueOf(shape.warmupDiscarded()), "-w", each,
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
        return of(label, "profile");
    }

    /** The profile labelled {@code label}, or a one-line error naming it as a {@code what} and the valid ones. */
    public static Profile of(String label, String what) {
        for (Profile p : values()) {
            if (p.label.equals(label)) {
                return p;
            }
        }
        throw new IllegalArgumentException("unknown " + what + " '" + label + "'; valid: "
                + Arrays.stream(values()).map(Profile::label).collect(Collectors.joining(", ")));
    }
}
