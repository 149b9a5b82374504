package org.loomlab.philosophers;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * What workloads need from outside the table: a place for scratch files and, for the network
 * workloads, the fixture to call.
 *
 * @param scratch     directory for scratch files
 * @param fixtureUrl  base URL of the HTTP fixture, or null when no network cell runs
 * @param connections size of the HTTP connection pool
 */
public record Kitchen(Path scratch, String fixtureUrl, int connections) {

    public static Kitchen local() {
        return new Kitchen(Path.of(System.getProperty("java.io.tmpdir")), null, 0);
    }

    /** A fresh file of {@code bytes} deterministic bytes in the scratch directory. */
    Path scratchFile(int bytes) {
        try {
            Path file = Files.createTempFile(scratch, "meal-", ".bin");
            byte[] content = new byte[bytes];
            for (int i = 0; i < bytes; i++) {
                content[i] = (byte) i;
            }
            return Files.write(file, content);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create a scratch file in " + scratch, e);
        }
    }
}
