package org.loomlab.coroutines

import kotlinx.coroutines.delay
import kotlinx.coroutines.yield
import org.assertj.core.api.Assertions.assertThat
import org.assertj.core.api.Assertions.assertThatThrownBy
import org.junit.jupiter.api.Assertions.assertTimeoutPreemptively
import org.junit.jupiter.api.Test
import org.junit.jupiter.params.ParameterizedTest
import org.junit.jupiter.params.provider.EnumSource
import org.loomlab.philosophers.Dinner
import org.loomlab.philosophers.Kitchen
import java.time.Duration
import java.util.concurrent.ConcurrentHashMap

class CoroutineTableTest {

    @ParameterizedTest(name = "{0}")
    @EnumSource(DispatcherKind::class)
    fun endsWithExactlyOneWinnerAtTheTargetForTwoThreeAndAThousand(dispatcher: DispatcherKind) {
        for (n in intArrayOf(2, 3, 1_000)) {
            val dinner = CoroutineTable(n, dispatcher, CoroutineWorkload.NOOP.prepare(Kitchen.local())).dine(2_000)
            assertThat(dinner.eaten()).hasSize(n)
            assertThat(dinner.eaten()[dinner.winner()]).`as`("winner of %d", n).isEqualTo(2_000)
            assertThat(dinner.eaten().max()).isEqualTo(2_000)
            assertThat(dinner.stillRunning()).`as`("philosophers still eating after the dinner at %d", n).isZero()
        }
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(DispatcherKind::class)
    fun aSmallTableWhoseMealsSuspendWithChopsticksHeldNeverDeadlocks(dispatcher: DispatcherKind) {
        // Every meal yields while holding both mutexes, so neighbours reach for them meanwhile and suspend: with a
        // circular wait this would hang within a few meals; ordered chopsticks finish.
        val dinner = assertTimeoutPreemptively<Dinner>(Duration.ofSeconds(20)) {
            CoroutineTable(5, dispatcher, SuspendingMeal { yield() }).dine(20_000)
        }
        assertThat(dinner.eaten()[dinner.winner()]).isEqualTo(20_000)
        assertThat(dinner.stillRunning()).isZero()
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(DispatcherKind::class)
    fun everyPhilosopherEatsWhenMealsSuspend(dispatcher: DispatcherKind) {
        // A suspended eater's neighbours queue on its mutexes, and a mutex hands itself to the longest waiter.
        val dinner = CoroutineTable(5, dispatcher, SuspendingMeal { delay(1) }).dine(50)
        assertThat(dinner.fed()).`as`("philosophers who ate: %s", dinner.eaten().contentToString()).isEqualTo(5)
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(DispatcherKind::class)
    fun stopsAllPhilosophersOnceOneReachesMeals(dispatcher: DispatcherKind) {
        // Only seat 0 can be full; the others would eat for ever: the dinner returns only if the winner cancels
        // them, whether they are eating a meal that never suspends or waiting for a chopstick.
        for (meal in listOf(SuspendingMeal { }, SuspendingMeal { yield() })) {
            val n = 50
            val chopsticks = List(n) { Chopstick(it) }
            val seated = List(n) { i ->
                CoroutinePhilosopher(i, chopsticks[i], chopsticks[(i + 1) % n], meal, if (i == 0) 20 else Int.MAX_VALUE)
            }
            val start = System.nanoTime()
            val dinner = assertTimeoutPreemptively<Dinner>(Duration.ofSeconds(30)) {
                CoroutineTable(n, dispatcher, meal).dine(seated)
            }
            val took = System.nanoTime() - start
            assertThat(dinner.winner()).isZero()
            assertThat(dinner.eaten()[0]).isEqualTo(20)
            assertThat(dinner.stillRunning()).isZero()
            // The stop is part of the dinner: from the winner's last meal to the last philosopher's end.
            assertThat(dinner.stopNanos()).isPositive().isLessThan(took)
        }
    }

    @Test
    fun takesTheLowerNumberedChopstickFirst() {
        val seated = CoroutineTable(4, DispatcherKind.DEFAULT, SuspendingMeal { }).seat(1)
        assertThat(seated.map { it.chopsticks().toList() })
            .containsExactly(listOf(0, 1), listOf(1, 2), listOf(2, 3), listOf(0, 3))
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(DispatcherKind::class)
    fun eatsOnVirtualThreadsOnlyOnTheVirtualDispatcher(dispatcher: DispatcherKind) {
        val threads = ConcurrentHashMap.newKeySet<Boolean>()
        CoroutineTable(3, dispatcher, SuspendingMeal { threads.add(Thread.currentThread().isVirtual) }).dine(100)
        assertThat(threads).containsExactly(dispatcher.runsVirtualThreads())
    }

    @Test
    fun aFailingMealFailsTheDinnerWithItsCause() {
        val table = CoroutineTable(3, DispatcherKind.DEFAULT, SuspendingMeal { error("burnt") })
        assertThatThrownBy { table.dine(10) }.hasMessage("burnt")
    }

    @Test
    fun refusesATableOfOneAndADinnerOfNoMeals() {
        assertThatThrownBy { CoroutineTable(1, DispatcherKind.DEFAULT, SuspendingMeal { }) }
            .hasMessage("a table needs at least 2 philosophers, got 1")
        assertThatThrownBy { CoroutineTable(2, DispatcherKind.DEFAULT, SuspendingMeal { }).dine(0) }
            .hasMessage("meals must be at least 1, got 0")
    }
}
