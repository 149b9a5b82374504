package org.loomlab.pinning;

/**
 * A class whose static initializer blocks for {@link Blocking#BLOCK}. The probe defines it afresh as a
 * hidden class for every operation, so every operation runs a new {@code <clinit>}: a class is
 * initialized only once, and a second {@code new SlowInitializer()} would not block at all.
 */
final class SlowInitializer {

    static {
        try {
            Thread.sleep(Blocking.BLOCK);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private SlowInitializer() {
    }
}
