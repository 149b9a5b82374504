package org.loomlab.record;

import com.fasterxml.jackson.databind.JsonNode;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.ValidationMessage;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;

/** Validates run records against {@code run.schema.json}, the normative form of the contract. */
public final class RecordSchema {

    /** Where the schema lives on the classpath; the repository's copy is {@code schema/run.schema.json}. */
    public static final String RESOURCE = "/org/loomlab/record/run.schema.json";

    private static final JsonSchema SCHEMA = load();

    private RecordSchema() {
    }

    private static JsonSchema load() {
        try (InputStream in = RecordSchema.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException("schema missing from classpath: " + RESOURCE);
            }
            return JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V202012).getSchema(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The violations of {@code json}, one line each; empty when it is a valid run record. */
    public static List<String> violations(JsonNode json) {
        return SCHEMA.validate(json).stream().map(ValidationMessage::getMessage).sorted().toList();
    }

    public static List<String> violations(Path runJson) throws IOException {
        return violations(RecordJson.readTree(runJson));
    }
}
