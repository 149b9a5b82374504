package org.loomlab.plan;

import org.loomlab.catalogue.ExperimentSpec;
import org.loomlab.record.Cell;
import org.loomlab.record.Precision;
import org.loomlab.record.RunRecord;
import org.loomlab.text.Figures;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * Whether every cell of a record was measured the way its profile measures: the samples a fork keeps and the
 * warm-up it throws away are fixed by the profile, so a cell that differs came from another profile (a run resumed
 * under other flags before plans were kept). Records made before cells said their precision are not judged.
 */
public final class ProfileMatch {

    private ProfileMatch() {
    }

    /**
     * One line per cell that does not match, naming the profile it does match; empty when all do. The experiments'
     * kinds (JMH or scenario) come from {@code catalogue}.
     */
    public static List<String> violations(RunRecord record, Experiments catalogue) {
        Profile profile;
        try {
            profile = Profile.of(record.profile());
        } catch (IllegalArgumentException unknown) {
            return List.of(unknown.getMessage());
        }
        List<String> out = new ArrayList<>();
        for (Cell cell : record.primaryCells()) {
            Precision p = cell.precision();
            // A cell measured under other settings ({@link Settings}) is judged against the profile it names.
            Profile own;
            try {
                own = Settings.of(cell.params(), profile);
            } catch (IllegalArgumentException unknown) {
                out.add(unknown.getMessage());
                continue;
            }
            Experiment experiment;
            try {
                experiment = catalogue.of(cell.experiment());
            } catch (IllegalArgumentException unknown) {
                out.add(unknown.getMessage());
                continue;
            }
            if (p == null) {
                continue;
            }
            List<Integer> measured = List.of(p.samplesPerFork(), p.warmupDiscarded());
            // The cell's own shape, with the warm-up its experiment's rules ask for now; records made before a rule
            // asked for it, and cells that took turns with one that needs more, warmed up otherwise, never less than
            // the profile does; records made under one of the profile's earlier shapes match that shape.
            ForkShape plain = own.forkShape(experiment.kind());
            List<ForkShape> allowed = new ArrayList<>(List.of(own.forkShape(experiment, cell.params()), plain));
            allowed.addAll(own.earlierForkShapes(experiment.kind()));
            ForkShape expected = allowed.get(0);
            if (allowed.stream().anyMatch(f -> List.of(f.samples(), f.warmupDiscarded()).equals(measured))) {
                // Records made before the warm-up time was kept are judged on the counts only.
                if (p.warmupSeconds() != null && p.warmupSeconds() < plain.warmupSeconds()) {
                    out.add(String.format(Locale.ROOT, "%s %s: warmed up %s s a fork, not the %s s of profile %s",
                            cell.experiment(), CellPlan.label(cell.params()), Figures.plain(p.warmupSeconds()),
                            Figures.plain(expected.warmupSeconds()), own.label()));
                }
                continue;
            }
            String as = Arrays.stream(Profile.values()).filter(q -> shape(q, experiment.kind()).equals(measured))
                    .map(Profile::label).collect(Collectors.joining(" or "));
            out.add(String.format(Locale.ROOT, "%s %s: %d samples a fork after %d warm-up%s, not the %d after %d of"
                            + " profile %s", cell.experiment(), CellPlan.label(cell.params()), p.samplesPerFork(),
                    p.warmupDiscarded(), as.isEmpty() ? "" : " (profile " + as + ")", expected.samples(),
                    expected.warmupDiscarded(), own.label()));
        }
        return out;
    }

    /** Samples kept and warm-up thrown away per fork under {@code profile}, for a cell of {@code kind}. */
    private static List<Integer> shape(Profile profile, ExperimentSpec.Kind kind) {
        ForkShape fork = profile.forkShape(kind);
        return List.of(fork.samples(), fork.warmupDiscarded());
    }
}
