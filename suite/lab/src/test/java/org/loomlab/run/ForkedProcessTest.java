package org.loomlab.run;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

class ForkedProcessTest {

    @Test
    void reasonIsTheFirstThrowableLineInWhicheverFormTheJvmPrintedIt(@TempDir Path dir) throws Exception {
        Path log = dir.resolve("cell.log");
        Files.writeString(log, "# Warmup\nException in thread \"main\" java.net.ConnectException: Connection refused\n"
                + "\tat java.base/sun.nio.ch.Net.pollConnect(Native Method)\n\tat org.loomlab.X.main(X.java:5)\n");
        assertThat(ForkedProcess.lastLine(log)).isEqualTo("java.net.ConnectException: Connection refused");
        Files.writeString(log, "ERROR: org.openjdk.jmh.runner.RunnerException: ERROR: Another JMH instance\n\tat a.b(C.java:1)\n");
        assertThat(ForkedProcess.lastLine(log)).startsWith("org.openjdk.jmh.runner.RunnerException: ERROR: Another JMH");
        Files.writeString(log, "line one\nthe last words\n\n");
        assertThat(ForkedProcess.lastLine(log)).isEqualTo("the last words");
    }
}
