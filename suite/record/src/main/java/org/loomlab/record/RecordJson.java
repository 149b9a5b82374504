package org.loomlab.record;

import com.fasterxml.jackson.annotation.JsonInclude;
import tools.jackson.core.JacksonException;
import tools.jackson.core.exc.JacksonIOException;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.PropertyNamingStrategies;
import tools.jackson.databind.SerializationFeature;
import tools.jackson.databind.json.JsonMapper;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * The one JSON form of run records: snake_case keys, ISO instants, nulls kept so that every
 * field of the contract is present. Writes are atomic: a reader never sees half a file.
 */
public final class RecordJson {

    // Jackson 2's defaults, not 3's: records are compared byte for byte (a cell kept by a resume), so properties keep
    // their declared order and enums their @JsonValue or name; records written before read as they did.
    private static final ObjectMapper MAPPER = JsonMapper.builderWithJackson2Defaults()
            .propertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE)
            .findAndAddModules()
            .addModule(new InstantModule())
            .changeDefaultPropertyInclusion(incl -> incl.withValueInclusion(JsonInclude.Include.ALWAYS)
                    .withContentInclusion(JsonInclude.Include.ALWAYS))
            .enable(SerializationFeature.INDENT_OUTPUT)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .build();

    private RecordJson() {
    }

    public static ObjectMapper mapper() {
        return MAPPER;
    }

    /** The record in {@code file}; a file that is not one is a one-line error naming it and why. */
    public static RunRecord read(Path file) throws IOException {
        try {
            return MAPPER.treeToValue(RecordVersions.current(file, readTree(file)), RunRecord.class);
        } catch (JacksonException e) {
            throw new IllegalArgumentException(unreadable(file, e));
        }
    }

    /** The JSON tree of {@code file}; a file that is not JSON (or is empty) is a one-line error naming it and why. */
    public static JsonNode readTree(Path file) throws IOException {
        JsonNode tree;
        try {
            tree = MAPPER.readTree(file.toFile());
        } catch (JacksonIOException e) {
            throw e.getCause(); // the file itself (missing, unreadable) is an IOException, as callers expect
        } catch (JacksonException e) {
            throw new IllegalArgumentException(unreadable(file, e));
        }
        if (tree == null || !tree.isObject()) {
            throw new IllegalArgumentException(file + " is not a readable run record: empty, or not a JSON object");
        }
        return tree;
    }

    /** One line: which file, what is wrong and where, without Jackson's stack of source excerpts. */
    public static String unreadable(Path file, JacksonException e) {
        var at = e.getLocation();
        return file + " is not a readable run record: " + e.getOriginalMessage().lines().findFirst().orElse("")
                + (at == null ? "" : " (line " + at.getLineNr() + ", column " + at.getColumnNr() + ")");
    }

    /** Writes {@code value} as JSON to {@code target} through a temporary file and a rename. */
    public static void writeAtomically(Path target, Object value) {
        atomically(target, tmp -> {
            try {
                MAPPER.writeValue(tmp.toFile(), value);
            } catch (JacksonIOException e) {
                throw e.getCause(); // a full disk is "cannot write", as for the other writes
            }
        });
    }

    /** Writes {@code text} to {@code target} through a temporary file and a rename (exports, Markdown). */
    public static void writeTextAtomically(Path target, String text) {
        atomically(target, tmp -> Files.writeString(tmp, text, java.nio.charset.StandardCharsets.UTF_8));
    }

    /** Writes {@code bytes} to {@code target} through a temporary file and a rename (a compressed export). */
    public static void writeBytesAtomically(Path target, byte[] bytes) {
        atomically(target, tmp -> Files.write(tmp, bytes));
    }

    /** What fills the temporary file. */
    private interface Filler {
        void fill(Path tmp) throws IOException;
    }

    private static void atomically(Path target, Filler filler) {
        try {
            Path dir = target.toAbsolutePath().getParent();
            Files.createDirectories(dir);
            Path tmp = Files.createTempFile(dir, "." + target.getFileName(), ".tmp");
            try {
                // A temporary file is 0600; a record is for everyone who may read the results (CI's upload, the host).
                if (Files.getFileStore(tmp).supportsFileAttributeView("posix")) {
                    Files.setPosixFilePermissions(tmp, java.nio.file.attribute.PosixFilePermissions.fromString("rw-r--r--"));
                }
                filler.fill(tmp);
                try {
                    Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
                } catch (AtomicMoveNotSupportedException e) {
                    Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING);
                }
            } finally {
                Files.deleteIfExists(tmp);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + target, e);
        }
    }
}
