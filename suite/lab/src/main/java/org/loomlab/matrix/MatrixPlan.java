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
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What {@code loom-lab matrix --dry-run} says: where a matrix's records go and what each JDK (or lane,
 * {@code --lane}) would do, without starting anything. Scripts that fetch or upload results (Ansible, the workflow)
 * read its JSON instead of knowing the layout.
 *
 * @param cellsPerJdk the cells each JDK's run plans
 * @param jdks        one entry per lane: every JDK as a lane named by its id, or the lanes {@code --lane} names
 */
public record MatrixPlan(String matrixId, String hostId, String arch, String profile, int cellsPerJdk, String results,
                         String matrixRecord, String matrixLog, List<Jdk> jdks) {

    /**
     * @param lane   the lane's name, its JDK's id unless {@code --lane} named it
     * @param action run, resume, complete (kept as it is by --resume) or skip
     * @param why    why it is skipped, or null
     * @param flags  the lane's own flags ({@code --lane-args}), after the matrix's
     * @param params the axis values it measures in place of the planned ones ({@code --lane-params})
     */
    public record Jdk(String lane, String jdk, String image, String action, String why, String runDir, String runJson,
                      String containerLog, List<String> flags, Map<String, String> params) {

        public Jdk {
            flags = List.copyOf(flags);
            params = java.util.Collections.unmodifiableMap(new TreeMap<>(params));
        }

        /** Whether a runner container starts for it (to run or to resume). */
        public boolean runs() {
            return action.equals("run") || action.equals("resume");
        }

        /** Whether it is more than its JDK under its own id: a lane of another name, or with flags or values of its own. */
        boolean laned() {
            return !lane.equals(jdk) || !flags.isEmpty() || !params.isEmpty();
        }
    }

    /**
     * @param jdks  the JDK each lane runs, lane by lane
     * @param lanes the lanes, each JDK's of the same index
     */
    public static MatrixPlan of(ResultsLayout layout, String host, String matrixId, String profile, Arch arch,
                                List<JdkDescriptor> jdks, List<MatrixLane> lanes, int cellsPerJdk, boolean resume) {
        boolean engine = DockerEngine.answers();
        List<Jdk> each = new ArrayList<>();
        for (int i = 0; i < jdks.size(); i++) {
            JdkDescriptor jdk = jdks.get(i);
            MatrixLane lane = lanes.get(i);
            Path runDir = layout.runDir(host, lane.name(), matrixId);
            Path runJson = ResultsLayout.runJson(runDir);
            String image = jdk.image(arch);
            String why = jdk.unbuildable(arch).map(w -> "cannot be built here: " + w)
                    .orElse(engine && !DockerEngine.exists(image) ? "image " + image + " is not built" : null);
            // A run directory with a record is resumed by the runner; --resume also keeps a complete one as it is.
            String action = why != null ? "skip"
                    : resume && complete(runDir) ? "complete"
                    : Files.exists(runJson) ? "resume" : "run";
            each.add(new Jdk(lane.name(), jdk.id(), image, action, why, runDir.toString(), runJson.toString(),
                    layout.containerLog(host, lane.name(), matrixId).toString(), lane.flags(), lane.own()));
        }
        return new MatrixPlan(matrixId, host, arch.label(), profile, cellsPerJdk, layout.root().toString(),
                layout.matrixRecord(host, matrixId).toString(), layout.matrixLog(matrixId).toString(), each);
    }

    /** The plan for a reader, one line per JDK; with lanes, one per lane with its JDK, flags and axis values. */
    public String text() {
        StringBuilder out = new StringBuilder(String.format("matrix %s (%s profile, %d cells a JDK) on %s (%s): %s%n", matrixId,
                profile, cellsPerJdk, hostId, arch, matrixRecord));
        boolean laned = jdks.stream().anyMatch(Jdk::laned);
        jdks.forEach(j -> out.append(laned ? String.format("  lane %-10s %-12s %-8s %s%s%n", j.lane(), j.jdk(), j.action(),
                j.why() != null ? j.why() : j.image() + " -> " + j.runJson(), own(j))
                : String.format("  %-12s %-8s %s%n", j.jdk(), j.action(), j.why() != null ? j.why() : j.image() + " -> " + j.runJson())));
        return out.toString().stripTrailing();
    }

    /** A lane's flags and axis values as the command line gave them, or nothing. */
    private static String own(Jdk j) {
        StringBuilder s = new StringBuilder();
        if (!j.flags().isEmpty()) {
            s.append(", flags ").append(String.join(" ", j.flags()));
        }
        j.params().forEach((axis, value) -> s.append(", ").append(axis).append('=').append(value));
        return s.toString();
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
