package org.loomlab.plan;

import org.loomlab.text.Figures;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a run was asked to plan on the command line, before its profile is settled (a resumed run made before plans
 * were kept takes its profile from its record): the profile, the experiments and axis filters, and the overrides of
 * the profile's policy. {@code run} plans from it; {@code matrix} checks it once and hands it to each JDK's run.
 *
 * @param profile     the profile asked for, or null for the default
 * @param experiments the experiments named, or none for every experiment that has the filtered axes
 * @param params      axis filters as typed, {@code AXIS=V1,V2}; a key may repeat
 * @param precision   the relative half-width aimed for, or null for the profile's
 * @param budget      a cell's measuring time, or null for the profile's
 * @param confidence  the level of every interval, or null for {@link Profile#CONFIDENCE}
 * @param runBudget   the time the run shares among its cells, or null when not given
 * @param noRunBudget whether the run shares no time ({@code --run-budget none})
 * @param timeout     the limit of one fork, or null for the profile's
 * @param interleave  the axis whose cells take turns fork by fork, or null for none
 * @param maxForks    the most forks a cell runs, or null for the profile's
 * @param detect      for lanes, the change their ratios must be able to call ({@link Detect}), or null
 */
public record PlanRequest(String profile, List<String> experiments, List<String> params, Double precision,
                          Duration budget, Double confidence, Duration runBudget, boolean noRunBudget, Duration timeout,
                          String interleave, Integer maxForks, Double detect) {

    public PlanRequest {
        experiments = List.copyOf(experiments);
        params = List.copyOf(params);
        if (precision != null && detect != null) {
            throw new IllegalArgumentException("--precision " + Figures.percent(precision) + " and --detect "
                    + Figures.percent(detect) + " both say when a cell stops; valid: one of them");
        }
    }

    /** Nothing asked: what a resumed run is handed, its plan holding the rest. */
    public static PlanRequest none() {
        return new PlanRequest(null, List.of(), List.of(), null, null, null, null, false, null, null, null, null);
    }

    /** The profile asked for, quick when none was. */
    public Profile chosenProfile() {
        return Profile.of(profile == null ? Profile.QUICK.label() : profile);
    }

    /**
     * The cells under {@code chosen}, each once per {@link Settings} asked for; every experiment, axis and value is
     * checked here, before anything runs.
     */
    public List<CellPlan> cells(Experiments catalogue, Profile chosen) {
        return Settings.cells(filters(), own -> catalogue.plan(experiments.stream().map(catalogue::of).toList(), chosen, own));
    }

    /** The interleaving asked for, checked against {@code plans}. */
    public Interleaving interleaving(List<CellPlan> plans) {
        if (Settings.AXIS.equals(interleave == null ? null : interleave.strip())) {
            // Interleaved cells share one policy and stop together; cells under two profiles each keep their own.
            throw new IllegalArgumentException("--interleave " + Settings.AXIS + ": cells measured under different "
                    + "settings keep their own forks and budgets, so they run one after the other; interleave another axis");
        }
        Interleaving asked = Interleaving.of(interleave);
        asked.check(plans);
        return asked;
    }

    /**
     * The profile's policy with the asked precision (or callable change, judged over one cell until the run says how many
     * it has: {@link Policy#forCells}), budget and confidence.
     */
    public Policy policy(Profile chosen) {
        Policy policy = Policy.of(chosen);
        policy = precision == null ? policy : policy.withTarget(precision);
        policy = policy.withDetect(detect, 1);
        policy = budget == null ? policy : policy.withBudget(budget);
        policy = maxForks == null ? policy : policy.withMaxForks(maxForks);
        return confidence == null ? policy : policy.withConfidence(confidence);
    }

    /** The asked run budget, none, or the profile's; a budget per cell given alone turns the profile's off. */
    public RunBudget runBudget(Profile chosen) {
        return new RunBudget(noRunBudget ? null : runBudget != null ? runBudget : budget != null ? null : chosen.runBudget());
    }

    /**
     * The limit of one fork: the asked one; else the profile's, and in a run that shares its time at most
     * {@value #SHARED_TIMEOUT_BUDGETS} cell budgets. There a fork that overruns takes its time from the cells after it: a
     * timeout far above what a fork that ends ok takes (quick's forks: under 3 x 40 s) lets one long HTTP dinner leave
     * the later cells of its run one fork each (seen in a matrix run: docs/NOTES.md, "History moved out of code
     * comments").
     */
    public Duration timeout(Profile chosen) {
        if (timeout != null) {
            return timeout;
        }
        Duration own = chosen.cellTimeout();
        if (runBudget(chosen).total() == null) {
            return own;
        }
        Duration shared = policy(chosen).budget().multipliedBy(SHARED_TIMEOUT_BUDGETS);
        return shared.compareTo(own) < 0 ? shared : own;
    }

    /** How many of its cell's budgets one fork may take in a run with a run budget (unless --timeout says). */
    public static final int SHARED_TIMEOUT_BUDGETS = 3;

    /** The planning flags given, in the order a refusal names them. */
    public List<String> given() {
        Map<String, Boolean> given = new LinkedHashMap<>();
        given.put("--profile", profile != null);
        given.put("--experiment", !experiments.isEmpty());
        given.put("--param", !params.isEmpty());
        given.put("--precision", precision != null);
        given.put("--detect", detect != null);
        given.put("--budget", budget != null);
        given.put("--run-budget", runBudget != null || noRunBudget);
        given.put("--confidence", confidence != null);
        given.put("--timeout", timeout != null);
        given.put("--interleave", interleave != null);
        given.put("--max-forks", maxForks != null);
        return given.entrySet().stream().filter(Map.Entry::getValue).map(Map.Entry::getKey).toList();
    }

    /** This request as flags of {@code loom-lab run}, under {@code chosen}: what a matrix passes to each JDK's run. */
    public List<String> runArgs(Profile chosen) {
        List<String> args = new ArrayList<>(List.of("--profile", chosen.label()));
        experiments.forEach(e -> args.addAll(List.of("-e", e)));
        params.forEach(p -> args.addAll(List.of("-p", p)));
        if (precision != null) {
            args.addAll(List.of("--precision", String.valueOf(precision)));
        }
        if (budget != null) {
            args.addAll(List.of("--budget", text(budget)));
        }
        if (runBudget != null || noRunBudget) {
            args.addAll(List.of("--run-budget", noRunBudget ? "none" : text(runBudget)));
        }
        if (confidence != null) {
            args.addAll(List.of("--confidence", String.valueOf(confidence)));
        }
        if (timeout != null) {
            args.addAll(List.of("--timeout", text(timeout)));
        }
        if (interleave != null) {
            args.addAll(List.of("--interleave", interleave));
        }
        if (maxForks != null) {
            args.addAll(List.of("--max-forks", String.valueOf(maxForks)));
        }
        if (detect != null) {
            args.addAll(List.of("--detect", String.valueOf(detect)));
        }
        return args;
    }

    /** {@code ["lock=synchronized", "threads=virtual,platform"]} as an ordered map; a key may repeat. */
    public Map<String, List<String>> filters() {
        Map<String, List<String>> out = new LinkedHashMap<>();
        for (String p : params) {
            int eq = p.indexOf('=');
            if (eq <= 0 || eq == p.length() - 1) {
                throw new IllegalArgumentException("param '" + p + "' is not AXIS=VALUE[,VALUE...]");
            }
            List<String> values = out.computeIfAbsent(p.substring(0, eq).strip(), k -> new ArrayList<>());
            for (String v : p.substring(eq + 1).split(",")) {
                if (!v.isBlank()) {
                    values.add(v.strip());
                }
            }
        }
        return out;
    }

    /** A duration as the command line reads it: whole seconds as {@code 40s}, anything finer in milliseconds. */
    private static String text(Duration d) {
        return d.toMillis() % 1000 == 0 ? d.toSeconds() + "s" : d.toMillis() + "ms";
    }
}
