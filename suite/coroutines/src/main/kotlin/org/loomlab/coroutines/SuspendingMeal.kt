package org.loomlab.coroutines

/**
 * One meal of a coroutine workload, eaten while both chopsticks are held; it may suspend. Closing frees what the
 * workload prepared. A meal must be safe to eat from many coroutines at once.
 */
fun interface SuspendingMeal : AutoCloseable {

    suspend fun eat()

    override fun close() {
    }
}
