package org.loomlab.service;

import org.loomlab.philosophers.LockKind;

import java.io.IOException;
import java.util.concurrent.locks.ReentrantLock;

/**
 * One guarded downstream endpoint of the pinned-service scenario, as in seed 003: the blocking call
 * runs inside a lock, so requests to the same endpoint queue on it. With {@code synchronized}, a
 * virtual thread that blocks inside (or waits to enter) pins its carrier before JEP 491 (JDK 24);
 * with a {@link ReentrantLock} it parks and frees the carrier on every JDK.
 */
abstract class Endpoint {

    final Downstream downstream;

    private Endpoint(Downstream downstream) {
        this.downstream = downstream;
    }

    abstract byte[] call() throws IOException;

    static Endpoint guarded(LockKind lock, Downstream downstream) {
        return lock.newLock().<Endpoint>map(guard -> new Endpoint(downstream) {
            @Override
            byte[] call() throws IOException {
                guard.lock();
                try {
                    return downstream.call();
                } finally {
                    guard.unlock();
                }
            }
        }).orElseGet(() -> new Endpoint(downstream) {
            @Override
            synchronized byte[] call() throws IOException {
                return downstream.call();
            }
        });
    }
}
