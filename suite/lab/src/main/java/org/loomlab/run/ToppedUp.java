package org.loomlab.run;

import org.loomlab.record.Cell;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * A finished cell of one lane that a top-up gives more rounds: where its forks' raw files are (the JMH JSON or the
 * scenario's cells, {@code fork-K.json}), how many rounds it has and what they took. Its cell is rebuilt from those
 * files and the new forks, by the same loop that pools any cell's forks ({@link ForkLoop.Earlier}); the record's pooled
 * numbers are not enough to pool with.
 *
 * @param forks   the directory of its forks' raw files, e.g. {@code results/HOST/LANE/RUN/jmh/cell-07}
 * @param rounds  the rounds (forks) it has
 * @param seconds what they took, as its record says
 */
record ToppedUp(Path forks, int rounds, double seconds) {

    /** How a runner reads one earlier fork's cells from its raw file. */
    interface Reader {
        List<Cell> cells(Path forkFile, double wall, String raw) throws IOException;
    }

    /** The cell's name in its run ({@code cell-07}): its files keep it, and its rounds' order is drawn from it. */
    String name() {
        return forks.getFileName().toString();
    }

    Path fork(int k) {
        return forks.resolve("fork-" + k + ".json");
    }

    /** The first raw file missing, if any: a top-up runs only where every earlier fork's file is. */
    Optional<Path> missing() {
        for (int k = 1; k <= rounds; k++) {
            if (!Files.isRegularFile(fork(k))) {
                return Optional.of(fork(k));
            }
        }
        return Optional.empty();
    }

    /**
     * The first of the cell's per-JVM files (one a fork, beside the run's record) that is short of its rounds, as a
     * pattern: the latency histograms its percentiles were read from, the pinned-event recordings of a virtual-thread
     * cell's pinning. Pooled again without them, those would describe the new forks only.
     */
    Optional<Path> missingPerJvm(Path runDir, Cell recorded, boolean virtualThreads) throws IOException {
        if (recorded.percentiles() != null && !recorded.percentiles().isEmpty()
                && CellFiles.of(runDir.resolve("latency"), name(), ".hlog").size() < rounds) {
            return Optional.of(runDir.resolve("latency").resolve(name() + "-*.hlog"));
        }
        if (virtualThreads && recorded.pinning() != null
                && CellFiles.of(runDir.resolve("jfr"), name(), ".jfr").size() < rounds) {
            return Optional.of(runDir.resolve("jfr").resolve(name() + "-*.jfr"));
        }
        return Optional.empty();
    }

    /**
     * The cell's per-JVM files past its rounds, the newest of each kind: what the forks of an interrupted top-up left,
     * whose cells its record does not hold. Read with the others, they would enter its percentiles and pinning.
     */
    List<Path> strays(Path runDir) throws IOException {
        List<Path> out = new ArrayList<>();
        for (String[] kind : List.of(new String[] {"latency", ".hlog"}, new String[] {"jfr", ".jfr"})) {
            List<Path> files = new ArrayList<>(CellFiles.of(runDir.resolve(kind[0]), name(), kind[1]));
            if (files.size() > rounds) {
                files.sort(Comparator.comparing(f -> f.toFile().lastModified()));
                out.addAll(files.subList(rounds, files.size()));
            }
        }
        return out;
    }

    /** The earlier forks' cells, read back as each fork's were when it ran; each fork's time the mean of theirs. */
    ForkLoop.Earlier read(Reader reader) throws IOException {
        List<List<Cell>> out = new ArrayList<>();
        String raw = forks.getParent().getFileName() + "/" + name();
        for (int k = 1; k <= rounds; k++) {
            out.add(reader.cells(fork(k), seconds / rounds, raw));
        }
        return new ForkLoop.Earlier(out, seconds);
    }
}
