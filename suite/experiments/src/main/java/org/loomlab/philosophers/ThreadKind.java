package org.loomlab.philosophers;

import org.loomlab.axis.Axis;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ThreadFactory;

/**
 * What runs each philosopher: one platform (kernel) thread or one virtual thread per philosopher.
 * Both go through a thread-per-task executor so that the only difference is the thread. The arbiter's dinner
 * ({@link DinnerKind#ARBITER}) has no thread per philosopher: its meals are tasks, run by {@link #taskPool()}.
 */
public enum ThreadKind implements Axis {
    PLATFORM("platform") {
        @Override
        ThreadFactory factory() {
            return Thread.ofPlatform().name("philosopher-", 0).factory();
        }

        /** A ForkJoinPool of one platform thread per CPU: where CompletableFuture's async stages run by default. */
        @Override
        ExecutorService taskPool() {
            return new ForkJoinPool(Runtime.getRuntime().availableProcessors());
        }
    },
    VIRTUAL("virtual") {
        @Override
        public boolean runsVirtualThreads() {
            return true;
        }

        @Override
        ThreadFactory factory() {
            return Thread.ofVirtual().name("philosopher-", 0).factory();
        }

        @Override
        ExecutorService taskPool() {
            return Executors.newThreadPerTaskExecutor(Thread.ofVirtual().name("meal-", 0).factory());
        }
    };

    private final String label;

    ThreadKind(String label) {
        this.label = label;
    }

    @Override
    public String label() {
        return label;
    }

    abstract ThreadFactory factory();

    /** A fresh executor for short tasks of this kind of thread; closing it waits for the tasks it runs. */
    abstract ExecutorService taskPool();

    public static ThreadKind of(String label) {
        return Axis.parse(ThreadKind.class, "threads", label);
    }
}
