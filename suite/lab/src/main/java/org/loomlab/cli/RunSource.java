package org.loomlab.cli;

import com.fasterxml.jackson.databind.JsonNode;
import org.loomlab.matrix.MatrixRecord;
import org.loomlab.record.RecordJson;
import org.loomlab.record.RecordSchema;
import org.loomlab.record.RunRecord;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Where the commands find run records: a run.json, a run directory, or a matrix-<id>.json naming a run per JDK. */
final class RunSource {

    private RunSource() {
    }

    /** The run record a path names: the file itself, or the run.json in a run directory. */
    static Path runJson(Path path) {
        Path file = Files.isDirectory(path) ? path.resolve("run.json") : path;
        if (!Files.isRegularFile(file)) {
            throw new IllegalArgumentException(Files.isDirectory(path) ? "no run.json in " + path
                    : "no such run record: " + path + "; valid: a run.json or a run directory under results/");
        }
        return file;
    }

    /** The run records a path names: one, or each JDK's of a matrix record (JDKs without a run are left out). */
    static List<Path> runJsons(Path path) throws IOException {
        Path file = runJson(path);
        JsonNode tree = RecordJson.mapper().readTree(file.toFile());
        if (!tree.has("matrix_id")) {
            return List.of(file);
        }
        List<Path> runs = new ArrayList<>();
        Path dir = file.getParent() != null ? file.getParent() : Path.of(""); // relative in, relative out
        for (MatrixRecord.Entry e : RecordJson.mapper().treeToValue(tree, MatrixRecord.class).jdks()) {
            if (e.runJson() != null) {
                runs.add(dir.resolve(e.runJson()).normalize());
            }
        }
        return runs;
    }

    /** A valid run record, or a one-line error naming the file and its first violation. */
    static RunRecord read(Path runJson) throws IOException {
        List<String> violations = RecordSchema.violations(runJson);
        if (!violations.isEmpty()) {
            throw new IllegalArgumentException(runJson + " is not a valid run record: " + violations.get(0));
        }
        return RecordJson.read(runJson);
    }
}
