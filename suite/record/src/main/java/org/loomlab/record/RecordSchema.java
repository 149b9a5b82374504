package org.loomlab.record;

import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SchemaRegistryConfig;
import com.networknt.schema.SpecificationVersion;
import com.networknt.schema.path.PathType;
import tools.jackson.databind.JsonNode;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;

/** Validates run records against {@code run.schema.json}, the normative form of the contract. */
public final class RecordSchema {

    /** Where the schema lives on the classpath; the repository's copy is {@code schema/run.schema.json}. */
    public static final String RESOURCE = "/org/loomlab/record/run.schema.json";

    private static final Schema SCHEMA = load();

    private RecordSchema() {
    }

    private static Schema load() {
        try (InputStream in = RecordSchema.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException("schema missing from classpath: " + RESOURCE);
            }
            // Locations as the validator's 1.x wrote them ($.results[0].status); 2.x and later default to JSON pointers.
            SchemaRegistryConfig config = SchemaRegistryConfig.builder().pathType(PathType.LEGACY).build();
            return SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12,
                    registry -> registry.schemaRegistryConfig(config)).getSchema(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The violations of {@code json}, one line each; empty when it is a valid run record. */
    public static List<String> violations(JsonNode json) {
        // An error's toString() is "location: message", what its getMessage() was before 2.x dropped the location.
        return SCHEMA.validate(json).stream().map(Object::toString).sorted().toList();
    }

    public static List<String> violations(Path runJson) throws IOException {
        return violations(RecordJson.readTree(runJson));
    }
}
