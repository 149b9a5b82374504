package org.loomlab.plan;

import java.time.Duration;

/**
 * What one fork of a cell measures under a profile: JMH iterations or scenario load windows.
 *
 * @param samples         measured iterations (or windows) the fork keeps
 * @param warmupDiscarded warm-up iterations (or windows) it runs first and throws away
 * @param warmup          the time those warm-up iterations (or windows) are set to last
 */
public record ForkShape(int samples, int warmupDiscarded, Duration warmup) {

    /** The warm-up in seconds, as a cell's record keeps it ({@code precision.warmup_seconds}). */
    public double warmupSeconds() {
        return warmup.toMillis() / 1000.0;
    }
}
