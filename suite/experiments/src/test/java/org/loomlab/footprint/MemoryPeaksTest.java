package org.loomlab.footprint;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class MemoryPeaksTest {

    @Test
    void thePeaksHoldWhatThisJvmHeldAndNeverShrink() {
        try (MemoryPeaks peaks = MemoryPeaks.watch()) {
            long before = peaks.heapBytes();
            byte[][] held = new byte[64][];
            for (int i = 0; i < held.length; i++) {
                held[i] = new byte[1 << 20];
                held[i][i] = 1;
            }
            long heap = peaks.heapBytes();
            assertThat(heap).isGreaterThanOrEqualTo(64L << 20).isGreaterThanOrEqualTo(before);
            assertThat(MemoryPeaks.rssBytes()).as("VmHWM: the arrays were touched").isGreaterThanOrEqualTo(64L << 20);
            held = null;
            System.gc();
            assertThat(peaks.heapBytes()).as("a peak stays after the heap is collected").isGreaterThanOrEqualTo(heap);
        }
    }
}
