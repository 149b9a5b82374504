package org.loomlab.footprint;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * This process as the OS sees it at one instant: kernel threads ({@code Threads}) and resident memory
 * ({@code VmRSS}) from {@code /proc/self/status}, and CPU time consumed so far. Pitfall guarded: the
 * JVM's own thread count ({@code ThreadMXBean}) counts neither virtual threads' carriers as such nor
 * GC and compiler threads the same way; the kernel's count is the one the seeds compared.
 *
 * @param threads  kernel threads of the process
 * @param rssBytes resident set size
 * @param cpuNanos user + system CPU time of the whole process since it started
 */
public record ProcessStatus(int threads, long rssBytes, long cpuNanos) {

    private static final Path STATUS = Path.of("/proc/self/status");

    public static ProcessStatus read() {
        String text;
        try {
            text = Files.readString(STATUS);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + STATUS + " (footprint scenarios need Linux /proc)", e);
        }
        int threads = -1;
        long rssKb = -1;
        for (String line : text.split("\n")) {
            if (line.startsWith("Threads:")) {
                threads = Integer.parseInt(line.substring("Threads:".length()).strip());
            } else if (line.startsWith("VmRSS:")) {
                rssKb = Long.parseLong(line.substring("VmRSS:".length()).replace("kB", "").strip());
            }
        }
        if (threads < 0 || rssKb < 0) {
            throw new IllegalStateException(STATUS + " lacks Threads or VmRSS");
        }
        return new ProcessStatus(threads, rssKb * 1024, processCpuNanos());
    }

    private static long processCpuNanos() {
        return ManagementFactory.getPlatformMXBean(com.sun.management.OperatingSystemMXBean.class).getProcessCpuTime();
    }

    public double rssMb() {
        return rssBytes / (1024.0 * 1024.0);
    }
}
