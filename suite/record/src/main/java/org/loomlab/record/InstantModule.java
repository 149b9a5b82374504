package org.loomlab.record;

import tools.jackson.core.JsonGenerator;
import tools.jackson.core.JsonParser;
import tools.jackson.databind.DeserializationContext;
import tools.jackson.databind.SerializationContext;
import tools.jackson.databind.ValueDeserializer;
import tools.jackson.databind.ValueSerializer;
import tools.jackson.databind.module.SimpleModule;

import java.time.Instant;

/**
 * ISO-8601 instants as {@link Instant#toString()} writes and {@link Instant#parse} reads them. Jackson 3 has java.time
 * built in, but its format follows the mapper's date features; this one is the records' and does not.
 */
final class InstantModule extends SimpleModule {

    InstantModule() {
        addSerializer(Instant.class, new ValueSerializer<>() {
            @Override
            public void serialize(Instant value, JsonGenerator gen, SerializationContext ctxt) {
                gen.writeString(value.toString());
            }
        });
        addDeserializer(Instant.class, new ValueDeserializer<>() {
            @Override
            public Instant deserialize(JsonParser p, DeserializationContext ctxt) {
                return Instant.parse(p.getValueAsString());
            }
        });
    }
}
