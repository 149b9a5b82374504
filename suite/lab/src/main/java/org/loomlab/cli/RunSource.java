package org.loomlab.cli;

import org.loomlab.catalogue.Catalogue;
import org.loomlab.layout.BuildLayout;
import org.loomlab.record.CellMatching;
import org.loomlab.record.MatrixRecord;
import org.loomlab.record.RecordJson;
import org.loomlab.record.RecordSchema;
import org.loomlab.record.ResultsLayout;
import org.loomlab.record.RunRecord;
import org.loomlab.run.RunLock;
import tools.jackson.databind.JsonNode;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** Where the commands find run records: a run.json, a run directory, or a matrix-<id>.json naming a run per JDK. */
final class RunSource {

    private RunSource() {
    }

    /**
     * Which cells of records are the same point, as the catalogue of this lab's benchmarks jar says: a record older
     * than an axis matches the value the axis declares for it (gc=g1). A host without the jar, which only reads
     * records, matches cells as recorded.
     */
    static CellMatching matching() {
        Path jar = new BuildLayout(LoomLab.home()).benchmarksJar();
        return Files.isRegularFile(jar) ? CellMatching.of(Catalogue.in(jar)) : CellMatching.EXACT;
    }

    /** The run record a path names: the file itself, or the run.json in a run directory. */
    static Path runJson(Path path) {
        Path file = Files.isDirectory(path) ? ResultsLayout.runJson(path) : path;
        if (!Files.isRegularFile(file)) {
            throw new IllegalArgumentException(Files.isDirectory(path) ? "no run.json in " + path
                    : "no such run record: " + path + "; valid: a run.json or a run directory under results/");
        }
        return file;
    }

    /**
     * The host's directory of a run record: the nearest directory above it named as the host the record says it ran on
     * (so a study kept deeper, {@code results/<host>/<study>/<jdk>/<run>/}, still finds its host's calibration), else
     * the one its layout {@code results/<host>/<jdk>/<run>/run.json} gives.
     */
    static Path hostDir(Path runJson, String host) {
        for (Path dir = runJson.toAbsolutePath().normalize().getParent(); dir != null; dir = dir.getParent()) {
            if (dir.getFileName() != null && dir.getFileName().toString().equals(host)) {
                return dir;
            }
        }
        return hostDir(runJson);
    }

    /** The host's directory of a run record laid out as {@code results/<host>/<jdk>/<run>/run.json}. */
    static Path hostDir(Path runJson) {
        Path run = runJson.toAbsolutePath().normalize().getParent();
        if (run == null || run.getParent() == null || run.getParent().getParent() == null) {
            throw new IllegalArgumentException(runJson + " is not laid out as results/<host>/<jdk>/<run>/run.json");
        }
        return run.getParent().getParent();
    }

    /** The run records a path names: one, or each JDK's of a matrix record (JDKs without a run are left out). */
    static List<Path> runJsons(Path path) throws IOException {
        Path file = runJson(path);
        Optional<MatrixRecord> matrix = matrix(file);
        if (matrix.isEmpty()) {
            return List.of(file);
        }
        List<Path> runs = new ArrayList<>();
        for (MatrixRecord.Entry e : matrix.get().jdks()) {
            if (e.runJson() != null) {
                runs.add(run(file, e));
            }
        }
        return runs;
    }

    /** The matrix record {@code file} holds, or empty when it is a run record. */
    static Optional<MatrixRecord> matrix(Path file) throws IOException {
        JsonNode tree = RecordJson.readTree(file);
        return tree.has("matrix_id") ? Optional.of(RecordJson.mapper().treeToValue(tree, MatrixRecord.class)) : Optional.empty();
    }

    /** A JDK's run.json as its matrix record names it: relative to the matrix file (relative in, relative out). */
    static Path run(Path matrixFile, MatrixRecord.Entry e) {
        Path dir = matrixFile.getParent() != null ? matrixFile.getParent() : Path.of("");
        return dir.resolve(e.runJson()).normalize();
    }

    /** A valid run record, or a one-line error naming the file and its first violation. */
    static RunRecord read(Path runJson) throws IOException {
        // One read of the file: validated as a tree, then bound from the same tree.
        JsonNode tree = RecordJson.readTree(runJson);
        List<String> violations = RecordSchema.violations(tree);
        if (!violations.isEmpty()) {
            throw new IllegalArgumentException(runJson + " is not a valid run record: " + violations.get(0));
        }
        RunRecord record = RecordJson.mapper().treeToValue(tree, RunRecord.class);
        Path dir = runJson.toAbsolutePath().getParent();
        if (RunLock.abandoned(dir, record)) {
            System.err.println("note: " + RunLock.abandonedNote(dir));
        }
        return record;
    }
}
