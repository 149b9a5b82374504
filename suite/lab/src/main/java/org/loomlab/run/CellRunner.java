package org.loomlab.run;

import org.loomlab.plan.CellPlan;
import org.loomlab.plan.Experiment;
import org.loomlab.record.Cell;
import org.loomlab.record.CellStatus;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/** Runs planned cells in forked JVMs and reports what each measured: one cell per metric. */
public interface CellRunner {

    /**
     * Runs {@code group}'s cells with their forks in turn (A1 B1 A2 B2 ...; a group of one runs alone).
     *
     * @param runDir the run directory, where raw files and logs go
     * @param names  a file-name stem per cell, unique in the run, e.g. {@code cell-03}
     * @return one list of cells per planned cell, in order
     */
    List<List<Cell>> run(List<CellPlan> group, Path runDir, List<String> names) throws IOException, InterruptedException;

    /**
     * {@code runner}, except that the cells {@code refusal} names a reason for are recorded skipped with it, without
     * starting a JVM; the others of a group still take turns.
     */
    static CellRunner skipping(Function<CellPlan, Optional<String>> refusal, CellRunner runner) {
        return (group, runDir, names) -> {
            List<Optional<String>> refused = group.stream().map(refusal).toList();
            List<CellPlan> allowed = new ArrayList<>();
            List<String> allowedNames = new ArrayList<>();
            for (int i = 0; i < group.size(); i++) {
                if (refused.get(i).isEmpty()) {
                    allowed.add(group.get(i));
                    allowedNames.add(names.get(i));
                }
            }
            Iterator<List<Cell>> ran = allowed.isEmpty() ? Collections.emptyIterator()
                    : runner.run(allowed, runDir, allowedNames).iterator();
            List<List<Cell>> out = new ArrayList<>();
            for (int i = 0; i < group.size(); i++) {
                Experiment e = group.get(i).experiment();
                out.add(refused.get(i).isEmpty() ? ran.next() : List.of(Cell.unmeasured(e.label(), group.get(i).params(),
                        e.metric(), e.unit(), CellStatus.SKIPPED, refused.get(i).get(), 0, null)));
            }
            return out;
        };
    }

    /** One cell run alone. */
    default List<Cell> run(CellPlan plan, Path runDir, String name) throws IOException, InterruptedException {
        return run(List.of(plan), runDir, List.of(name)).get(0);
    }
}
