package org.loomlab.footprint;

import org.loomlab.axis.Axis;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * The {@code executor} axis of seed 004: how N long-lived, mostly sleeping tasks are run. Platform
 * threads and a cached pool need one kernel thread per task; virtual threads share a few carriers.
 */
public enum FootprintExecutor implements Axis {
    PLATFORM("platform") {
        @Override
        Crowd start(int tasks, Runnable task) {
            return threads(tasks, Thread.ofPlatform().name("footprint-", 0), task);
        }
    },
    VIRTUAL("virtual") {
        @Override
        public boolean runsVirtualThreads() {
            return true;
        }

        @Override
        Crowd start(int tasks, Runnable task) {
            return threads(tasks, Thread.ofVirtual().name("footprint-", 0), task);
        }
    },
    CACHED_POOL("cached-pool") {
        @Override
        Crowd start(int tasks, Runnable task) {
            return submitted(tasks, Executors.newCachedThreadPool(), task);
        }
    },
    VIRTUAL_PER_TASK("virtual-per-task") {
        @Override
        public boolean runsVirtualThreads() {
            return true;
        }

        @Override
        Crowd start(int tasks, Runnable task) {
            return submitted(tasks, Executors.newVirtualThreadPerTaskExecutor(), task);
        }
    };

    /** Running tasks; {@link #stop()} interrupts them and waits until they have ended. */
    interface Crowd {
        void stop() throws InterruptedException;
    }

    /** How long stopping may take: tasks end at their next sleep, which an interrupt cuts short. */
    private static final long STOP_SECONDS = 30;

    private final String label;

    FootprintExecutor(String label) {
        this.label = label;
    }

    @Override
    public String label() {
        return label;
    }

    abstract Crowd start(int tasks, Runnable task);

    private static Crowd threads(int tasks, Thread.Builder builder, Runnable task) {
        List<Thread> started = new ArrayList<>(tasks);
        for (int i = 0; i < tasks; i++) {
            started.add(builder.start(task));
        }
        return () -> {
            started.forEach(Thread::interrupt);
            long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(STOP_SECONDS);
            for (Thread t : started) {
                t.join(Math.max(1, TimeUnit.NANOSECONDS.toMillis(end - System.nanoTime())));
            }
        };
    }

    private static Crowd submitted(int tasks, ExecutorService executor, Runnable task) {
        for (int i = 0; i < tasks; i++) {
            executor.execute(task);
        }
        return () -> {
            executor.shutdownNow();
            executor.awaitTermination(STOP_SECONDS, TimeUnit.SECONDS);
        };
    }
}
