package org.loomlab.run;

import org.loomlab.plan.CellPlan;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * One lane as the command line asked for it ({@code run --jvm A,B}, {@code --lane NAME=JVM}, {@code --lane-args}): a JDK,
 * or the same JDK again with other flags, so that a JDK comparison, an A/A and a positive control run alike.
 *
 * @param name  the lane's name in results/ and its record, or null for its JDK's id (vendor-feature)
 * @param java  the java binary its forks run on
 * @param flags flags added after the run's own for this lane's measured JVMs
 * @param own   axis values this lane measures in place of the planned ones (a known change on purpose)
 * @param image the runner image whose container the lane's JVMs run in, or null for a JDK of this host
 */
public record LaneSpec(String name, Path java, List<String> flags, Map<String, String> own, Image image) {

    /** A runner image by name and id ({@code sha256:...}), as the record's JDK says it. */
    public record Image(String name, String id) {
    }

    public LaneSpec {
        flags = List.copyOf(flags);
        own = Map.copyOf(own);
    }

    /**
     * The axes some lane sets to values of its own ({@code --lane-params}); a one-line error for an axis not every
     * planned cell has, which such a lane could not measure at another value.
     *
     * @param owns each lane's own values
     */
    public static Set<String> ownAxes(List<Map<String, String>> owns, List<CellPlan> plans) {
        Set<String> axes = new TreeSet<>();
        owns.forEach(o -> axes.addAll(o.keySet()));
        Set<String> everywhere = new TreeSet<>();
        plans.forEach(p -> everywhere.addAll(p.params().keySet()));
        everywhere.removeIf(a -> !plans.stream().allMatch(p -> p.params().containsKey(a)));
        axes.stream().filter(a -> !everywhere.contains(a)).findFirst().ifPresent(a -> {
            throw new IllegalArgumentException("--lane-params sets axis '" + a + "', which not every planned cell has; "
                    + "valid: " + (everywhere.isEmpty() ? "none, as planned; narrow the cells to one experiment, e.g. -e philosophers"
                    : String.join(", ", everywhere)));
        });
        return axes;
    }

    /** A lane of a JDK of this host. */
    public LaneSpec(String name, Path java, List<String> flags, Map<String, String> own) {
        this(name, java, flags, own, null);
    }
}
