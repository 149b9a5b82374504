package org.loomlab.run;

import org.loomlab.plan.PlanRequest;
import org.loomlab.plan.RunPlan;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * What a run was asked, each value already of its type: the paths it needs, then whatever the command line gave, each
 * set by name ({@code RunOptions.of(home, jar, results).withRunId("x").resuming()}); what is not set is the default.
 *
 * @param java      the java binary the cells run on (a run of one JDK)
 * @param results   where result sets go (results/HOST/JDK/RUN)
 * @param plan      the profile, cells and policy as asked
 * @param runId     the run directory's name, or null for the UTC time and profile
 * @param hostId    the host's name in results/ and the record, or null for its fingerprint's
 * @param jdkId     the JDK's name in results/, or null for vendor-feature
 * @param jvmArgs   flags for the measured JVMs as typed, or null for the profile's
 * @param fixture   auto, container, local or the http:// URL of a running fixture
 * @param profilers {@code --prof}, applied to JMH cells
 * @param resume    finish the run named by {@code runId} as it was planned
 * @param lanes     the lanes that take turns; none for a run of one JDK
 * @param turnSeed  the seed of the order of each round's turns, or null for a fresh one
 * @param topUp     with {@code resume}, the forks' time a top-up of the finished run's lanes may spend; else null
 */
public record RunOptions(Path home, Path benchmarks, Path java, Path results, PlanRequest plan, String runId,
                         String hostId, String jdkId, String jvmArgs, String fixture, List<Profiler> profilers,
                         boolean resume, List<LaneSpec> lanes, Long turnSeed, Duration topUp) {

    public RunOptions {
        profilers = List.copyOf(profilers);
        lanes = List.copyOf(lanes);
    }

    /** A new run of the cells {@code plan} asks for, on the JDK running the lab, its fixture a local JVM. */
    public static RunOptions of(Path home, Path benchmarks, Path results, PlanRequest plan) {
        return new RunOptions(home, benchmarks, Path.of(System.getProperty("java.home"), "bin", "java"), results, plan,
                null, null, null, null, "local", List.of(), false, List.of(), null, null);
    }

    public RunOptions withJava(Path value) {
        return new RunOptions(home, benchmarks, value, results, plan, runId, hostId, jdkId, jvmArgs, fixture, profilers,
                resume, lanes, turnSeed, topUp);
    }

    public RunOptions withPlan(PlanRequest value) {
        return new RunOptions(home, benchmarks, java, results, value, runId, hostId, jdkId, jvmArgs, fixture, profilers,
                resume, lanes, turnSeed, topUp);
    }

    public RunOptions withRunId(String value) {
        return new RunOptions(home, benchmarks, java, results, plan, value, hostId, jdkId, jvmArgs, fixture, profilers,
                resume, lanes, turnSeed, topUp);
    }

    public RunOptions withHostId(String value) {
        return new RunOptions(home, benchmarks, java, results, plan, runId, value, jdkId, jvmArgs, fixture, profilers,
                resume, lanes, turnSeed, topUp);
    }

    public RunOptions withJdkId(String value) {
        return new RunOptions(home, benchmarks, java, results, plan, runId, hostId, value, jvmArgs, fixture, profilers,
                resume, lanes, turnSeed, topUp);
    }

    public RunOptions withJvmArgs(String value) {
        return new RunOptions(home, benchmarks, java, results, plan, runId, hostId, jdkId, value, fixture, profilers,
                resume, lanes, turnSeed, topUp);
    }

    public RunOptions withFixture(String value) {
        return new RunOptions(home, benchmarks, java, results, plan, runId, hostId, jdkId, jvmArgs, value, profilers,
                resume, lanes, turnSeed, topUp);
    }

    public RunOptions withProfilers(List<Profiler> value) {
        return new RunOptions(home, benchmarks, java, results, plan, runId, hostId, jdkId, jvmArgs, fixture, value,
                resume, lanes, turnSeed, topUp);
    }

    /** Finishing the run named by {@link #runId()} as it was planned, or not. */
    public RunOptions withResume(boolean value) {
        return new RunOptions(home, benchmarks, java, results, plan, runId, hostId, jdkId, jvmArgs, fixture, profilers,
                value, lanes, turnSeed, topUp);
    }

    public RunOptions withLanes(List<LaneSpec> value) {
        return new RunOptions(home, benchmarks, java, results, plan, runId, hostId, jdkId, jvmArgs, fixture, profilers,
                resume, value, turnSeed, topUp);
    }

    public RunOptions withTurnSeed(Long value) {
        return new RunOptions(home, benchmarks, java, results, plan, runId, hostId, jdkId, jvmArgs, fixture, profilers,
                resume, lanes, value, topUp);
    }

    public RunOptions withTopUp(Duration value) {
        return new RunOptions(home, benchmarks, java, results, plan, runId, hostId, jdkId, jvmArgs, fixture, profilers,
                resume, lanes, turnSeed, value);
    }

    /** Whether the run's lanes take turns; a run of one JDK has none. */
    boolean inTurns() {
        return !lanes.isEmpty();
    }

    /** A one-line error naming every planning flag given with --resume, which takes them from the run's plan. */
    void refuseOverrides(String id, RunPlan planned) {
        List<String> named = new ArrayList<>(plan.given());
        if (jvmArgs != null) {
            named.add("--jvm-args");
        }
        if (turnSeed != null) {
            named.add("--turn-seed");
        }
        if (!named.isEmpty()) {
            throw new IllegalArgumentException("--resume finishes run " + id + " as it was planned (profile "
                    + planned.profile() + ", " + planned.cells().size() + " cells); leave out " + String.join(", ", named));
        }
    }
}
