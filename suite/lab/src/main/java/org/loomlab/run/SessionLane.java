package org.loomlab.run;

import org.loomlab.compare.RunDiff;
import org.loomlab.compare.VerdictRules;
import org.loomlab.fingerprint.JdkFingerprint;
import org.loomlab.layout.Ids;
import org.loomlab.plan.CellPlan;
import org.loomlab.record.Host;
import org.loomlab.record.Jdk;
import org.loomlab.record.RecordJson;
import org.loomlab.record.ResultsLayout;
import org.loomlab.record.RunRecord;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A lane of a session, ready to run: its name, JDK, flags and run directory; resumed, its record so far. A run of one
 * JDK is one lane, named {@link LabRun#OWN}, whose cells carry no lane; lanes that take turns each have a name and
 * their cells carry it.
 */
record SessionLane(String name, LaneSpec asked, Jdk jdk, List<String> flags, Path dir, RunRecord previous) {

    /** Whether this is the one lane of a run of one JDK. */
    boolean own() {
        return name.equals(LabRun.OWN);
    }

    /** The planned cell as this lane runs it: with the lane's name and its own values (none for a run of one JDK). */
    CellPlan cell(CellPlan plan) {
        return own() ? plan : plan.inLane(name, asked.own());
    }

    /** Which of this lane's recorded cells is the planned cell {@code plan}. */
    String keyOf(CellPlan plan) {
        return CellKeys.of(cell(plan));
    }

    /** The record's path. */
    Path runJson() {
        return ResultsLayout.runJson(dir);
    }

    /** {@code lane} against {@code baseline}, paired round by round: what lanes end with, and what a top-up is priced by. */
    static RunDiff paired(SessionLane baseline, SessionLane lane, Map<String, RunRecord> records, Set<String> laneAxes) {
        // Cells a lane measured at values of its own match the baseline's on the other axes.
        return RunDiff.of(baseline.runJson().toString(), records.get(baseline.name()).without(laneAxes),
                lane.runJson().toString(), records.get(lane.name()).without(laneAxes),
                VerdictRules.defaults().inRounds(), false);
    }

    /**
     * The one lane of a run of one JDK, fingerprinted: a new run's directory must not exist (the abandoned ones beside
     * it are noted on {@code listener}); resumed, its record so far, where there is one (else the run starts anew).
     */
    static SessionLane one(RunOptions options, Host host, List<String> flags, String id, RunListener listener)
            throws Exception {
        Jdk probed = JdkFingerprint.probe(options.java(), options.benchmarks(), flags, options.jdkId());
        // Set by `loom-lab matrix` for the runner container it starts: the record names its image.
        String image = System.getenv("LOOMLAB_IMAGE");
        Jdk jdk = image == null ? probed : probed.inImage(image, System.getenv("LOOMLAB_IMAGE_ID"));
        Path dir = new ResultsLayout(options.results()).runDir(host.name(), jdk.id(), id);
        Path runJson = ResultsLayout.runJson(dir);
        if (options.topUp() != null && !Files.exists(runJson)) {
            TopUpRefusal.refuseNoRecord(id, runJson);
        }
        RunRecord previous = null;
        List<String> laneFlags = flags;
        if (Files.exists(runJson) && options.resume()) {
            RunLock.requireFree(dir);
            previous = RecordJson.read(runJson);
            laneFlags = previous.jdk().jvmArgs();
        } else if (Files.exists(dir)) {
            throw new IllegalArgumentException("run directory exists already: " + dir
                    + " (choose another --run-id, or --resume to finish it)");
        } else {
            RunLock.abandonedSiblings(dir.getParent()).forEach(note -> listener.line("note: " + note));
        }
        return new SessionLane(LabRun.OWN, new LaneSpec(null, options.java(), List.of(), Map.of()), jdk, laneFlags, dir,
                previous);
    }

    /**
     * Every lane that takes turns fingerprinted and named, checked before anything is written: a new run's directories
     * must not exist, a resumed one's must hold each lane's record, run on the same JDK with the same flags.
     */
    static List<SessionLane> inTurns(RunOptions options, Host host, List<String> flags, String id) throws Exception {
        List<SessionLane> lanes = new ArrayList<>();
        for (LaneSpec asked : options.lanes()) {
            Ids.check("lane", asked.name());
            List<String> laneFlags = new ArrayList<>(flags);
            laneFlags.addAll(asked.flags());
            Jdk jdk = JdkFingerprint.probe(asked.java(), options.benchmarks(), laneFlags, asked.name());
            String name = asked.name() != null ? asked.name() : jdk.id();
            if (lanes.stream().anyMatch(l -> l.name().equals(name))) {
                throw new IllegalArgumentException("two lanes are named '" + name + "': name each, e.g. --lane " + name
                        + "-a=JVM --lane " + name + "-b=JVM");
            }
            Path dir = new ResultsLayout(options.results()).runDir(host.name(), name, id);
            Jdk named = jdk.withId(name);
            named = asked.image() == null ? named : named.inImage(asked.image().name(), asked.image().id());
            RunRecord previous = null;
            if (options.resume()) {
                previous = previousOf(name, dir, id, named, asked);
                // The run's flags as it began them (a profile's heap, say), this lane's own after them.
                laneFlags = previous.jdk().jvmArgs();
            } else if (Files.exists(dir)) {
                throw new IllegalArgumentException("run directory exists already: " + dir
                        + " (choose another --run-id, or --resume to finish it)");
            }
            lanes.add(new SessionLane(name, asked, named, laneFlags, dir, previous));
        }
        return lanes;
    }

    /** A resumed lane's record so far; a one-line error unless it exists, is free and was run as this lane runs now. */
    private static RunRecord previousOf(String name, Path dir, String id, Jdk now, LaneSpec asked) throws Exception {
        Path runJson = ResultsLayout.runJson(dir);
        if (!Files.exists(runJson)) {
            throw new IllegalArgumentException("--resume: lane " + name + " of run " + id + " has no record at " + runJson
                    + "; start the run without --resume");
        }
        RunLock.requireFree(dir);
        RunRecord previous = RecordJson.read(runJson);
        Jdk then = previous.jdk();
        // The JDK build, not the image: a runner image rebuilt for a newer lab jar carries the same JDK.
        if (!(then.vendor() + " " + then.runtimeVersion() + " " + then.vmVersion())
                .equals(now.vendor() + " " + now.runtimeVersion() + " " + now.vmVersion())) {
            throw new IllegalArgumentException("--resume: lane " + name + " ran " + then.vendor() + " " + then.runtimeVersion()
                    + " and would now run " + now.vendor() + " " + now.runtimeVersion() + "; a lane's rounds must all come "
                    + "from one JDK build: start another --run-id");
        }
        List<String> own = asked.flags();
        List<String> ran = then.jvmArgs();
        if (ran.size() < own.size() || !ran.subList(ran.size() - own.size(), ran.size()).equals(own)) {
            throw new IllegalArgumentException("--resume: lane " + name + " ran with " + ran + ", which do not end with "
                    + own + "; give the --lane-args it began with");
        }
        return previous;
    }
}
