package org.loomlab.run;

import org.loomlab.record.ResultsLayout;
import org.loomlab.record.RunRecord;

import java.nio.file.Path;
import java.util.List;

/**
 * What a run ended with: each lane's record as written (a run of one JDK is one lane, named {@link LabRun#OWN}), and
 * each lane after the first against it, paired round by round; no lane when there was nothing left to run.
 */
public record RunEnd(List<Lane> lanes, List<Diff> diffs) {

    /** A run that found nothing left to run. */
    public static final RunEnd NOTHING_LEFT = new RunEnd(List.of(), List.of());

    public RunEnd {
        lanes = List.copyOf(lanes);
        diffs = List.copyOf(diffs);
    }

    /** One lane's record, in {@code dir}. */
    public record Lane(String name, Path dir, RunRecord record) {

        public Path runJson() {
            return ResultsLayout.runJson(dir);
        }
    }

    /**
     * {@code lane} against {@code baseline}, paired round by round, as written beside the lane's record.
     *
     * @param file     the Markdown file written
     * @param markdown what it holds
     */
    public record Diff(String lane, String baseline, Path file, String markdown) {
    }

    /** Whether lanes took turns (else one JDK ran). */
    public boolean inTurns() {
        return lanes.size() > 1 || lanes.stream().anyMatch(l -> !l.name().equals(LabRun.OWN));
    }
}
