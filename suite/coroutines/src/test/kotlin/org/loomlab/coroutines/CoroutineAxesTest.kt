package org.loomlab.coroutines

import kotlinx.coroutines.runBlocking
import org.assertj.core.api.Assertions.assertThat
import org.assertj.core.api.Assertions.assertThatThrownBy
import org.junit.jupiter.api.Test
import org.junit.jupiter.params.ParameterizedTest
import org.junit.jupiter.params.provider.EnumSource
import org.loomlab.philosophers.Kitchen
import java.time.Duration

class CoroutineAxesTest {

    @Test
    fun anUnknownDispatcherIsOneLineNamingTheValidOnes() {
        assertThatThrownBy { DispatcherKind.of("unconfined") }
            .hasMessage("unknown dispatcher 'unconfined'; valid: default, io, virtual")
    }

    @Test
    fun anUnknownWorkloadIsOneLineNamingTheValidOnes() {
        assertThatThrownBy { CoroutineWorkload.of("file-read") }
            .hasMessage("unknown workload 'file-read'; valid: noop, active-wait, sleep, delay")
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(DispatcherKind::class)
    fun everyLabelNamesItsOwnValue(dispatcher: DispatcherKind) {
        assertThat(DispatcherKind.of(dispatcher.label())).isSameAs(dispatcher)
    }

    @Test
    fun onlyTheVirtualDispatcherRunsVirtualThreadsAndOnlyDelayIsOptIn() {
        assertThat(DispatcherKind.entries.filter { it.runsVirtualThreads() }).containsExactly(DispatcherKind.VIRTUAL)
        assertThat(CoroutineWorkload.entries.filter { it.optIn() }).containsExactly(CoroutineWorkload.DELAY)
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(value = CoroutineWorkload::class, names = ["ACTIVE_WAIT", "SLEEP", "DELAY"])
    fun aTimedMealTakesAtLeastTheMealTime(workload: CoroutineWorkload) {
        workload.prepare(Kitchen.local().withMealTime(Duration.ofMillis(5))).use { meal ->
            val start = System.nanoTime()
            runBlocking { meal.eat() }
            assertThat(Duration.ofNanos(System.nanoTime() - start)).isGreaterThanOrEqualTo(Duration.ofMillis(5))
        }
    }
}
