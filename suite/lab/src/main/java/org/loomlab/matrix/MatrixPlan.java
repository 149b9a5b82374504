package org.loomlab.matrix;

import org.loomlab.axis.Arch;
import org.loomlab.docker.DockerEngine;
import org.loomlab.record.RecordJson;
import org.loomlab.record.ResultsLayout;
import org.loomlab.record.RunRecord;
import org.loomlab.record.RunStatus;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * What {@code loom-lab matrix --dry-run} says: where a matrix's records go and what each JDK would do, without starting
 * anything. Scripts that fetch or upload results (Ansible, the workflow) read its JSON instead of knowing the layout.
 *
 * @param cellsPerJdk the cells each JDK's run plans
 */
public record MatrixPlan(String matrixId, String hostId, String arch, String profile, int cellsPerJdk, String results,
                         String matrixRecord, String matrixLog, List<Jdk> jdks) {

    /**
     * @param action run, resume, complete (kept as it is by --resume) or skip
     * @param why    why it is skipped, or null
     */
    public record Jdk(String jdk, String image, String action, String why, String runDir, String runJson, String containerLog) {

        /** Whether a runner container starts for it (to run or to resume). */
        public boolean runs() {
            return action.equals("run") || action.equals("resume");
        }
    }

    public static MatrixPlan of(ResultsLayout layout, String host, String matrixId, String profile, Arch arch,
                                List<JdkDescriptor> jdks, int cellsPerJdk, boolean resume) {
        boolean engine = DockerEngine.answers();
        List<Jdk> each = jdks.stream().map(jdk -> {
            Path runDir = layout.runDir(host, jdk.id(), matrixId);
            Path runJson = ResultsLayout.runJson(runDir);
            String image = jdk.image(arch);
            String why = jdk.unbuildable(arch).map(w -> "cannot be built here: " + w)
                    .orElse(engine && !DockerEngine.exists(image) ? "image " + image + " is not built" : null);
            // A run directory with a record is resumed by the runner; --resume also keeps a complete one as it is.
            String action = why != null ? "skip"
                    : resume && complete(runDir) ? "complete"
                    : Files.exists(runJson) ? "resume" : "run";
            return new Jdk(jdk.id(), image, action, why, runDir.toString(), runJson.toString(),
                    layout.containerLog(host, jdk.id(), matrixId).toString());
        }).toList();
        return new MatrixPlan(matrixId, host, arch.label(), profile, cellsPerJdk, layout.root().toString(),
                layout.matrixRecord(host, matrixId).toString(), layout.matrixLog(matrixId).toString(), each);
    }

    /** The plan for a reader, one line per JDK. */
    public String text() {
        StringBuilder out = new StringBuilder(String.format("matrix %s (%s profile, %d cells a JDK) on %s (%s): %s%n", matrixId,
                profile, cellsPerJdk, hostId, arch, matrixRecord));
        jdks.forEach(j -> out.append(String.format("  %-12s %-8s %s%n", j.jdk(), j.action(),
                j.why() != null ? j.why() : j.image() + " -> " + j.runJson())));
        return out.toString().stripTrailing();
    }

    /** Whether the run in {@code runDir} has a complete record. */
    public static boolean complete(Path runDir) {
        try {
            RunRecord r = RecordJson.read(ResultsLayout.runJson(runDir));
            return r.status() == RunStatus.COMPLETE;
        } catch (IOException e) {
            return false;
        }
    }
}
