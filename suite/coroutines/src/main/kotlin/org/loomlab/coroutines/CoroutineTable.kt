package org.loomlab.coroutines

import kotlinx.coroutines.CoroutineDispatcher
import kotlinx.coroutines.Job
import kotlinx.coroutines.coroutineScope
import kotlinx.coroutines.launch
import kotlinx.coroutines.runBlocking
import org.loomlab.philosophers.Dinner
import java.util.concurrent.atomic.AtomicInteger
import java.util.concurrent.atomic.AtomicLong

/**
 * A round table of N philosopher coroutines and N mutex chopsticks, served as the Java table's `dinner=lab`:
 * philosopher i holds chopsticks i and i+1 and starts eating as soon as its coroutine runs, while later ones are
 * still being launched. A dinner ends when the first philosopher reaches its meals; it cancels the others from its
 * own coroutine, as the Java winner interrupts the others from its own thread, and the dinner returns once every
 * philosopher has ended. Launching the coroutines and closing the dispatcher are inside the dinner, as starting
 * and ending the threads are at the Java table. The answer is the same [Dinner] the Java table returns.
 */
class CoroutineTable(
    private val philosophers: Int,
    private val dispatcher: DispatcherKind,
    private val meal: SuspendingMeal,
) {
    init {
        require(philosophers >= 2) { "a table needs at least 2 philosophers, got $philosophers" }
    }

    /** Serves dinner until one philosopher has eaten [meals] meals, and stops the others; blocks the caller meanwhile. */
    fun dine(meals: Int): Dinner = dine(seat(meals))

    internal fun dine(seated: List<CoroutinePhilosopher>): Dinner =
        dispatcher.dispatching { pool -> runBlocking { serve(seated, pool) } }

    /** Sets the table: chopsticks, and philosophers who will eat [meals] meals. */
    internal fun seat(meals: Int): List<CoroutinePhilosopher> {
        require(meals >= 1) { "meals must be at least 1, got $meals" }
        val chopsticks = List(philosophers) { Chopstick(it) }
        return List(philosophers) { i ->
            CoroutinePhilosopher(i, chopsticks[i], chopsticks[(i + 1) % philosophers], meal, meals)
        }
    }

    /**
     * Launches [seated] on [pool] from the caller's coroutine and waits for all of them. The philosophers are
     * children of one job that the winner cancels: a philosopher launched after that starts cancelled and never
     * reaches for a chopstick, so no late one eats on after the dinner was won.
     */
    private suspend fun serve(seated: List<CoroutinePhilosopher>, pool: CoroutineDispatcher): Dinner {
        val winner = AtomicInteger(-1)
        val wonAt = AtomicLong()
        // Counted here, not from the jobs: a cancelled job is done before its coroutine's last line has run.
        val running = AtomicInteger()
        coroutineScope {
            val eating = Job(coroutineContext[Job])
            for (philosopher in seated) {
                launch(eating + pool) {
                    running.incrementAndGet()
                    try {
                        philosopher.eatUntilFull()
                        if (winner.compareAndSet(-1, philosopher.seat)) {
                            wonAt.set(System.nanoTime())
                            eating.cancel()
                        }
                    } finally {
                        running.decrementAndGet()
                    }
                }
            }
            eating.complete()
            eating.join()
        }
        val over = System.nanoTime()
        check(winner.get() >= 0) { "every philosopher stopped before one reached the meals" }
        val starts = seated.filter { it.started }.map { it.startNanos }
        val skew = if (starts.isEmpty()) 0 else starts.max() - starts.min()
        return Dinner(winner.get(), seated.map { it.eaten }.toIntArray(), running.get(), skew, over - wonAt.get())
    }
}
