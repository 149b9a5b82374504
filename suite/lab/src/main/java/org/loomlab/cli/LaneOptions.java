package org.loomlab.cli;

import org.loomlab.run.LaneSpec;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The lanes {@code run} was asked for: {@code --jvm A,B}, or {@code --lane NAME[=JVM]} with {@code --lane-args}. */
final class LaneOptions {

    private LaneOptions() {
    }

    /**
     * The lanes, none for a run on one JDK; bad input is a one-line error naming the bad value and the valid ones.
     *
     * @param jvms     {@code --jvm}'s values
     * @param lanes    {@code --lane}'s values
     * @param laneArgs {@code --lane-args}' values
     */
    static List<LaneSpec> lanes(List<Path> jvms, List<String> lanes, List<String> laneArgs, List<String> laneParams) {
        if (!lanes.isEmpty() && jvms.size() > 1) {
            throw new IllegalArgumentException("--jvm " + jvms + " and --lane both name lanes; valid: --jvm A,B, or --lane "
                    + "NAME=JVM for each lane (with --jvm as the default JVM)");
        }
        Map<String, String> flags = new LinkedHashMap<>();
        for (String given : laneArgs) {
            int eq = given.indexOf('=');
            if (eq <= 0) {
                throw new IllegalArgumentException("--lane-args '" + given + "' is not NAME=FLAGS, e.g. b='-XX:+UseSerialGC'");
            }
            flags.put(given.substring(0, eq), given.substring(eq + 1));
        }
        Map<String, Map<String, String>> own = new LinkedHashMap<>();
        for (String given : laneParams) {
            String[] parts = given.split("=", 3);
            if (parts.length != 3 || parts[0].isEmpty() || parts[1].isEmpty() || parts[2].isEmpty()) {
                throw new IllegalArgumentException("--lane-params '" + given + "' is not NAME=AXIS=VALUE, e.g. b=mealtime=16.8");
            }
            own.computeIfAbsent(parts[0], n -> new LinkedHashMap<>()).put(parts[1], parts[2]);
        }
        List<LaneSpec> out = new ArrayList<>();
        if (lanes.isEmpty()) {
            if (!flags.isEmpty() || !own.isEmpty()) {
                throw new IllegalArgumentException((flags.isEmpty() ? "--lane-params " + own.keySet().iterator().next()
                        : "--lane-args " + flags.keySet().iterator().next()) + "=... names a lane; name the lanes with "
                        + "--lane NAME=JVM first");
            }
            if (jvms.size() > 1) {
                jvms.forEach(j -> out.add(new LaneSpec(null, RunCommand.javaBinary(j), List.of(), Map.of())));
            }
            return out;
        }
        Path fallback = jvms.isEmpty() ? null : jvms.get(0);
        for (String given : lanes) {
            int eq = given.indexOf('=');
            String name = eq < 0 ? given : given.substring(0, eq);
            Path jvm = eq < 0 ? fallback : Path.of(given.substring(eq + 1));
            String extra = flags.getOrDefault(name, "").strip();
            out.add(new LaneSpec(name, RunCommand.javaBinary(jvm), extra.isEmpty() ? List.of() : List.of(extra.split("\\s+")),
                    own.getOrDefault(name, Map.of())));
        }
        List<String> names = out.stream().map(LaneSpec::name).toList();
        java.util.stream.Stream.concat(flags.keySet().stream().map(n -> "--lane-args " + n),
                own.keySet().stream().map(n -> "--lane-params " + n)).filter(n -> !names.contains(n.substring(n.indexOf(' ') + 1)))
                .findFirst().ifPresent(n -> {
                    throw new IllegalArgumentException(n + "=... names a lane no --lane gives; valid: "
                            + String.join(", ", names));
                });
        if (out.size() < 2) {
            throw new IllegalArgumentException("--lane " + lanes.get(0) + " is one lane; lanes take turns: give two or more");
        }
        return out;
    }
}
