package org.loomlab.fingerprint;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.loomlab.record.Host;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

class HostFingerprintTest {

    @TempDir
    Path root;

    private void put(String path, String content) throws IOException {
        Path file = root.resolve(path);
        Files.createDirectories(file.getParent());
        Files.writeString(file, content);
    }

    @Test
    void readsCgroupV1QuotaCpusetAndMemoryLimit() throws IOException {
        put(".dockerenv", "");
        put("sys/fs/cgroup/cpu/cpu.cfs_quota_us", "150000\n");
        put("sys/fs/cgroup/cpu/cpu.cfs_period_us", "100000\n");
        put("sys/fs/cgroup/cpuset/cpuset.cpus", "0-1\n");
        put("sys/fs/cgroup/memory/memory.limit_in_bytes", "2147483648\n");
        Host.Container c = new HostFingerprint(root).container();
        assertThat(c).isEqualTo(new Host.Container(true, 1, 1.5, "0-1", 2147483648L));
    }

    @Test
    void readsCgroupV2AndTreatsMaxAsUnlimited() throws IOException {
        put("sys/fs/cgroup/cgroup.controllers", "cpuset cpu memory\n");
        put("sys/fs/cgroup/cpu.max", "max 100000\n");
        put("sys/fs/cgroup/cpuset.cpus.effective", "0\n");
        put("sys/fs/cgroup/memory.max", "max\n");
        Host.Container c = new HostFingerprint(root).container();
        assertThat(c).isEqualTo(new Host.Container(false, 2, null, "0", null));
        put("sys/fs/cgroup/cpu.max", "50000 100000\n");
        assertThat(new HostFingerprint(root).container().cpuQuota()).isEqualTo(0.5);
    }

    @Test
    void v1UnlimitedMemoryIsNull() throws IOException {
        put("sys/fs/cgroup/memory/memory.limit_in_bytes", "9223372036854771712\n");
        assertThat(new HostFingerprint(root).container().memoryLimitBytes()).isNull();
    }

    @Test
    void readsCpuMemoryOsAndTurbo() throws IOException {
        put("proc/cpuinfo", "processor\t: 0\nmodel name\t: Test CPU @ 2.0GHz\n\nprocessor\t: 1\nmodel name\t: Test CPU @ 2.0GHz\n");
        put("proc/meminfo", "MemTotal:       24000000 kB\nMemFree: 1 kB\n");
        put("proc/sys/kernel/hostname", "lab-7\n");
        put("etc/os-release", "NAME=x\nPRETTY_NAME=\"Debian GNU/Linux 13 (trixie)\"\n");
        put("sys/devices/system/cpu/intel_pstate/no_turbo", "1\n");
        put("sys/devices/system/cpu/cpu0/cpufreq/scaling_governor", "performance\n");
        Host h = new HostFingerprint(root).read();
        assertThat(h.name()).isEqualTo("lab-7");
        assertThat(h.cpus()).isEqualTo(2);
        assertThat(h.cpuModel()).isEqualTo("Test CPU @ 2.0GHz");
        assertThat(h.memoryBytes()).isEqualTo(24000000L * 1024);
        assertThat(h.os()).isEqualTo("Debian GNU/Linux 13 (trixie)");
        assertThat(h.turbo()).isFalse();
        assertThat(h.cpuGovernor()).isEqualTo("performance");
    }

    @Test
    void namesHostJdksLikeTheDescriptors() {
        assertThat(JdkFingerprint.defaultId("Eclipse Adoptium", 25)).isEqualTo("temurin-25");
        assertThat(JdkFingerprint.defaultId("Debian", 21)).isEqualTo("openjdk-21");
        assertThat(JdkFingerprint.defaultId("BellSoft", 24)).isEqualTo("liberica-24");
    }
}
