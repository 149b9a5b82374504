package org.loomlab.run;

import org.loomlab.plan.CellPlan;
import org.loomlab.record.Cell;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

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

    /** One cell run alone. */
    default List<Cell> run(CellPlan plan, Path runDir, String name) throws IOException, InterruptedException {
        return run(List.of(plan), runDir, List.of(name)).get(0);
    }
}
