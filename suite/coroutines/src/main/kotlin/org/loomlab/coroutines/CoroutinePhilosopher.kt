package org.loomlab.coroutines

import kotlinx.coroutines.currentCoroutineContext
import kotlinx.coroutines.ensureActive
import kotlinx.coroutines.sync.Mutex
import kotlinx.coroutines.sync.withLock

/** A chopstick: a suspending mutex, so a philosopher waiting for it frees its thread, and its number on the table. */
internal class Chopstick(val index: Int) {
    val mutex = Mutex()
}

/**
 * Eats until it has had its target of meals, taking its lower-numbered chopstick first, so no circular wait can
 * form and the table cannot deadlock. Pitfall: a meal that does not suspend and a mutex taken without waiting are no
 * cancellation points, so the loop checks for cancellation before every meal, as the Java lab's loop checks for an
 * interrupt; else a stopped philosopher would eat on to its target.
 */
internal class CoroutinePhilosopher(
    val seat: Int,
    left: Chopstick,
    right: Chopstick,
    private val meal: SuspendingMeal,
    private val target: Int,
) {
    private val first = if (left.index < right.index) left else right
    private val second = if (first === left) right else left

    /** Meals eaten so far; read it only once the philosopher's coroutine has ended. */
    var eaten = 0
        private set

    /** Whether it reached for its first chopstick at all: a dinner can end before the last philosopher starts. */
    var started = false
        private set

    /** [System.nanoTime] when it reached for its first chopstick. */
    var startNanos = 0L
        private set

    /** Returns once it reached its target; throws CancellationException when stopped first. */
    suspend fun eatUntilFull() {
        startNanos = System.nanoTime()
        started = true
        val context = currentCoroutineContext()
        while (eaten < target) {
            context.ensureActive()
            first.mutex.withLock { second.mutex.withLock { meal.eat() } }
            eaten++
        }
    }

    /** Whether it reached its target. */
    val full: Boolean get() = eaten >= target

    /** The indexes of the chopsticks it takes, in the order it takes them. */
    fun chopsticks(): IntArray = intArrayOf(first.index, second.index)
}
