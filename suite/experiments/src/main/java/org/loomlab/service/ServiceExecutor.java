package org.loomlab.service;

import org.loomlab.axis.Axis;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * The {@code executor} axis of seed 002: what runs the front service's requests. A fixed pool caps
 * throughput at pool / downstream delay; a virtual thread per task lifts the cap to users / delay.
 */
public enum ServiceExecutor implements Axis {
    /** A fixed pool of one thread, as in the seed's first version: at most 1/delay requests per second. */
    POOL_1("pool-1") {
        @Override
        ExecutorService create(int pool) {
            return Executors.newFixedThreadPool(1, Thread.ofPlatform().name("service-", 0).factory());
        }
    },
    /** A fixed pool of {@code pool} platform threads. */
    POOL_N("pool-n") {
        @Override
        ExecutorService create(int pool) {
            return Executors.newFixedThreadPool(pool, Thread.ofPlatform().name("service-", 0).factory());
        }
    },
    /** A new virtual thread per request, as in the seed's second version. */
    VIRTUAL("virtual") {
        @Override
        public boolean runsVirtualThreads() {
            return true;
        }

        @Override
        ExecutorService create(int pool) {
            return Executors.newThreadPerTaskExecutor(Thread.ofVirtual().name("service-", 0).factory());
        }
    };

    private final String label;

    ServiceExecutor(String label) {
        this.label = label;
    }

    @Override
    public String label() {
        return label;
    }

    abstract ExecutorService create(int pool);

    /** How many requests can be in the downstream call at once, or {@code users} when nothing caps it. */
    int concurrency(int pool, int users) {
        return switch (this) {
            case POOL_1 -> 1;
            case POOL_N -> Math.min(pool, users);
            case VIRTUAL -> users;
        };
    }
}
