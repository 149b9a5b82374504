package org.loomlab.plan;

import java.time.Duration;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The lab's own axis {@code settings}: the profiles a run measures each cell under, so that two ways of measuring
 * are compared in one run, cell beside cell, instead of in two runs that drift apart ({@code -p settings=talk,quick}:
 * the talk's JMH settings and the lab's policy). The benchmark never sees it; the record keeps it among the cell's
 * params, so tables, {@code diff --between settings=talk:quick} and the exports tell the two apart.
 *
 * <p>The run's own profile keeps the run's overrides (budget, target, forks); any other profile measures by its own
 * policy at the run's confidence, so {@code --budget 70s} gives the lab 70 s a cell while the talk's settings keep
 * their one fork of 2 + 5 ten-second iterations.
 *
 * @param profiles the profiles asked for, in the order a cell's variants run; empty when the axis was not asked for
 */
public record Settings(List<Profile> profiles) {

    public static final String AXIS = "settings";

    public Settings {
        profiles = List.copyOf(profiles);
    }

    /** The settings the filters ask for ({@code settings=talk,quick}), or none; a one-line error for a bad value. */
    public static Settings of(Map<String, List<String>> filters) {
        List<String> asked = filters.getOrDefault(AXIS, List.of());
        return new Settings(asked.stream().distinct().map(Settings::profile).toList());
    }

    private static Profile profile(String value) {
        return Arrays.stream(Profile.values()).filter(p -> p.label().equals(value)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("unknown " + AXIS + " '" + value + "'; valid: "
                        + Arrays.stream(Profile.values()).map(Profile::label).collect(Collectors.joining(", "))));
    }

    /** The filters on the experiments' own axes: all but this one. */
    public static Map<String, List<String>> without(Map<String, List<String>> filters) {
        Map<String, List<String>> rest = new LinkedHashMap<>(filters);
        rest.remove(AXIS);
        return rest;
    }

    /** Each plan once per profile asked for, one after the other, the profile named in its params; as is when none. */
    public List<CellPlan> spread(List<CellPlan> plans) {
        if (profiles.isEmpty()) {
            return plans;
        }
        return plans.stream().flatMap(p -> profiles.stream().map(s -> {
            Map<String, String> params = new LinkedHashMap<>(p.params());
            params.put(AXIS, s.label());
            return new CellPlan(p.experiment(), params);
        })).toList();
    }

    /** The profile {@code plan} is measured under: the one its params name, else the run's. */
    public static Profile of(CellPlan plan, Profile run) {
        return of(plan.params(), run);
    }

    /** The profile a cell at {@code params} was measured under: the one they name, else the run's. */
    public static Profile of(Map<String, String> params, Profile run) {
        String named = params.get(AXIS);
        return named == null ? run : profile(named);
    }

    /**
     * The policy of a cell measured under {@code cellProfile} in a run of {@code run} with {@code runPolicy}: the run's
     * own for the run's profile, else that profile's at the run's confidence.
     */
    public static Policy policy(Profile cellProfile, Profile run, Policy runPolicy) {
        return cellProfile == run ? runPolicy : Policy.of(cellProfile).withConfidence(runPolicy.confidence());
    }

    /** The limit of one fork under {@code cellProfile}: the run's for the run's profile, else that profile's. */
    public static Duration timeout(Profile cellProfile, Profile run, Duration runTimeout) {
        return cellProfile == run ? runTimeout : cellProfile.cellTimeout();
    }
}
