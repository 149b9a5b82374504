package org.loomlab.gc;

import org.loomlab.axis.Axis;

import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The garbage collector a cell's JVM runs, the axis {@code gc}. The talk's open question (seed 001, Q&amp;A): which
 * implementations do best under which collectors? A collector is chosen when the JVM starts, so each constant
 * carries its flag and the lab starts the cell's JVM with it ({@link #jvmArgs()}); G1, the JDK's default, is the
 * axis's default and the others run only when asked for ({@code -p gc=g1,parallel,z}). A JDK built without one
 * (Shenandoah is missing from some vendors' builds) makes the lab skip the cell, saying so. What {@code z} means moves
 * with the JDK: generational from 23 on, and only so from 24.
 *
 * <p>The pitfall it guards against: a cell labelled with one collector that ran another, because the flag never
 * reached its JVM, or because the JVM chose for itself (on one CPU or under 1792 MB it picks Serial). The benchmark
 * checks the collector it runs on with {@link #requireRunning()}.
 */
public enum GcKind implements Axis {
    G1("g1", "-XX:+UseG1GC", "G1 "),
    PARALLEL("parallel", "-XX:+UseParallelGC", "PS "),
    SERIAL("serial", "-XX:+UseSerialGC", "Copy", "MarkSweepCompact"),
    Z("z", "-XX:+UseZGC", "ZGC "),
    SHENANDOAH("shenandoah", "-XX:+UseShenandoahGC", "Shenandoah ");

    private final String label;
    private final String flag;
    /** How the names of this collector's {@link GarbageCollectorMXBean}s begin. */
    private final List<String> beans;

    GcKind(String label, String flag, String... beans) {
        this.label = label;
        this.flag = flag;
        this.beans = List.of(beans);
    }

    @Override
    public String label() {
        return label;
    }

    @Override
    public List<String> jvmArgs() {
        return List.of(flag);
    }

    /** Every collector but the JDK's default runs only when asked for, so the default cells stay as they were. */
    @Override
    public boolean optIn() {
        return this != G1;
    }

    /** Fails, naming both, unless this JVM runs this collector. */
    public void requireRunning() {
        List<String> names = beanNames();
        if (names.stream().noneMatch(this::owns)) {
            throw new IllegalStateException("gc=" + label + ", but this JVM runs " + String.join(", ", names)
                    + ": it did not start with " + flag + " (the lab passes it; a JVM run by hand needs it too)");
        }
    }

    private boolean owns(String bean) {
        return beans.stream().anyMatch(bean::startsWith);
    }

    private static List<String> beanNames() {
        return ManagementFactory.getGarbageCollectorMXBeans().stream().map(GarbageCollectorMXBean::getName).toList();
    }

    /** The collector this JVM runs, or a one-line error naming its collectors when it is none of these. */
    public static GcKind running() {
        List<String> names = beanNames();
        return Arrays.stream(values()).filter(gc -> names.stream().anyMatch(gc::owns)).findFirst()
                .orElseThrow(() -> new IllegalStateException("this JVM runs " + String.join(", ", names)
                        + ", none of: " + Arrays.stream(values()).map(GcKind::label).collect(Collectors.joining(", "))));
    }

    public static GcKind of(String label) {
        return Axis.parse(GcKind.class, "gc", label);
    }
}
