package org.loomlab.catalogue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.stream.Collectors;

/**
 * An experiment as the lab sees it, declared beside its code: the JMH benchmark or scenario that measures it,
 * its primary metric (the one a cell that produced nothing is recorded under), its axes in the order cells
 * are enumerated, and its rules. What a cell needs (virtual threads, the fixture, JVM flags, a note) follows
 * from its values' choices and the matching rules, never from the spelling of a value.
 *
 * @param target the JMH benchmark ({@code class.method}) or the scenario's name
 */
public record ExperimentSpec(String label, Kind kind, String target, String metric, String unit, List<AxisSpec> axes,
                             List<Rule> rules) {

    /** How a cell of the experiment runs: as a JMH benchmark, or as a scenario JVM of its own. */
    public enum Kind { JMH, SCENARIO }

    public ExperimentSpec {
        axes = List.copyOf(axes);
        rules = rules == null ? List.of() : List.copyOf(rules);
    }

    public static ExperimentSpec jmh(String label, String benchmark, String metric, String unit, AxisSpec... axes) {
        return new ExperimentSpec(label, Kind.JMH, benchmark, metric, unit, List.of(axes), List.of());
    }

    public static ExperimentSpec scenario(String name, String metric, String unit, AxisSpec... axes) {
        return new ExperimentSpec(name, Kind.SCENARIO, name, metric, unit, List.of(axes), List.of());
    }

    /** The same experiment with one more rule. */
    public ExperimentSpec with(Rule rule) {
        List<Rule> more = new ArrayList<>(rules);
        more.add(rule);
        return new ExperimentSpec(label, kind, target, metric, unit, axes, more);
    }

    public Optional<AxisSpec> axis(String name) {
        return axes.stream().filter(a -> a.name().equals(name)).findFirst();
    }

    public List<String> axisNames() {
        return axes.stream().map(AxisSpec::name).toList();
    }

    /** Whether a cell at {@code params} runs virtual threads, so its carriers can be pinned and JFR records it. */
    public boolean runsVirtualThreads(Map<String, String> params) {
        return chosen(params).anyMatch(Choice::virtual) || matching(params).anyMatch(Rule::virtual);
    }

    /** Whether a cell at {@code params} calls the HTTP fixture, which the lab then starts for the run. */
    public boolean needsFixture(Map<String, String> params) {
        return chosen(params).anyMatch(Choice::fixture) || matching(params).anyMatch(Rule::fixture);
    }

    /**
     * JVM flags a cell needs before its JVM starts: its values' (e.g. a garbage collector), then its rules' (e.g. the
     * virtual-thread scheduler's parallelism).
     */
    public List<String> jvmArgs(Map<String, String> params) {
        return java.util.stream.Stream.concat(chosen(params).flatMap(c -> c.jvmArgs().stream()),
                matching(params).flatMap(r -> r.jvmArgs().stream()).map(flag -> Rule.fill(flag, params))).toList();
    }

    /** How many platform threads a cell at {@code params} starts, when a rule says it starts one per task. */
    public OptionalLong platformThreads(Map<String, String> params) {
        return matching(params).map(Rule::platformThreads).filter(Objects::nonNull).filter(params::containsKey)
                .mapToLong(axis -> Long.parseLong(params.get(axis))).max();
    }

    /** The longest warm-up the rules matching {@code params} ask for, if any asks ({@link Rule#warmupSeconds}). */
    public Optional<Duration> warmup(Map<String, String> params) {
        return matching(params).map(Rule::warmupSeconds).filter(Objects::nonNull).max(Integer::compare)
                .map(Duration::ofSeconds);
    }

    /** What a reader of a measured cell must know about how it was measured, or null. */
    public String note(Map<String, String> params) {
        String notes = matching(params).map(Rule::note).filter(Objects::nonNull).map(n -> Rule.fill(n, params))
                .collect(Collectors.joining("; "));
        return notes.isEmpty() ? null : notes;
    }

    private java.util.stream.Stream<Choice> chosen(Map<String, String> params) {
        return axes.stream().filter(a -> a.type() == AxisSpec.Type.CHOICE && params.containsKey(a.name()))
                .flatMap(a -> a.choices().stream().filter(c -> c.label().equals(params.get(a.name()))));
    }

    private java.util.stream.Stream<Rule> matching(Map<String, String> params) {
        return rules.stream().filter(r -> r.matches(params));
    }
}
