package org.loomlab.run;

import org.loomlab.record.Cell;
import org.loomlab.record.ForkMemory;
import org.loomlab.record.Pinning;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A finished cell of one lane that a top-up gives more rounds: where its forks' raw files are (the JMH JSON or the
 * scenario's cells, {@code fork-K.json}), how many rounds it has and what they took, and its record's cells. Its cell
 * is rebuilt from the earlier forks and the new ones by the same loop that pools any cell's forks
 * ({@link ForkLoop.Earlier}). The earlier forks are read back from their raw files where they are here, else from the
 * record, which keeps each fork's samples of every metric (a fresh checkout has no raw files: they stay out of git).
 *
 * @param forks      the directory of its forks' raw files, e.g. {@code results/HOST/LANE/RUN/jmh/cell-07}
 * @param rounds     the rounds (forks) it has
 * @param recorded   its record's cells, one a metric, the primary first
 * @param fromRecord the per-JVM files none of whose earlier rounds are here: what they gave the record is kept
 */
record ToppedUp(Path forks, int rounds, List<Cell> recorded, Set<PerJvm> fromRecord) {

    ToppedUp {
        recorded = List.copyOf(recorded);
        fromRecord = Set.copyOf(fromRecord);
    }

    /**
     * The cell of one lane, its per-JVM files looked for: each kind the record was read from is here for every earlier
     * round (read again over all), or for none (kept as recorded). Some but not all is refused: the files are named by
     * the JVM's pid, not its round, so which rounds they hold cannot be told.
     *
     * @param recorded       its record's cells, the primary first
     * @param virtualThreads whether its threads are virtual (its pinning is read from JFR)
     */
    static ToppedUp of(Path forks, int rounds, List<Cell> recorded, Path runDir, boolean virtualThreads) throws IOException {
        Cell primary = recorded.get(0);
        boolean latency = primary.percentiles() != null && !primary.percentiles().isEmpty();
        boolean pinning = virtualThreads && primary.pinning() != null;
        Set<PerJvm> fromRecord = EnumSet.noneOf(PerJvm.class);
        String name = forks.getFileName().toString();
        for (PerJvm kind : PerJvm.values()) {
            if (!(kind == PerJvm.LATENCY ? latency : pinning)) {
                continue;
            }
            int here = kind.of(runDir, name).size();
            if (here == 0) {
                fromRecord.add(kind);
            } else if (here < rounds) {
                TopUpRefusal.refusePartial(kind.pattern(runDir, name), here, rounds);
            }
        }
        return new ToppedUp(forks, rounds, recorded, fromRecord);
    }

    /** The files a cell's forks leave one a JVM beside the run's record, read over all its forks when it is pooled. */
    enum PerJvm {
        LATENCY("latency", ".hlog"), PINNING("jfr", ".jfr");

        final String folder;
        final String suffix;

        PerJvm(String folder, String suffix) {
            this.folder = folder;
            this.suffix = suffix;
        }

        List<Path> of(Path runDir, String cell) throws IOException {
            return CellFiles.of(runDir.resolve(folder), cell, suffix);
        }

        Path pattern(Path runDir, String cell) {
            return runDir.resolve(folder).resolve(cell + "-*" + suffix);
        }
    }

    /** How a runner reads one earlier fork's cells from its raw file. */
    interface Reader {
        List<Cell> cells(Path forkFile, double wall, String raw) throws IOException;
    }

    /** What its rounds took, as its record says. */
    double seconds() {
        return recorded.get(0).wallSeconds();
    }

    /** The cell's name in its run ({@code cell-07}): its files keep it, and its rounds' order is drawn from it. */
    String name() {
        return forks.getFileName().toString();
    }

    Path fork(int k) {
        return forks.resolve("fork-" + k + ".json");
    }

    /** Whether every earlier fork's raw file is here: if not, the earlier forks are read from the record. */
    boolean rawHere() {
        for (int k = 1; k <= rounds; k++) {
            if (!Files.isRegularFile(fork(k))) {
                return false;
            }
        }
        return true;
    }

    /**
     * The cell's per-JVM files past its rounds, the newest of each kind: what the forks of an interrupted top-up left,
     * whose cells its record does not hold. Read with the others, they would enter its percentiles and pinning.
     */
    List<Path> strays(Path runDir) throws IOException {
        List<Path> out = new ArrayList<>();
        for (PerJvm kind : PerJvm.values()) {
            List<Path> files = new ArrayList<>(kind.of(runDir, name()));
            if (files.size() > rounds) {
                files.sort(Comparator.comparing(f -> f.toFile().lastModified()));
                out.addAll(files.subList(rounds, files.size()));
            }
        }
        return out;
    }

