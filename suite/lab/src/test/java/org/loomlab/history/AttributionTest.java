package org.loomlab.history;

import org.junit.jupiter.api.Test;
import org.loomlab.record.FixtureInfo;
import org.loomlab.record.Host;
import org.loomlab.record.Jdk;
import org.loomlab.record.RunRecord;
import org.loomlab.record.RunStatus;
import org.loomlab.record.Suite;

import java.time.Instant;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** What a change point is put down to: the trait that changed at it and stayed, not one that changes at every run. */
class AttributionTest {

    @Test
    void aKernelThatChangedAndStayedExplainsThePointAndTheNightlyCommitDoesNot() {
        List<RunRecord> before = List.of(run("a1", "v669", "local-jvm"), run("a2", "v669", "container"));
        List<RunRecord> after = List.of(run("a3", "v657", "local-jvm"), run("a4", "v657", "local-jvm"));
        Attribution why = Attribution.of(before, after);
        assertThat(why.causes()).containsExactly("kernel v669 -> v657");
        assertThat(why.alsoChanged()).containsExactly("suite a2 -> a3", "fixture container -> local-jvm");
        assertThat(why.text()).isEqualTo("kernel v669 -> v657 (also changed: suite a2 -> a3, fixture container -> local-jvm)");
    }

    @Test
    void aKernelSeenOnBothSidesExplainsNothing() {
        List<RunRecord> before = List.of(run("a1", "v657", "local-jvm"), run("a2", "v669", "local-jvm"));
        List<RunRecord> after = List.of(run("a3", "v657", "local-jvm"), run("a4", "v657", "local-jvm"));
        assertThat(Attribution.of(before, after).text())
                .isEqualTo("unexplained; changed between these runs: suite a2 -> a3, kernel v669 -> v657");
    }

    private static RunRecord run(String commit, String kernel, String fixture) {
        Host host = new Host("vm", "amd64", "AMD EPYC", 2, 1L << 34, kernel, "Debian", null, null, null);
        Jdk jdk = new Jdk("temurin-25", "Eclipse Adoptium", 25, "25.0.3+9-LTS", "OpenJDK 64-Bit Server VM", "25.0.3+9-LTS",
                List.of(), "/jdk", 2, 2, 1L << 32, null, null);
        return new RunRecord(1, commit, Instant.parse("2026-11-27T00:00:00Z"), null, "quick", RunStatus.COMPLETE, host, jdk,
                new Suite("0.1.0", commit, false), new FixtureInfo(fixture, null, null), List.of());
    }
}
