package org.loomlab.layout;

import java.nio.file.Path;
import java.util.List;

/**
 * Where the build puts what the lab runs, relative to the lab's home (the same layout on a host and in a runner
 * image, which copies the jars to the same places). The only place that spells Maven's {@code target}
 * directories: a module or jar renamed in a pom is renamed here once.
 *
 * @param home the lab's home: the directory holding {@code suite/}
 */
public record BuildLayout(Path home) {

    /** The JMH benchmarks (the experiment catalogue inside it), relative to the home; a constant for option help. */
    public static final String BENCHMARKS_JAR = "suite/bench/target/benchmarks.jar";
    static final String LAB_JAR = "suite/lab/target/loom-lab.jar";
    static final String FIXTURE_JAR = "suite/fixture/target/fixture.jar";
    static final String ASYNC_PROFILER_JAR = "suite/lab/target/async-profiler.jar";
    static final String IMAGE_LOGS = "suite/lab/target/images";

    public BuildLayout {
        if (home == null) {
            throw new IllegalArgumentException("the lab's home is required");
        }
    }

    /** The JMH benchmarks (the experiment catalogue inside it), from suite/bench. */
    public Path benchmarksJar() {
        return home.resolve(BENCHMARKS_JAR);
    }

    /** The lab itself, shaded, from suite/lab. */
    public Path labJar() {
        return home.resolve(LAB_JAR);
    }

    /** The HTTP fixture the network experiments call, from suite/fixture. */
    public Path fixtureJar() {
        return home.resolve(FIXTURE_JAR);
    }

    /** async-profiler with its native libraries, copied beside loom-lab.jar by the lab's build (not shaded). */
    public Path asyncProfilerJar() {
        return home.resolve(ASYNC_PROFILER_JAR);
    }

    /** The build log of one image, {@code name} being the image's tag, e.g. {@code fixture} or {@code openjdk-25}. */
    public Path imageLog(String name) {
        return home.resolve(IMAGE_LOGS).resolve(name + ".log");
    }

    /** The jars a run uses and a run record's jar hash covers, in that hash's order. */
    public List<Path> runJars() {
        return List.of(labJar(), benchmarksJar(), fixtureJar());
    }
}
