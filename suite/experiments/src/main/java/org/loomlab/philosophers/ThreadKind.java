package org.loomlab.philosophers;

import org.loomlab.axis.Axis;

import java.util.concurrent.ThreadFactory;

/**
 * What runs each philosopher: one platform (kernel) thread or one virtual thread per philosopher.
 * Both go through a thread-per-task executor so that the only difference is the thread.
 */
public enum ThreadKind implements Axis {
    PLATFORM("platform") {
        @Override
        ThreadFactory factory() {
            return Thread.ofPlatform().name("philosopher-", 0).factory();
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

    public static ThreadKind of(String label) {
        return Axis.parse(ThreadKind.class, "threads", label);
    }
}