    /** The earlier forks' cells, read back as each fork's were when it ran (or from the record); each fork's time the mean of theirs. */
    ForkLoop.Earlier read(Reader reader) throws IOException {
        if (!rawHere()) {
            return new ForkLoop.Earlier(earlierFromRecord(), seconds(), pilot());
        }
        List<List<Cell>> out = new ArrayList<>();
        String raw = forks.getParent().getFileName() + "/" + name();
        for (int k = 1; k <= rounds; k++) {
            int round = k;
            // fork-K.json is round K's fork: its cells keep that round, as the loop's own forks do.
            out.add(reader.cells(fork(k), seconds() / rounds, raw).stream().map(c -> c.inRound(round)).toList());
        }
        return new ForkLoop.Earlier(out, seconds(), pilot());
    }

    /** The first forks the recorded interval's spread left out ({@link org.loomlab.record.Precision#spreadFrom}). */
    private int pilot() {
        Cell primary = recorded.get(0);
        return primary.precision() == null ? 0 : primary.precision().pilotLeftOut();
    }

    /**
     * The earlier forks as the record keeps them, one cell a metric a fork: the fork's samples and memory peaks; what
     * the record sums over forks (pinned events, failed operations) on the first fork only, and what it averages (meal
     * spread and shares, CPU tokens) on every one. Pooled with new forks ({@link ForkLoop}), they give what the raw files
     * would have given.
     */
    List<List<Cell>> earlierFromRecord() {
        refuseUnlessTheRecordStandsIn();
        List<List<Cell>> out = new ArrayList<>();
        for (int k = 0; k < rounds; k++) {
            List<Cell> fork = new ArrayList<>();
            for (Cell c : recorded) {
                List<Double> samples = c.forks().get(k);
                List<ForkMemory> memory = c.forkMemory() != null && c.forkMemory().size() == rounds
                        ? List.of(c.forkMemory().get(k)) : null;
                fork.add(c.toBuilder().samples(samples).forkSamples(List.of(samples)).forkMemory(memory)
                        .pinning(k == 0 ? c.pinning() : null).pinnedEvents(k == 0 ? c.pinnedEvents() : null)
                        .errors(k == 0 ? c.errors() : null).wallSeconds(seconds() / rounds)
                        .forkRounds(List.of(c.rounds().get(k))).components(null).build());
            }
            out.add(fork);
        }
        return out;
    }

    /** Refused unless the record keeps every metric's samples of each of its rounds, so it can stand in for the raw files. */
    void refuseUnlessTheRecordStandsIn() {
        for (Cell c : recorded) {
            if (c.forks().size() != rounds) {
                throw new IllegalArgumentException("--top-up: the raw files of " + forks + " are not here, and its record "
                        + "keeps " + c.metric() + "'s samples of " + c.forks().size() + " forks, not of its " + rounds
                        + " rounds; top it up on the machine that ran it");
            }
        }
    }

    /** The pooled cell's percentiles: those {@code read} over its files, or, where its earlier rounds' are not here, the record's. */
    Cell withPercentiles(Cell pooled, Map<String, Double> read) {
        if (!fromRecord.contains(PerJvm.LATENCY)) {
            return pooled.withPercentiles(read);
        }
        // Percentiles of two histograms cannot be had from the percentiles of each: the earlier rounds' stand.
        Cell kept = pooled.withPercentiles(recorded.get(0).percentiles());
        return kept.withStatus(kept.status(), ForkLoop.join(kept.message(), "percentiles of its first " + rounds
                + " rounds (their latency histograms were not here to pool with the new rounds')"), kept.wallSeconds(),
                kept.rawFile());
    }

    /** The pooled cell's pinning: what {@code read} found over its files, plus the record's where its earlier rounds' are not here. */
    Cell withPinning(Cell pooled, Pinning read) {
        if (!fromRecord.contains(PerJvm.PINNING)) {
            return pooled.withPinning(read);
        }
        Pinning earlier = recorded.get(0).pinning();
        return pooled.withPinning(earlier == null ? read : earlier.plus(read));
    }
}
