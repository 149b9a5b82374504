package org.loomlab.cli;

import org.loomlab.plan.PlanRequest;
import picocli.CommandLine.Option;

import java.util.ArrayList;
import java.util.List;

/** Which cells a run has: the profile, the experiments and the axis filters. Shared by {@code run} and {@code matrix}. */
final class PlanOptions {

    @Option(names = "--profile", paramLabel = "NAME",
            description = "smoke, quick, full, scaled or talk (the talk's JMH settings) (default: quick)")
    String profile;

    @Option(names = {"-e", "--experiment"}, split = ",", paramLabel = "NAME",
            description = "experiments to run, e.g. philosophers (default: every experiment that has the --param axes)")
    List<String> experiments = new ArrayList<>();

    @Option(names = {"-p", "--param"}, paramLabel = "AXIS=V1,V2",
            description = "narrow or set an axis, e.g. lock=synchronized or philosophers=100,1000 (repeatable); "
                    + "settings=talk,quick measures each cell under both profiles, one after the other in this run")
    List<String> params = new ArrayList<>();

    @Option(names = "--interleave", paramLabel = "AXIS",
            description = "run the cells that differ in AXIS only fork by fork in turn (A1 B1 A2 B2 ...), so that drift "
                    + "during the run reaches them alike and 'loom-lab diff RUN --between AXIS=A:B' compares them without "
                    + "a run-to-run allowance, e.g. --interleave mealtime -p mealtime=16,16.8")
    String interleave;

    /** These options with {@code policy}'s (its fork limit among them). */
    PlanRequest request(PolicyOptions policy) {
        PolicyOptions.RunBudgetChoice shared = policy.runBudget;
        return new PlanRequest(profile, experiments, params, policy.precision, policy.budget, policy.confidence,
                shared == null ? null : shared.total(), shared != null && shared.total() == null, policy.timeout, interleave,
                policy.maxForks, policy.detect);
    }
}
