package org.loomlab.plan;

import com.fasterxml.jackson.annotation.JsonInclude;
import org.loomlab.record.RecordJson;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * What a run was asked to do, kept as {@code plan.json} beside its record: the profile, the policy with the
 * user's overrides applied, and every planned cell. {@code run --resume} finishes a run from this, never from
 * flags typed again, so a resumed run cannot mix another profile's cells into the record.
 *
 * @param interleave the axis whose cells took turns fork by fork; absent when none did
 * @param turnSeed   the seed of the order in which cells or lanes took their turns ({@link TurnOrder}); absent in plans
 *                   kept before turns were shuffled
 * @param detect     the change the lanes' ratios were to be able to call ({@code --detect}); absent when the target was
 *                   a half-width
 * @param lanes      the lanes whose forks took turns, the first the baseline; absent when the run had one JDK
 * @param benchmarksSha256 SHA-256 of the benchmarks jar the run began with (the build is reproducible, so an unchanged
 *                   benchmark builds the same jar): a resume on other benchmarks is refused; absent in older plans
 */
public record RunPlan(String profile, double confidence, Double target, int minForks, int maxForks,
                      long budgetMillis, Long runBudgetMillis, long timeoutMillis, List<PlannedCell> cells,
                      @JsonInclude(JsonInclude.Include.NON_NULL) String interleave,
                      @JsonInclude(JsonInclude.Include.NON_NULL) Long turnSeed,
                      @JsonInclude(JsonInclude.Include.NON_NULL) List<String> lanes,
                      @JsonInclude(JsonInclude.Include.NON_NULL) String benchmarksSha256,
                      @JsonInclude(JsonInclude.Include.NON_NULL) Double detect) {

    public static final String FILE = "plan.json";

    /** One planned cell: its experiment's label and one value per axis. */
    public record PlannedCell(String experiment, Map<String, String> params) {
    }

    public RunPlan {
        cells = List.copyOf(cells);
    }

    public static RunPlan of(Profile profile, Policy policy, RunBudget runBudget, Duration timeout, List<CellPlan> plans,
                             Interleaving interleaving, TurnOrder turns, List<String> lanes) {
        Duration total = runBudget.total();
        return new RunPlan(profile.label(), policy.confidence(), policy.target(), policy.minForks(), policy.maxForks(),
                policy.budget().toMillis(), total == null ? null : total.toMillis(), timeout.toMillis(),
                plans.stream().map(p -> new PlannedCell(p.experiment().label(), p.params())).toList(), interleaving.axis(),
                turns.seed(), lanes.isEmpty() ? null : List.copyOf(lanes), null,
                policy.detect() == null ? null : policy.detect().change());
    }

    /** The same plan naming the benchmarks jar it measures by its hash. */
    public RunPlan withBenchmarks(String sha256) {
        return new RunPlan(profile, confidence, target, minForks, maxForks, budgetMillis, runBudgetMillis, timeoutMillis,
                cells, interleave, turnSeed, lanes, sha256, detect);
    }

    /** A one-line error when run {@code id} began on other benchmarks than the jar of hash {@code now}. */
    public void refuseOtherBenchmarks(String id, String now) {
        if (benchmarksSha256 != null && !benchmarksSha256.equals(now)) {
            throw new IllegalArgumentException("--resume: run " + id + " began on another benchmarks jar (SHA-256 "
                    + benchmarksSha256.substring(0, 12) + ", now " + (now == null ? "none" : now.substring(0, 12))
                    + "); its cells would not measure one code: build the commit it began on, or start another run id");
        }
    }

    /** The order the run's turns were taken in; a plan kept before turns were shuffled gets a fresh seed. */
    public TurnOrder turnOrder() {
        return TurnOrder.seeded(turnSeed);
    }

    public Profile chosenProfile() {
        return Profile.of(profile);
    }

    public Policy policy() {
        return new Policy(confidence, target, minForks, maxForks, Duration.ofMillis(budgetMillis))
                .withDetect(detect, cells.size());
    }

    public RunBudget runBudget() {
        return new RunBudget(runBudgetMillis == null ? null : Duration.ofMillis(runBudgetMillis));
    }

    public Interleaving interleaving() {
        return Interleaving.of(interleave);
    }

    public Duration timeout() {
        return Duration.ofMillis(timeoutMillis);
    }

    /**
     * The planned cells, each checked again against its experiment in {@code catalogue} as if asked for by name, under
     * the {@link Settings} it was planned with.
     */
    public List<CellPlan> cellPlans(Experiments catalogue) {
        Profile chosen = chosenProfile();
        return cells.stream().flatMap(c -> Settings.cells(c.params().entrySet().stream()
                        .collect(Collectors.toMap(Map.Entry::getKey, e -> List.of(e.getValue()))),
                own -> catalogue.of(c.experiment()).cells(chosen, own)).stream()).toList();
    }

    public void write(Path runDir) {
        RecordJson.writeAtomically(runDir.resolve(FILE), this);
    }

    /** The plan of {@code runDir}, or empty for a run made before plans were kept. */
    public static Optional<RunPlan> read(Path runDir) throws IOException {
        Path file = runDir.resolve(FILE);
        return Files.isRegularFile(file) ? Optional.of(RecordJson.mapper().readValue(file.toFile(), RunPlan.class))
                : Optional.empty();
    }
}
