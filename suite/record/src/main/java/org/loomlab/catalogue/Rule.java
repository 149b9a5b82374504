package org.loomlab.catalogue;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What an experiment's cells need beyond what their values say: JVM flags, a note for the reader, the HTTP
 * fixture, virtual threads or many platform threads, a longer warm-up, for the cells whose params match {@code when}
 * (axis -> any of these values; empty: every cell). {@code {axis}} in a flag or the note stands for the cell's value
 * of that axis.
 *
 * @param platformThreads the count axis whose value is how many platform threads a cell starts (the lab skips
 *                        a cell this host cannot start), or null
 * @param warmupSeconds   the warm-up a fork of these cells needs at least before it measures, when a profile aims
 *                        at a precision (a JVM serves them slower for longer than the profile's warm-up), or null
 */
public record Rule(Map<String, List<String>> when, List<String> jvmArgs, String note, boolean virtual, boolean fixture,
                   String platformThreads, Integer warmupSeconds) {

    private static final Pattern PLACEHOLDER = Pattern.compile("\\{([a-z-]+)}");

    public Rule {
        when = Collections.unmodifiableMap(new LinkedHashMap<>(when));
        jvmArgs = List.copyOf(jvmArgs);
    }

    /** A rule for every cell of the experiment. */
    public static Rule always() {
        return new Rule(Map.of(), List.of(), null, false, false, null, null);
    }

    /** A rule for the cells whose {@code axis} is one of {@code values}. */
    public static Rule when(String axis, List<String> values) {
        return always().and(axis, values);
    }

    /** The same rule, for cells that also have {@code axis} at one of {@code values}. */
    public Rule and(String axis, List<String> values) {
        Map<String, List<String>> more = new LinkedHashMap<>(when);
        more.put(axis, List.copyOf(values));
        return new Rule(more, jvmArgs, note, virtual, fixture, platformThreads, warmupSeconds);
    }

    /** The same rule, also asking for these JVM flags. */
    public Rule withJvmArgs(String... flags) {
        return new Rule(when, List.of(flags), note, virtual, fixture, platformThreads, warmupSeconds);
    }

    /** The same rule, also leaving this note on the cell. */
    public Rule withNote(String text) {
        return new Rule(when, jvmArgs, text, virtual, fixture, platformThreads, warmupSeconds);
    }

    /** The same rule, also saying its cells run virtual threads. */
    public Rule runningVirtualThreads() {
        return new Rule(when, jvmArgs, note, true, fixture, platformThreads, warmupSeconds);
    }

    /** The same rule, also saying its cells call the HTTP fixture. */
    public Rule callingFixture() {
        return new Rule(when, jvmArgs, note, virtual, true, platformThreads, warmupSeconds);
    }

    /** The same rule, also saying its cells start as many platform threads as the count axis {@code axis} says. */
    public Rule startingPlatformThreads(String axis) {
        return new Rule(when, jvmArgs, note, virtual, fixture, axis, warmupSeconds);
    }

    /** The same rule, also asking for at least {@code seconds} of warm-up a fork. */
    public Rule warmingUpFor(int seconds) {
        return new Rule(when, jvmArgs, note, virtual, fixture, platformThreads, seconds);
    }

    /** Whether the cell at {@code params} matches this rule. */
    public boolean matches(Map<String, String> params) {
        return when.entrySet().stream()
                .allMatch(e -> params.containsKey(e.getKey()) && e.getValue().contains(params.get(e.getKey())));
    }

    /** {@code template} with each {@code {axis}} replaced by the cell's value of that axis. */
    public static String fill(String template, Map<String, String> params) {
        Matcher m = PLACEHOLDER.matcher(template);
        return m.replaceAll(r -> Matcher.quoteReplacement(String.valueOf(params.get(r.group(1)))));
    }
}
