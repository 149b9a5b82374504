package org.loomlab.plan;

import org.loomlab.catalogue.ExperimentSpec;

import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import static java.time.Duration.ofMinutes;
import static java.time.Duration.ofSeconds;

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
    SMOKE(named("smoke").noTarget().forks(1, 1).budget(ofSeconds(5)).warmup(0, "100ms").measure(3, "100ms")
            .forkTimeout(ofSeconds(90)).windows(0, 2, ofSeconds(1)).noRunBudget()),
    /**
     * The default of {@code just bench}: the talk's 1K x 10K table, ±5 % at 95 % where a cell's budget allows.
     * One 3 s warm-up and two measured 1 s iterations per fork: in its second and third second a JVM serves the talk's
     * dinners 4-19 % slower than in its twentieth (virtual noop up to 2 times); from its fourth, virtual active-wait is
     * within 1 % and platform noop within its forks' spread (calibration/warmup_curve.py), so a 1 s warm-up (quick's
     * first) leaves a bias no fork count removes. One iteration of 3 s, not three of 1 s: a dinner longer than
     * an iteration (an HTTP dinner of 40 s) fills one iteration, and its JIT is warm after it. 8 to 10 forks within
     * 40 s a cell: a cell that may stop after fewer stops on forks that happened to agree
     * (StoppingRuleCalibrationTest); at about 6.3 s a fork on 2 CPUs, 6 fit, so alone a cell stops on its budget, not
     * on its target, unless given a larger {@code --budget}. The whole run shares 30 min ({@link RunBudget}); there a
     * cell spends forks, not seconds ({@link Stretch}): a pilot of three, then on only while its spread puts the target
     * within what the run can spare.
     */
    QUICK(named("quick").target(0.05).forks(8, 10).budget(ofSeconds(40)).warmup(1, "3s").measure(2, "1s")
            .forkTimeout(ofMinutes(6)).windows(1, 1, ofSeconds(3)).runBudget(ofMinutes(30))),
    /** Seed-grade: ±2 % at 95 %, the talk's 2 s iterations, 5 to 20 forks within 5 minutes a cell; seeds' 60 s windows. */
    FULL(named("full").target(0.02).forks(5, 20).budget(ofMinutes(5)).warmup(2, "2s").measure(3, "2s")
            .forkTimeout(ofMinutes(30)).windows(1, 2, ofSeconds(60)).noRunBudget()),
    /**
     * The talk's staircase: 10K..1M philosophers x 10K..1M meals on virtual threads. A 1M-philosopher dinner
     * lasts seconds, so each iteration is one dinner; the heap is sized from the host ({@link #jvmArgs(long)}).
     */
    SCALED(named("scaled").target(0.05).forks(2, 5).budget(ofMinutes(3)).warmup(1, "1s").measure(2, "1s")
            .forkTimeout(ofMinutes(30)).windows(1, 1, ofSeconds(5)).noRunBudget()),
    /**
     * The talk's own JMH settings, to rerun it as it was run and to compare methods at equal time: one fork,
     * 2 warm-up and 5 measured 10 s iterations (about 70 s a cell), no target. Its interval is over the
     * iterations of one JVM, as JMH's was.
     */
    TALK(named("talk").noTarget().forks(1, 1).budget(ofSeconds(70)).warmup(2, "10s").measure(5, "10s")
            .forkTimeout(ofMinutes(30)).windows(1, 3, ofSeconds(10)).noRunBudget());

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

    Profile(Settings s) {
        if (!s.targetSet || !s.runBudgetSet || s.maxForks < s.minForks || s.minForks < 1 || s.budget == null
                || s.warmupTime == null || s.iterationTime == null || s.forkTimeout == null || s.windowTime == null) {
            throw new IllegalStateException("profile " + s.label + " leaves a setting out");
        }
        this.label = s.label;
        this.target = s.target;
        this.minForks = s.minForks;
        this.maxForks = s.maxForks;
        this.budget = s.budget;
        this.warmupIterations = s.warmupIterations;
        this.warmupTime = s.warmupTime;
        this.iterations = s.iterations;
        this.iterationTime = s.iterationTime;
        this.forkTimeout = s.forkTimeout;
        this.warmupWindows = s.warmupWindows;
        this.windows = s.windows;
        this.windowTime = s.windowTime;
        this.runBudget = s.runBudget;
    }

    private static Settings named(String label) {
        return new Settings(label);
    }

    /**
     * A profile's settings by name, in the order a constant reads them: target, forks, budget, warm-up, measurement,
     * fork timeout, scenario windows, run budget. Every step is required; {@link Profile#Profile(Settings)} fails on a
     * step left out, so a new setting cannot be forgotten in one constant.
     */
    private static final class Settings {
        private final String label;
        private boolean targetSet;
        private Double target;
        private int minForks;
        private int maxForks;
        private Duration budget;
        private int warmupIterations;
        private String warmupTime;
        private int iterations;
        private String iterationTime;
        private Duration forkTimeout;
        private int warmupWindows;
        private int windows;
        private Duration windowTime;
        private boolean runBudgetSet;
        private Duration runBudget;

        private Settings(String label) {
            this.label = label;
        }

        /** The relative half-width a cell aims for at {@link #CONFIDENCE}. */
        Settings target(double relativeHalfWidth) {
            targetSet = true;
            target = relativeHalfWidth;
            return this;
        }

        /** No precision target: a cell measures its minimum forks and stops. */
        Settings noTarget() {
            targetSet = true;
            target = null;
            return this;
        }

        Settings forks(int min, int max) {
            minForks = min;
            maxForks = max;
            return this;
        }

        /** Measuring time a cell may spend on forks after its first one. */
        Settings budget(Duration perCell) {
            budget = perCell;
            return this;
        }

        /** JMH warm-up iterations per fork and the length of each, in JMH's notation ({@code 100ms}, {@code 3s}). */
        Settings warmup(int count, String each) {
            warmupIterations = count;
            warmupTime = each;
            return this;
        }

        /** Measured JMH iterations per fork and the length of each, in JMH's notation. */
        Settings measure(int count, String each) {
            iterations = count;
            iterationTime = each;
            return this;
        }

        Settings forkTimeout(Duration limit) {
            forkTimeout = limit;
            return this;
        }

        /** Scenario load windows per fork: thrown away, then measured, and the length of one. */
        Settings windows(int warmup, int measured, Duration each) {
            warmupWindows = warmup;
            windows = measured;
            windowTime = each;
            return this;
        }

        /** Time the whole run shares among its cells ({@link RunBudget}). */
        Settings runBudget(Duration shared) {
            runBudgetSet = true;
            runBudget = shared;
            return this;
        }

        /** No run budget: each cell gets its own {@link #budget(Duration)}. */
        Settings noRunBudget() {
            runBudgetSet = true;
            runBudget = null;
            return this;
        }
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

    /** The time a measured JMH iteration is set to last, in seconds (an iteration also ends its last operation). */
    public double iterationSeconds() {
        return millis(iterationTime) / 1000.0;
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
     * Shapes a fork of this profile had before its current one, which records made then still show, so that matching
     * such a record's cells is not refused for a shape they did have: quick once warmed up in three 1 s iterations
     * (which commits and when: docs/NOTES.md, "History moved out of code comments"). Its first shape, a single 1 s
     * warm-up, has the counts of today's, and records of that time keep no warm-up seconds, so it needs no entry.
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
