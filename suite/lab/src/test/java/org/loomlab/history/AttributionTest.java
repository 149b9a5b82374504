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

    @Test
    void aFlagAddedByJvmArgsExplainsThePointAndTheCommitItRanAtDoesNot() {
        List<String> smoke = List.of("-Xms1g", "-Xmx4g");
        List<String> c1 = List.of("-Xms1g", "-Xmx4g", "-XX:TieredStopAtLevel=1");
        List<RunFacts> before = List.of(facts(run("a1", smoke), "b0"), facts(run("a1", smoke), "b0"), facts(run("a1", smoke), "b0"));
        List<RunFacts> after = List.of(facts(run("a1", c1), "b0"), facts(run("a1", c1), "b0"), facts(run("a1", c1), "b0"));
        Attribution why = Attribution.ofRuns(before, after);
        assertThat(why.text()).isEqualTo("JVM flags -Xms1g -Xmx4g -> -Xms1g -Xmx4g -XX:TieredStopAtLevel=1");
    }

    @Test
    void aCollectorFlagIsTheGcTraitAloneNotAFlagChange() {
        List<RunFacts> before = List.of(RunFacts.of(run("a1", List.of("-Xmx4g"))), RunFacts.of(run("a2", List.of("-Xmx4g"))));
        List<RunFacts> after = List.of(RunFacts.of(run("a3", List.of("-Xmx4g", "-XX:+UseZGC"))),
                RunFacts.of(run("a4", List.of("-XX:+UseZGC", "-Xmx4g"))));
        Attribution why = Attribution.ofRuns(before, after);
        assertThat(why.causes()).containsExactly("GC default -> Z");
        assertThat(why.alsoChanged()).containsExactly("suite a2 -> a3");
    }

    @Test
    void anEditedBenchmarkUnderTheSameDirtyCommitIsNamedByItsJar() {
        List<RunFacts> before = List.of(facts(run("a1", List.of()), "1111111111110000"), facts(run("a1", List.of()), "1111111111110000"));
        List<RunFacts> after = List.of(facts(run("a1", List.of()), "2222222222220000"), facts(run("a1", List.of()), "2222222222220000"));
        assertThat(Attribution.ofRuns(before, after).causes()).containsExactly("benchmarks 111111111111 -> 222222222222");
    }

    @Test
    void containerLimitsAreATrait() {
        Host.Container two = new Host.Container(true, 2, 2.0, "0-1", 8L << 30);
        Host.Container one = new Host.Container(true, 2, 1.5, "0-1", 3L << 29);
        assertThat(Trait.LIMITS.of(run("a1", List.of()))).isEqualTo("none");
        assertThat(Trait.LIMITS.of(limited(two))).isEqualTo("cpus 2, cpuset 0-1, memory 8 GiB");
        assertThat(Trait.LIMITS.of(limited(one))).isEqualTo("cpus 1.50, cpuset 0-1, memory 1536 MiB");
        assertThat(Attribution.of(List.of(limited(two), limited(two)), List.of(limited(one), limited(one))).causes())
                .containsExactly("limits cpus 2, cpuset 0-1, memory 8 GiB -> cpus 1.50, cpuset 0-1, memory 1536 MiB");
    }

    @Test
    void aRunWithoutAPlanHasNoKnownBenchmarksJar() {
        assertThat(Trait.BENCHMARKS.of(run("a1", List.of()))).isEqualTo("unknown");
        assertThat(Trait.FLAGS.of(run("a1", List.of()))).isEqualTo("none");
        assertThat(Trait.GC.of(run("a1", List.of("-XX:+UseSerialGC")))).isEqualTo("Serial");
    }

    private static RunFacts facts(RunRecord r, String benchmarks) {
        return new RunFacts(r, benchmarks);
    }

    private static RunRecord limited(Host.Container c) {
        RunRecord r = run("a1", List.of());
        Host h = r.host();
        return new RunRecord(r.schema(), r.runId(), r.started(), r.finished(), r.profile(), r.status(),
                new Host(h.name(), h.arch(), h.cpuModel(), h.cpus(), h.memoryBytes(), h.kernel(), h.os(), c, null, null),
                r.jdk(), r.suite(), r.fixture(), r.results());
    }

    private static RunRecord run(String commit, List<String> jvmArgs) {
        return run(commit, "v669", "local-jvm", jvmArgs);
    }

    private static RunRecord run(String commit, String kernel, String fixture) {
        return run(commit, kernel, fixture, List.of());
    }

    private static RunRecord run(String commit, String kernel, String fixture, List<String> jvmArgs) {
        Host host = new Host("vm", "amd64", "AMD EPYC", 2, 1L << 34, kernel, "Debian", null, null, null);
        Jdk jdk = new Jdk("temurin-25", "Eclipse Adoptium", 25, "25.0.3+9-LTS", "OpenJDK 64-Bit Server VM", "25.0.3+9-LTS",
                jvmArgs, "/jdk", 2, 2, 1L << 32, null, null);
        return new RunRecord(1, commit, Instant.parse("2026-11-27T00:00:00Z"), null, "quick", RunStatus.COMPLETE, host, jdk,
                new Suite("0.1.0", commit, false), new FixtureInfo(fixture, null, null), List.of());
    }
}
