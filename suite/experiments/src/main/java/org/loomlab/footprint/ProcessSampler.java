package org.loomlab.footprint;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Samples {@link ProcessStatus} at a fixed interval on one platform thread of its own, so a run can
 * report its peak threads and memory, the CPU it used and the time series behind them. The sampler's
 * own thread is part of every count it takes (one thread, the same in every cell).
 */
public final class ProcessSampler implements AutoCloseable {

    private final List<ProcessStatus> series = new ArrayList<>();
    private final Thread thread;

    private ProcessSampler(Duration interval) {
        series.add(ProcessStatus.read());
        thread = Thread.ofPlatform().daemon().name("process-sampler").start(() -> {
            try {
                while (!Thread.currentThread().isInterrupted()) {
                    TimeUnit.NANOSECONDS.sleep(interval.toNanos());
                    ProcessStatus now = ProcessStatus.read();
                    synchronized (series) {
                        series.add(now);
                    }
                }
            } catch (InterruptedException stop) {
                // closed
            }
        });
    }

    public static ProcessSampler every(Duration interval) {
        return new ProcessSampler(interval);
    }

    /** Takes one last sample and stops; returns every sample, the first taken when sampling started. */
    public List<ProcessStatus> stop() throws InterruptedException {
        thread.interrupt();
        thread.join();
        synchronized (series) {
            series.add(ProcessStatus.read());
            return List.copyOf(series);
        }
    }

    @Override
    public void close() throws InterruptedException {
        thread.interrupt();
        thread.join();
    }

    public static int peakThreads(List<ProcessStatus> series) {
        return series.stream().mapToInt(ProcessStatus::threads).max().orElseThrow();
    }

    public static double peakRssMb(List<ProcessStatus> series) {
        return series.stream().mapToDouble(ProcessStatus::rssMb).max().orElseThrow();
    }

    /** CPU seconds used between the first and the last sample. */
    public static double cpuSeconds(List<ProcessStatus> series) {
        return (series.get(series.size() - 1).cpuNanos() - series.get(0).cpuNanos()) / 1e9;
    }
}
