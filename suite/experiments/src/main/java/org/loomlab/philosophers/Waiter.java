package org.loomlab.philosophers;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Supplier;

/**
 * The arbiter of {@link DinnerKind#ARBITER}: a waiter who hands a philosopher both its chopsticks at once or none,
 * and serves each run of meals as a task ({@link CompletableFuture#runAsync}) on a pool. No thread ever waits for a
 * chopstick: a hungry philosopher whose neighbour eats is a mark in the waiter's book, and the neighbour's release
 * serves it. Taking both at once breaks the circular wait, so the table cannot deadlock; serving the released
 * chopsticks to hungry neighbours before their last holder may ask again keeps one philosopher from starving another.
 *
 * <p>The book is guarded by one lock of the cell's kind ({@link LockKind}). The pitfall: every grant and release
 * goes through it, so the waiter is the table's bottleneck by design; that is why its time is another algorithm's.
 * As at the other dinners, the first philosopher to reach its meals wins and stops the table itself (the pool is
 * shut down, which interrupts the meals and thoughts still running), and a philosopher whose meal fails leaves.
 */
final class Waiter {

    private final Philosopher[] seated;
    /** Guards the book; null: the waiter's own monitor. */
    private final ReentrantLock lock;
    private final ExecutorService pool;
    /** Chopstick i is in someone's hands. Guarded. */
    private final boolean[] taken;
    /** Seat i waits for the waiter to serve it. Guarded. */
    private final boolean[] hungry;
    /** Seats whose meal or thought failed. Guarded. */
    private int gone;
    /** The winner's seat, -1 until one is full. Guarded. */
    private int winner = -1;
    private volatile boolean stopped;
    private volatile long wonAt;
    /**
     * Tasks running and not yet ended: 0 once the pool is closed, unless stopping is broken. Counted from inside the
     * task, since a stopped ForkJoinPool cancels the tasks it had queued without running them.
     */
    private final AtomicInteger running = new AtomicInteger();
    private final AtomicReference<Throwable> firstFailure = new AtomicReference<>();
    private final CountDownLatch over = new CountDownLatch(1);

    /** A waiter for {@code seated}, guarding its book with a lock of kind {@code kind}, serving on {@code pool}. */
    Waiter(Philosopher[] seated, LockKind kind, ExecutorService pool) {
        this.seated = seated;
        this.lock = kind.newLock().orElse(null);
        this.pool = pool;
        this.taken = new boolean[seated.length];
        this.hungry = new boolean[seated.length];
    }

    /** Takes every philosopher's first request, then waits until one is full (or all left) and the pool has ended. */
    Dinner serve() throws InterruptedException, ExecutionException {
        try {
            for (Philosopher p : seated) {
                if (stopped) {
                    break;
                }
                p.sitDown();
                if (guarded(() -> request(p.seat()))) {
                    submit(p.seat());
                }
            }
            over.await();
        } finally {
            stop();
            // Waits for every meal and thought still running; the stop interrupted the ones that can be.
            pool.close();
        }
        int won = winner;
        if (won < 0) {
            Throwable failure = firstFailure.get();
            throw failure != null ? new ExecutionException(failure)
                    : new ExecutionException("every philosopher stopped before one reached the meals", null);
        }
        return DinnerKind.outcome(seated, won, running.get(), System.nanoTime() - wonAt);
    }

    /** Runs {@code seat}'s meals for as long as the waiter grants them at once: eat, give back, think, ask again. */
    private void course(int seat) {
        running.incrementAndGet();
        Philosopher p = seated[seat];
        try {
            boolean granted = true;
            while (granted) {
                try {
                    p.eatServed();
                } catch (Throwable failure) {
                    leave(seat, true, failure);
                    return;
                }
                boolean full = p.full();
                guarded(() -> giveBack(seat, full)).forEach(this::submit);
                if (full || stopped) {
                    return;
                }
                try {
                    p.think();
                } catch (Throwable failure) {
                    leave(seat, false, failure);
                    return;
                }
                granted = guarded(() -> request(seat));
            }
        } finally {
            running.decrementAndGet();
        }
    }

    /** A new task for {@code seat}, which holds both its chopsticks; none once the table is stopped. */
    private void submit(int seat) {
        try {
            CompletableFuture.runAsync(() -> course(seat), pool);
        } catch (RejectedExecutionException stoppedMeanwhile) {
            // The table stopped between the grant and here: the seat has nothing more to eat.
        }
    }

    /** Guarded: grants {@code seat} both chopsticks if both are free, else marks it hungry. */
    private boolean request(int seat) {
        if (stopped) {
            return false;
        }
        if (free(seat)) {
            take(seat);
            return true;
        }
        hungry[seat] = true;
        return false;
    }

    /**
     * Guarded: {@code seat} puts its chopsticks down; the first to be full wins and stops the table. Returns the
     * hungry neighbours served with them, whose tasks the caller submits once outside the lock.
     */
    private List<Integer> giveBack(int seat, boolean full) {
        int n = seated.length;
        taken[seat] = false;
        taken[(seat + 1) % n] = false;
        if (full && winner < 0 && !stopped) {
            winner = seat;
            wonAt = System.nanoTime();
            stop();
        }
        if (stopped) {
            return List.of();
        }
        List<Integer> served = new ArrayList<>(2);
        for (int neighbour : new int[] {(seat + n - 1) % n, (seat + 1) % n}) {
            if (hungry[neighbour] && free(neighbour)) {
                take(neighbour);
                served.add(neighbour);
            }
        }
        return served;
    }

    /**
     * {@code seat} leaves the table: its meal or thought failed, or the stop cut it short. A failure before the stop
     * is kept; once every philosopher has left without a winner, the dinner is over.
     */
    private void leave(int seat, boolean holding, Throwable failure) {
        List<Integer> served = guarded(() -> {
            List<Integer> next = holding ? giveBack(seat, false) : List.of();
            if (!stopped) {
                firstFailure.compareAndSet(null, failure);
                if (++gone == seated.length) {
                    stop();
                }
            }
            return next;
        });
        served.forEach(this::submit);
    }

    private boolean free(int seat) {
        return !taken[seat] && !taken[(seat + 1) % seated.length];
    }

    private void take(int seat) {
        taken[seat] = true;
        taken[(seat + 1) % seated.length] = true;
        hungry[seat] = false;
    }

    /** Serves nothing more and interrupts what runs; the dining thread then closes the pool. */
    private void stop() {
        stopped = true;
        pool.shutdownNow();
        over.countDown();
    }

    private <T> T guarded(Supplier<T> body) {
        if (lock == null) {
            synchronized (this) {
                return body.get();
            }
        }
        lock.lock();
        try {
            return body.get();
        } finally {
            lock.unlock();
        }
    }
}
