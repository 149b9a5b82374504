package org.loomlab.plan;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * The lab's own axis {@code settings}: the profiles a run measures each cell under, so that two ways of measuring
 * are compared in one run, cell beside cell, instead of in two runs that drift apart ({@code -p settings=talk,quick}:
 * the talk's JMH settings and the lab's policy). The benchmark never sees it; the record keeps it among the cell's
 * params, so tables, {@code diff --between settings=talk:quick} and the exports tell the two apart.
 *
 * <p>The run's own profile keeps the run's overrides (budget, target, forks); any other profile measures by its own
 * policy at the run's confidence, so {@code --budget 70s} gives the lab 70 s a cell while the talk's settings keep
 * their one fork of 2 + 5 ten-second iterations.
 */
public final class Settings {

    public static final String AXIS = "settings";

    private Settings() {
    }

    /**
     * The cells {@code planner} makes of the experiments' own filters (all but this axis), each once per profile the
     * filters name in this axis, one after the other, the profile named in its params; as planned when none.
     * A one-line error for a value that names no profile.
     */
    public static List<CellPlan> cells(Map<String, List<String>> filters,
                                       Function<Map<String, List<String>>, List<CellPlan>> planner) {
        List<Profile> asked = filters.getOrDefault(AXIS, List.of()).stream().distinct()
                .map(v -> Profile.of(v, AXIS)).toList();
        List<CellPlan> plans = planner.apply(without(filters));
        if (asked.isEmpty()) {
            return plans;
        }
        return plans.stream().flatMap(p -> asked.stream().map(s -> {
            Map<String, String> params = new LinkedHashMap<>(p.params());
            params.put(AXIS, s.label());
            return new CellPlan(p.experiment(), params);
        })).toList();
    }

    /** {@code params} without this axis: the map itself when it has none. */
    static <V> Map<String, V> without(Map<String, V> params) {
        if (!params.containsKey(AXIS)) {
            return params;
        }
        Map<String, V> rest = new LinkedHashMap<>(params);
        rest.remove(AXIS);
        return rest;
    }

    /** The profile {@code plan} is measured under: the one its params name, else the run's. */
    public static Profile of(CellPlan plan, Profile run) {
        return of(plan.params(), run);
    }

    /** The profile a cell at {@code params} was measured under: the one they name, else the run's. */
    public static Profile of(Map<String, String> params, Profile run) {
        String named = params.get(AXIS);
        return named == null ? run : Profile.of(named, AXIS);
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
