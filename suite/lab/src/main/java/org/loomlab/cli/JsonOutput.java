package org.loomlab.cli;

import org.loomlab.record.RecordJson;
import picocli.CommandLine.Option;

import java.nio.file.Path;

/** {@code --json FILE}: a command's result kept as JSON beside its Markdown, shared by {@code diff} and {@code claims}. */
final class JsonOutput {

    @Option(names = "--json", paramLabel = "FILE", description = "also write the result as JSON (atomically)")
    Path file;

    /** Writes {@code result} when asked to, and says where on stderr (stdout is the Markdown). */
    void write(String what, Object result) {
        if (file != null) {
            RecordJson.writeAtomically(file, result);
            System.err.println(what + ": " + file);
        }
    }
}
