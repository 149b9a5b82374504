package org.loomlab.history;

import org.loomlab.record.RunRecord;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * What a change point is put down to, from the runs' {@link Trait}s. A trait <em>explains</em> the point when no run
 * after it (up to the next change point) has a value any run before it (back to the previous one) had, and one side
 * holds a single value: a kernel that changed at the point and stayed. A trait that changes at nearly every run (the
 * suite's commit, nightly) cannot be told from the point that way; it and any other trait that differs between the two
 * runs either side of the point are listed as also changed. Without an explaining trait the point is unexplained, and
 * the changed traits are the suspects.
 *
 * @param causes       the explaining traits, each as {@code label before -> after} (the values either side of the point)
 * @param alsoChanged  the other traits that differ between the runs either side of the point, said the same way
 */
public record Attribution(List<String> causes, List<String> alsoChanged) {

    public Attribution {
        causes = List.copyOf(causes);
        alsoChanged = List.copyOf(alsoChanged);
    }

    /** The attribution of a point with {@code before} and {@code after} its sides' runs, in time order. */
    public static Attribution of(List<RunRecord> before, List<RunRecord> after) {
        return ofRuns(before.stream().map(RunFacts::of).toList(), after.stream().map(RunFacts::of).toList());
    }

    /** The same, of runs known with their plans' benchmarks jars. */
    public static Attribution ofRuns(List<RunFacts> before, List<RunFacts> after) {
        RunFacts last = before.get(before.size() - 1);
        RunFacts first = after.get(0);
        List<String> causes = new ArrayList<>();
        List<String> also = new ArrayList<>();
        for (Trait t : Trait.values()) {
            String from = t.of(last);
            String to = t.of(first);
            if (from.equals(to)) {
                continue;
            }
            Set<String> left = values(t, before);
            Set<String> right = values(t, after);
            boolean apart = left.stream().noneMatch(right::contains);
            String change = t.label() + " " + from + " -> " + to;
            (apart && (left.size() == 1 || right.size() == 1) ? causes : also).add(change);
        }
        return new Attribution(causes, also);
    }

    private static Set<String> values(Trait t, List<RunFacts> runs) {
        return runs.stream().map(t::of).collect(Collectors.toSet());
    }

    /** One line: the causes and what else changed, or what changed between the runs when nothing explains it. */
    public String text() {
        if (causes.isEmpty()) {
            return alsoChanged.isEmpty() ? "unexplained: nothing recorded changed between these runs"
                    : "unexplained; changed between these runs: " + String.join(", ", alsoChanged);
        }
        return String.join(", ", causes) + (alsoChanged.isEmpty() ? "" : " (also changed: " + String.join(", ", alsoChanged) + ")");
    }
}
