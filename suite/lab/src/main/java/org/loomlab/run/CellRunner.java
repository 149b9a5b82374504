package org.loomlab.run;

import org.loomlab.plan.CellPlan;
import org.loomlab.record.Cell;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/** Runs one planned cell in forked JVMs and reports what it measured: one cell per metric. */
public interface CellRunner {

    /**
     * @param runDir the run directory, where raw files and logs go
     * @param name   a file-name stem unique in the run, e.g. {@code cell-03}
     */
    List<Cell> run(CellPlan plan, Path runDir, String name) throws IOException, InterruptedException;
}
