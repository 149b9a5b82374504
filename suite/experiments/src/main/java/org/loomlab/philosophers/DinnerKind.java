package org.loomlab.philosophers;

import org.loomlab.axis.Axis;

import java.util.concurrent.BrokenBarrierException;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * How a dinner is served: the lab's way, the way the talk's benchmark served it (seed 001; the
 * talk's {@code UnitedPhilosophersBenchmark}), or by an arbiter (a question put to the talk; opt-in). The question
 * behind the axis: how much of a dinner's time comes from how it starts rather than from the threads and locks?
 * {@link Dinner#startSkewNanos()} shows the main difference: at the lab's table the first philosophers eat while
 * later threads are still being started; at the talk's, everyone starts together.
 *
 * <p>All end at the first philosopher to reach the meals, and the winner itself interrupts the others, from its
 * own thread, the moment it is full: the talk's structured-concurrency scope did exactly that (its joiner cancels
 * the scope in the thread of the subtask that completed). Stopping from the dining thread instead, as an
 * {@code invokeAny} or a latch the dining thread waits on does, measured the scheduler rather than the table: the
 * dining thread, woken, waits for a CPU behind 1,000 spinning platform threads or two busy carriers, and the table
 * eats on meanwhile. On 2 CPUs a platform active-wait dinner took 33-69 s that way against 1.3-2.2 s with the
 * winner stopping (docs/NOTES.md, "Who stops the dinner"). The talk's scope API changed in every release from 21
 * to 26; a thread-per-task executor works unchanged on every JDK without preview flags.
 */
public enum DinnerKind implements Axis {
    /**
     * Philosopher i holds chopsticks i and i+1 and starts eating as soon as its thread runs. Waits for a chopstick
     * end at an interrupt and a stopped philosopher throws, so it can never pass for the winner; the active wait
     * spins with {@link Thread#onSpinWait()}; meals go to no sink.
     */
    LAB("lab") {
        @Override
        int right(int seat, int philosophers) {
            return (seat + 1) % philosophers;
        }
    },
    /**
     * As the talk: philosopher i holds chopsticks i and i-1 (0 holds 0 and N-1); every philosopher waits at a
     * barrier of N + 1 that the dining thread joins once it started them all, so eating starts when all are
     * running. Each eats while neither interrupted nor full, takes chopsticks through interrupts, and returns
     * when stopped; so the winner is the first to finish full. Each meal's result and index go to the sink (a JMH
     * Blackhole); the active wait spins without a hint.
     */
    TALK("talk") {
        @Override
        int right(int seat, int philosophers) {
            return seat == 0 ? philosophers - 1 : seat - 1;
        }

        @Override
        CyclicBarrier startLine(int philosophers) {
            return new CyclicBarrier(philosophers + 1);
        }

        @Override
        void dine(Philosopher philosopher, CyclicBarrier startLine) throws Exception {
            philosopher.eatUntilFullOrStopped(startLine);
        }
    },
    /**
     * A waiter (the arbiter) grants a philosopher both chopsticks at once or none, and each meal is a task
     * ({@code CompletableFuture.runAsync}) on a pool: a ForkJoinPool of one platform thread per CPU for
     * {@code threads=platform}, a virtual thread per task for {@code threads=virtual}; {@code lock} guards the
     * waiter's book. The talk's answer to "why not ForkJoinPool or CompletableFuture?" (seed 001, Q&amp;A): both suit
     * non-cooperative work, and the arbiter's solution "differs so much in essence that it would be wrong to measure
     * it against all the others". So read its time as another algorithm's, not as a faster lock or thread: no thread
     * ever waits holding one chopstick, a hungry philosopher is a mark in the waiter's book, and every grant goes
     * through the waiter's one lock. Runs only when asked for ({@code -p dinner=arbiter}); the meals go to no sink.
     */
    ARBITER("arbiter") {
        @Override
        int right(int seat, int philosophers) {
            return (seat + 1) % philosophers;
        }

        @Override
        public boolean optIn() {
            return true;
        }

        @Override
        public boolean threadPerPhilosopher() {
            return false;
        }

        @Override
        Dinner serve(Philosopher[] seated, ThreadKind threads, LockKind lock)
                throws InterruptedException, ExecutionException {
            return new Waiter(seated, lock, threads.taskPool()).serve();
        }
    };

    private final String label;

    DinnerKind(String label) {
        this.label = label;
    }

    @Override
    public String label() {
        return label;
    }

    /** The chopstick on the right of {@code seat}; its left one is the chopstick of its own number. */
    abstract int right(int seat, int philosophers);

    /** The barrier the philosophers and the dining thread meet at before anyone eats; none by default. */
    CyclicBarrier startLine(int philosophers) {
        return null;
    }

    /** One philosopher's part of the dinner, on its own thread: the lab's loop unless the dinner says otherwise. */
    void dine(Philosopher philosopher, CyclicBarrier startLine) throws Exception {
        philosopher.eatUntilFull();
    }

    /**
     * Whether each philosopher runs on a thread of its own ({@code threads} says which kind), so a table of N starts
     * N threads; the arbiter's philosophers are tasks on a pool instead.
     */
    public boolean threadPerPhilosopher() {
        return true;
    }

    /**
     * Serves a dinner to {@code seated}, each on a thread of kind {@code threads}; returns once every thread has
     * ended. The chopsticks the philosophers were seated with are of kind {@code lock}.
     */
    Dinner serve(Philosopher[] seated, ThreadKind threads, LockKind lock) throws InterruptedException, ExecutionException {
        CyclicBarrier startLine = startLine(seated.length);
        Finish finish = new Finish(seated.length);
        try (ExecutorService executor = Executors.newThreadPerTaskExecutor(threads.factory())) {
            try {
                for (Philosopher p : seated) {
                    executor.execute(() -> finish.seat(p, () -> dine(p, startLine)));
                }
                if (startLine != null) {
                    startLine.await();
                }
            } catch (BrokenBarrierException e) {
                executor.shutdownNow();
                throw new ExecutionException("the start line broke before every philosopher reached it", e);
            } catch (Throwable e) {
                // The table could not be set or the dining thread was stopped: nobody will win, stop them all.
                executor.shutdownNow();
                throw e;
            }
            // Closing waits for every thread; the winner stops the others itself.
        }
        long over = System.nanoTime();
        return outcome(seated, finish.winner(), finish.stillRunning(), over - finish.wonAt());
    }

    /** The dinner {@code seated} ate, read once every philosopher has ended. */
    static Dinner outcome(Philosopher[] seated, int winner, int stillRunning, long stopNanos) {
        int[] eaten = new int[seated.length];
        long first = Long.MAX_VALUE;
        long last = Long.MIN_VALUE;
        for (int i = 0; i < seated.length; i++) {
            eaten[i] = seated[i].eaten();
            if (seated[i].started()) {
                first = Math.min(first, seated[i].startNanos());
                last = Math.max(last, seated[i].startNanos());
            }
        }
        return new Dinner(winner, eaten, stillRunning, last >= first ? last - first : 0, stopNanos);
    }

    public static DinnerKind of(String label) {
        return Axis.parse(DinnerKind.class, "dinner", label);
    }

    /**
     * The end of a dinner: the first philosopher to end full wins and interrupts every other philosopher from its own
     * thread. A stopped philosopher of the talk's dinner also ends normally, so ending alone proves nothing; when
     * every philosopher ended without a winner (all failed), the dinner fails.
     */
    private static final class Finish {
        private final AtomicReferenceArray<Thread> seats;
        private final AtomicInteger winner = new AtomicInteger(-1);
        private final AtomicReference<Throwable> firstFailure = new AtomicReference<>();
        // Counted here, not from the executor: it may report termination before a thread's own epilogue ends.
        private final AtomicInteger running = new AtomicInteger();
        private volatile long wonAt;

        Finish(int seats) {
            this.seats = new AtomicReferenceArray<>(seats);
        }

        /** Runs {@code philosopher}'s dinner on this thread; if it ends full first, stops the others. */
        void seat(Philosopher philosopher, Chopstick.Section dinner) {
            running.incrementAndGet();
            Thread self = Thread.currentThread();
            // Seated, then checked: either the winner sees this thread or this thread sees the winner.
            seats.set(philosopher.seat(), self);
            if (winner.get() >= 0) {
                self.interrupt();
            }
            try {
                dinner.run();
                if (philosopher.full() && winner.compareAndSet(-1, philosopher.seat())) {
                    wonAt = System.nanoTime();
                    for (int i = 0; i < seats.length(); i++) {
                        Thread other = seats.get(i);
                        if (other != null && other != self) {
                            other.interrupt();
                        }
                    }
                }
            } catch (Throwable t) {
                firstFailure.compareAndSet(null, t);
            } finally {
                running.decrementAndGet();
            }
        }

        /** Philosopher threads still inside their dinner; 0 after the executor closed unless stopping is broken. */
        int stillRunning() {
            return running.get();
        }

        /** {@link System#nanoTime()} when the winner was full. */
        long wonAt() {
            return wonAt;
        }

        int winner() throws ExecutionException {
            if (winner.get() >= 0) {
                return winner.get();
            }
            Throwable failure = firstFailure.get();
            throw failure != null ? new ExecutionException(failure)
                    : new ExecutionException("every philosopher stopped before one reached the meals", null);
        }
    }
}
