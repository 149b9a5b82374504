package org.loomlab.coroutines

import kotlinx.coroutines.delay
import org.loomlab.axis.Axis
import org.loomlab.philosophers.Kitchen
import org.loomlab.philosophers.Workload
import kotlin.time.toKotlinDuration

/**
 * What a philosopher coroutine does while holding both chopsticks: the axis `workload`. The blocking workloads
 * are the Java philosophers' own meals ([Workload], the lab's variant), eaten inside the coroutine, so the two
 * experiments differ only in what runs and holds the chopsticks. Pitfall: a blocking meal does not suspend, so it
 * holds its dispatcher's thread; only [DELAY] lets the thread go while a philosopher eats.
 */
enum class CoroutineWorkload(private val word: String) : Axis {
    /** Nothing: measures the mutexes and the dispatching alone. */
    NOOP("noop") {
        override fun prepare(kitchen: Kitchen): SuspendingMeal = blocking(Workload.NOOP, kitchen)
    },

    /** Busy-spins for the meal time, as the Java table's active wait: holds the dispatcher's thread. */
    ACTIVE_WAIT("active-wait") {
        override fun prepare(kitchen: Kitchen): SuspendingMeal = blocking(Workload.ACTIVE_WAIT, kitchen)
    },

    /** `Thread.sleep` for the meal time, as the Java table's sleep: blocks a pool thread, unmounts a virtual one. */
    SLEEP("sleep") {
        override fun prepare(kitchen: Kitchen): SuspendingMeal = blocking(Workload.SLEEP, kitchen)
    },

    /**
     * Suspends with kotlinx `delay` for the meal time: the coroutine's own way to wait, which frees the thread.
     * `delay` counts whole milliseconds (it rounds up), so a 16 us meal takes at least 1 ms and a dinner of 10,000
     * meals at least 10 s: opt-in (`-p workload=delay`).
     */
    DELAY("delay") {
        override fun optIn(): Boolean = true

        override fun prepare(kitchen: Kitchen): SuspendingMeal {
            val time = kitchen.mealTime().toKotlinDuration()
            return SuspendingMeal { delay(time) }
        }
    };

    override fun label(): String = word

    /** Makes the meal once per table, outside the measured dinner. */
    abstract fun prepare(kitchen: Kitchen): SuspendingMeal

    companion object {
        /** The workload labelled [label], or a one-line error naming the valid ones. */
        @JvmStatic
        fun of(label: String): CoroutineWorkload = Axis.parse(CoroutineWorkload::class.java, "workload", label)

        /** The Java table's meal of [workload], eaten (and closed) by a coroutine. */
        private fun blocking(workload: Workload, kitchen: Kitchen): SuspendingMeal {
            val meal = workload.prepare(kitchen)
            return object : SuspendingMeal {
                override suspend fun eat() = meal.eat()

                override fun close() = meal.close()
            }
        }
    }
}
