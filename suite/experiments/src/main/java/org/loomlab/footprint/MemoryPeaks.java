package org.loomlab.footprint;

import com.sun.management.GarbageCollectionNotificationInfo;

import javax.management.Notification;
import javax.management.NotificationEmitter;
import javax.management.NotificationListener;
import javax.management.ListenerNotFoundException;
import javax.management.openmbean.CompositeData;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Collectors;

/**
 * The most memory this JVM has held so far: its heap's peak, the most it used just before a collection (or now),
 * and its resident set's peak ({@code VmHWM}). The talk's open question (seed 001, Q&amp;A): which implementations
 * are best for memory? The pitfall it guards against: the heap pools' own peaks
 * ({@link MemoryPoolMXBean#getPeakUsage()}) are reached at different moments, so their sum overstates the heap's
 * peak; the heap just before each collection, which the collectors' notifications report, does not.
 */
public final class MemoryPeaks implements AutoCloseable {

    private static final Path STATUS = Path.of("/proc/self/status");

    private final Set<String> heapPools = ManagementFactory.getMemoryPoolMXBeans().stream()
            .filter(p -> p.getType() == MemoryType.HEAP).map(MemoryPoolMXBean::getName).collect(Collectors.toSet());
    private final AtomicLong heapPeak = new AtomicLong();
    private final NotificationListener listener = this::collected;
    private final List<NotificationEmitter> watched;

    private MemoryPeaks() {
        watched = ManagementFactory.getGarbageCollectorMXBeans().stream()
                .filter(NotificationEmitter.class::isInstance).map(NotificationEmitter.class::cast).toList();
        watched.forEach(gc -> gc.addNotificationListener(listener, null, null));
    }

    /** Starts watching this JVM's collections; closing stops it. */
    public static MemoryPeaks watch() {
        return new MemoryPeaks();
    }

    private void collected(Notification notification, Object handback) {
        if (!notification.getType().equals(GarbageCollectionNotificationInfo.GARBAGE_COLLECTION_NOTIFICATION)) {
            return;
        }
        long used = GarbageCollectionNotificationInfo.from((CompositeData) notification.getUserData()).getGcInfo()
                .getMemoryUsageBeforeGc().entrySet().stream().filter(e -> heapPools.contains(e.getKey()))
                .mapToLong(e -> e.getValue().getUsed()).sum();
        heapPeak.accumulateAndGet(used, Math::max);
    }

    /** The heap's peak so far, in bytes: the most it used just before a collection since watching began, or now. */
    public long heapBytes() {
        return heapPeak.accumulateAndGet(ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed(), Math::max);
    }

    /** The resident set's peak since the JVM started ({@code VmHWM}), in bytes; -1 where there is no /proc. */
    public static long rssBytes() {
        try {
            // Not Files.readString: procfs files report size 0.
            for (String line : Files.readAllLines(STATUS)) {
                if (line.startsWith("VmHWM:")) {
                    return Long.parseLong(line.substring("VmHWM:".length()).replace("kB", "").strip()) * 1024;
                }
            }
        } catch (IOException | RuntimeException e) {
            // not Linux, or a /proc without the line: said as -1
        }
        return -1;
    }

    @Override
    public void close() {
        for (NotificationEmitter gc : watched) {
            try {
                gc.removeNotificationListener(listener);
            } catch (ListenerNotFoundException gone) {
                // already removed
            }
        }
    }
}
