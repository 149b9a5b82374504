package org.loomlab.cli;

import org.loomlab.run.LaneSpec;
import picocli.CommandLine.Option;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * The lanes a command was asked for ({@code --lane NAME[=JDK]}, {@code --lane-args}, {@code --lane-params},
 * {@code --turn-seed}), shared by {@code run}, whose lanes are JDKs of this host, and {@code matrix}, whose lanes are
 * runner images: the options, their parsing and their one-line errors are written once, and the caller says what the
 * JDK part of a lane names ({@link #lanes(String, Jdk)}). Each command words the options in its own help bundle
 * ({@code RunHelp}, {@code MatrixHelp}), by their {@code descriptionKey}.
 */
final class LaneOptions {

    @Option(names = "--lane", paramLabel = "NAME[=JDK]", descriptionKey = "lane")
    List<String> lanes = new ArrayList<>();

    @Option(names = "--lane-args", paramLabel = "NAME=FLAGS", descriptionKey = "lane-args")
    List<String> laneArgs = new ArrayList<>();

    @Option(names = "--lane-params", paramLabel = "NAME=AXIS=VALUE", descriptionKey = "lane-params")
    List<String> laneParams = new ArrayList<>();

    @Option(names = "--turn-seed", paramLabel = "N", descriptionKey = "turn-seed")
    Long turnSeed;

    /** What a command makes of one lane: its name, the JDK part as given (null when it gave none), flags and axis values. */
    interface Jdk<T> {
        T lane(String name, String jdk, List<String> flags, Map<String, String> own);
    }

    /**
     * The lanes {@code --lane} names, none without it; bad input is a one-line error naming the bad value and the valid
     * ones.
     *
     * @param form how a lane names its JDK in this command's errors, e.g. {@code NAME=JVM} or {@code NAME=JDK_ID}
     * @param jdk  what the command makes of each lane
     */
    <T> List<T> lanes(String form, Jdk<T> jdk) {
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
        if (lanes.isEmpty()) {
            if (!flags.isEmpty() || !own.isEmpty()) {
                throw new IllegalArgumentException((flags.isEmpty() ? "--lane-params " + own.keySet().iterator().next()
                        : "--lane-args " + flags.keySet().iterator().next()) + "=... names a lane; name the lanes with "
                        + "--lane " + form + " first");
            }
            return List.of();
        }
        List<String> names = lanes.stream().map(l -> l.indexOf('=') < 0 ? l : l.substring(0, l.indexOf('='))).toList();
        Stream.concat(flags.keySet().stream().map(n -> "--lane-args " + n), own.keySet().stream().map(n -> "--lane-params " + n))
                .filter(n -> !names.contains(n.substring(n.indexOf(' ') + 1))).findFirst().ifPresent(n -> {
                    throw new IllegalArgumentException(n + "=... names a lane no --lane gives; valid: " + String.join(", ", names));
                });
        if (lanes.size() < 2) {
            throw new IllegalArgumentException("--lane " + lanes.get(0) + " is one lane; lanes take turns: give two or more");
        }
        names.stream().filter(n -> names.indexOf(n) != names.lastIndexOf(n)).findFirst().ifPresent(n -> {
            throw new IllegalArgumentException("two lanes are named '" + n + "': name each, e.g. --lane " + n + "-a="
                    + form.substring(form.indexOf('=') + 1) + " --lane " + n + "-b=" + form.substring(form.indexOf('=') + 1));
        });
        List<T> out = new ArrayList<>();
        for (int i = 0; i < lanes.size(); i++) {
            String name = names.get(i);
            int eq = lanes.get(i).indexOf('=');
            String extra = flags.getOrDefault(name, "").strip();
            out.add(jdk.lane(name, eq < 0 ? null : lanes.get(i).substring(eq + 1),
                    extra.isEmpty() ? List.of() : List.of(extra.split("\\s+")), own.getOrDefault(name, Map.of())));
        }
        return out;
    }

    /**
     * {@code run}'s lanes: {@code --jvm A,B} (each named by its JDK's id), or {@code --lane NAME[=JVM]} on a java binary
     * or JDK home ({@code --jvm}'s when a lane names none); none for a run on one JDK.
     *
     * @param jvms {@code --jvm}'s values
     */
    List<LaneSpec> onJvms(List<Path> jvms) {
        if (!lanes.isEmpty() && jvms.size() > 1) {
            throw new IllegalArgumentException("--jvm " + jvms + " and --lane both name lanes; valid: --jvm A,B, or --lane "
                    + "NAME=JVM for each lane (with --jvm as the default JVM)");
        }
        Path fallback = jvms.isEmpty() ? null : jvms.get(0);
        List<LaneSpec> named = lanes("NAME=JVM", (name, jvm, flags, own) -> new LaneSpec(name,
                RunCommand.javaBinary(jvm == null ? fallback : Path.of(jvm)), flags, own));
        if (!named.isEmpty() || jvms.size() < 2) {
            return named;
        }
        return jvms.stream().map(j -> new LaneSpec(null, RunCommand.javaBinary(j), List.of(), Map.of())).toList();
    }
}
