package org.loomlab.coroutines

import kotlinx.coroutines.CoroutineDispatcher
import kotlinx.coroutines.Dispatchers
import kotlinx.coroutines.asCoroutineDispatcher
import org.loomlab.axis.Axis
import java.util.concurrent.Executors

/**
 * What runs the philosopher coroutines: the axis `dispatcher`. The question behind it: do coroutines on Kotlin's
 * own pools eat as fast as coroutines whose every resumption is a virtual thread? Pitfall: a dispatcher over an
 * executor must be closed, and closing it inside the dinner (as the Java table closes its thread-per-task
 * executor) waits for its last threads, so the dinner never leaves threads behind it.
 */
enum class DispatcherKind(private val word: String) : Axis {
    /** `Dispatchers.Default`: one thread per CPU, for CPU-bound coroutines; a blocking meal holds one of them. */
    DEFAULT("default") {
        override fun <T> dispatching(dinner: (CoroutineDispatcher) -> T): T = dinner(Dispatchers.Default)
    },

    /** `Dispatchers.IO`: up to 64 threads (or one per CPU, when more), made for coroutines that block. */
    IO("io") {
        override fun <T> dispatching(dinner: (CoroutineDispatcher) -> T): T = dinner(Dispatchers.IO)
    },

    /** A dispatcher over a virtual-thread-per-task executor: every launch and every resumption gets a new virtual thread. */
    VIRTUAL("virtual") {
        override fun runsVirtualThreads(): Boolean = true

        override fun <T> dispatching(dinner: (CoroutineDispatcher) -> T): T =
            Executors.newVirtualThreadPerTaskExecutor().use { executor -> dinner(executor.asCoroutineDispatcher()) }
    };

    override fun label(): String = word

    /** Runs [dinner] with this dispatcher, freeing what the dispatcher holds once it returned. */
    abstract fun <T> dispatching(dinner: (CoroutineDispatcher) -> T): T

    companion object {
        /** The dispatcher labelled [label], or a one-line error naming the valid ones. */
        @JvmStatic
        fun of(label: String): DispatcherKind = Axis.parse(DispatcherKind::class.java, "dispatcher", label)
    }
}
