package org.loomlab.report;

import org.loomlab.record.Cell;
import org.loomlab.record.Host;
import org.loomlab.record.Jdk;
import org.loomlab.record.RunRecord;
import org.loomlab.record.RunStatus;
import org.loomlab.record.Suite;

import java.time.Instant;
import java.util.List;
import java.util.Map;

/** Run records and cells for report tests: one containerised two-CPU host, the given JDK and cells. */
public final class SampleRuns {

    private SampleRuns() {
    }

    public static RunRecord run(String jdk, String version, List<Cell> cells) {
        Host host = new Host("lab-1", "amd64", "CPU", 2, 1L << 34, "6.1", "Debian",
                new Host.Container(true, 2, null, "0-1", 4L << 30), null, null);
        Jdk j = new Jdk(jdk, "Debian", 21, version, "OpenJDK 64-Bit Server VM", version, List.of(), "/jdk", 2, 2, 1L << 30,
                "loom-lab/runner:" + jdk, "sha256:0123456789abcdef0123");
        return new RunRecord(RunRecord.SCHEMA_VERSION, "m1", Instant.parse("2026-11-23T00:00:00Z"),
                Instant.parse("2026-11-23T00:30:00Z"), "quick", RunStatus.COMPLETE, host, j, new Suite("0.1.0", null, null),
                null, cells);
    }

    /** An ok cell measured in the given forks (each a list of samples). */
    public static Cell forked(String experiment, Map<String, String> params, String metric, String unit,
                              List<List<Double>> forks) {
        Cell bare = Cell.builder(experiment, params, metric, unit).score(forks.get(0).get(0)).wallSeconds(1).build();
        return bare.withMeasurement(forks.get(0).get(0), null, null, null, forks, null);
    }

    /** The params of a philosophers-like cell: a reentrant lock, on {@code threads} threads, in that order. */
    public static Map<String, String> lockAndThreads(String threads) {
        Map<String, String> params = new java.util.LinkedHashMap<>();
        params.put("lock", "reentrant");
        params.put("threads", threads);
        return params;
    }
}
