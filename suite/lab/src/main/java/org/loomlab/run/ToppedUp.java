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
        boolean latency = recorded.percentiles() != null && !recorded.percentiles().isEmpty();
        boolean pinning = virtualThreads && recorded.pinning() != null;
        for (PerJvm kind : PerJvm.values()) {
            if ((kind == PerJvm.LATENCY ? latency : pinning) && kind.of(runDir, name()).size() < rounds) {
                return Optional.of(kind.pattern(runDir, name()));
            }
        }
        return Optional.empty();
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
