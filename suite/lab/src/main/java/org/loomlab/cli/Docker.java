package org.loomlab.cli;

import java.io.IOException;
import java.util.concurrent.TimeUnit;

/** The Docker engine the container commands need, with a one-line way out when it is not there. */
final class Docker {

    private Docker() {
    }

    static void requireEngine() throws InterruptedException {
        try {
            Process p = new ProcessBuilder("docker", "info").redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            if (p.waitFor(30, TimeUnit.SECONDS) && p.exitValue() == 0) {
                return;
            }
            p.destroyForcibly();
        } catch (IOException e) {
            throw new IllegalArgumentException("no docker client on PATH; install and start an engine with: bin/docker-engine");
        }
        throw new IllegalArgumentException("no Docker engine answers; start one with: bin/docker-engine (just docker)");
    }
}
