package org.loomlab.record;

import com.fasterxml.jackson.annotation.JsonInclude;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * One run of the lab on one JDK on one host: what ran, where, and how each cell ended.
 * It is the contract between the lab's pieces; {@code run.schema.json} is its normative form.
 */
public record RunRecord(
        int schema,
        String runId,
        Instant started,
        Instant finished,
        String profile,
        RunStatus status,
        Host host,
        Jdk jdk,
        Suite suite,
        FixtureInfo fixture,
        List<Cell> results,
        // Absent from a run whose JDKs did not take turns, and from records older than schema 2.
        @JsonInclude(JsonInclude.Include.NON_NULL) Lanes lanes) {

    /**
     * Version of the record's shape, bumped with every change of the schema; {@link RecordVersions} reads each earlier
     * one. 2: the {@code lanes} block. 3: each cell's {@code fork_rounds} (lanes pair on them) and {@code components}.
     */
    public static final int SCHEMA_VERSION = 3;

    public RunRecord {
        results = List.copyOf(results);
    }

    /** A record of a run whose JDKs did not take turns. */
    public RunRecord(int schema, String runId, Instant started, Instant finished, String profile, RunStatus status, Host host,
                     Jdk jdk, Suite suite, FixtureInfo fixture, List<Cell> results) {
        this(schema, runId, started, finished, profile, status, host, jdk, suite, fixture, results, null);
    }

    /** The same record as lane {@code of} a run whose lanes took turns. */
    public RunRecord withLanes(Lanes of) {
        return new RunRecord(schema, runId, started, finished, profile, status, host, jdk, suite, fixture, results, of);
    }

    /**
     * Whether {@code other} is another lane of this record's run on the same host: their forks took turns round by
     * round, so they are compared paired, without a run-to-run allowance.
     */
    public boolean tookTurnsWith(RunRecord other) {
        return lanes != null && other.lanes != null && lanes.partnerOf(other.lanes) && runId.equals(other.runId)
                && host.name().equals(other.host.name());
    }

    /**
     * One row per cell: a scenario cell is several rows in a row (one per metric) with the same params, and its
     * first row is its primary metric, the one its precision and status are judged by.
     */
    public List<Cell> primaryCells() {
        List<Cell> out = new ArrayList<>();
        String last = null;
        for (Cell c : results) {
            String key = c.experiment() + " " + c.params();
            if (!key.equals(last)) {
                out.add(c);
            }
            last = key;
        }
        return out;
    }

    public RunRecord withCell(Cell cell) {
        List<Cell> more = new ArrayList<>(results);
        more.add(cell);
        return new RunRecord(schema, runId, started, finished, profile, status, host, jdk, suite, fixture, more, lanes);
    }

    public RunRecord finish(RunStatus end, Instant at) {
        return new RunRecord(schema, runId, started, at, profile, end, host, jdk, suite, fixture, results, lanes);
    }

    /** The record carried on by a resumed run: {@code kept} cells, running again, served by {@code by}. */
    /**
     * The record with {@code cells} in place of the cells of the same experiment and values (a topped-up cell's metrics),
     * where the first of them stood; cells of no such cell are appended.
     */
    public RunRecord replacing(List<Cell> cells) {
        java.util.Set<String> keys = new java.util.HashSet<>();
        cells.forEach(c -> keys.add(c.experiment() + " " + new java.util.TreeMap<>(c.params())));
        List<Cell> out = new ArrayList<>();
        boolean placed = false;
        for (Cell c : results) {
            if (!keys.contains(c.experiment() + " " + new java.util.TreeMap<>(c.params()))) {
                out.add(c);
            } else if (!placed) {
                out.addAll(cells);
                placed = true;
            }
        }
        if (!placed) {
            out.addAll(cells);
        }
        return new RunRecord(schema, runId, started, finished, profile, status, host, jdk, suite, fixture, out, lanes);
    }

    public RunRecord resumed(List<Cell> kept, FixtureInfo by) {
        return new RunRecord(schema, runId, started, null, profile, RunStatus.RUNNING, host, jdk, suite, by, kept, lanes);
    }

    /**
     * The same record with {@code axes} left out of every cell's params, so that cells differing only there match
     * (a diff of a known change made on purpose, e.g. {@code mealtime} 16 against 16.8).
     */
    public RunRecord without(java.util.Collection<String> axes) {
        List<Cell> out = results.stream().map(c -> {
            java.util.Map<String, String> kept = new java.util.LinkedHashMap<>(c.params());
            kept.keySet().removeAll(axes);
            return c.withParams(kept);
        }).toList();
        return new RunRecord(schema, runId, started, finished, profile, status, host, jdk, suite, fixture, out, lanes);
    }

    /**
     * The slice of this record at {@code axis}={@code value}: its cells with that value, the axis left out of their
     * params so that they match the cells of another slice.
     */
    public RunRecord where(String axis, String value) {
        List<Cell> out = results.stream().filter(c -> value.equals(c.params().get(axis))).toList();
        return new RunRecord(schema, runId, started, finished, profile, status, host, jdk, suite, fixture, out, lanes)
                .without(List.of(axis));
    }

    public RunRecord withJdk(Jdk other) {
        return new RunRecord(schema, runId, started, finished, profile, status, host, other, suite, fixture, results, lanes);
    }

    public RunRecord withFixture(FixtureInfo other) {
        return new RunRecord(schema, runId, started, finished, profile, status, host, jdk, suite, other, results, lanes);
    }
}
