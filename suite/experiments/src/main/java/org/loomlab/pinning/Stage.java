package org.loomlab.pinning;

import java.net.InetSocketAddress;
import java.nio.file.Path;

/**
 * What the blocking operations need, prepared once per probe JVM outside every measured phase.
 *
 * @param echo            the loopback server that answers after {@link Blocking#BLOCK}
 * @param file            a 16 KB scratch file
 * @param slowInitializer the class file of {@link SlowInitializer}, defined afresh for every class-init operation
 */
record Stage(InetSocketAddress echo, Path file, byte[] slowInitializer) {
}
