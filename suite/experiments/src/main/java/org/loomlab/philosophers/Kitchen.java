package org.loomlab.philosophers;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.function.LongConsumer;

/**
 * What workloads need from outside the table: a place for scratch files, for the network workloads
 * the fixture to call, for the timed ones how long a meal takes, and for consume-cpu what burns its tokens.
 *
 * @param scratch     directory for scratch files
 * @param fixtureUrl  base URL of the HTTP fixture, or null when no network cell runs
 * @param connections size of the HTTP connection pool
 * @param mealTime    how long a timed meal (active-wait, sleep, consume-cpu) takes; the axis {@code mealtime}
 * @param cpu         burns a number of CPU tokens (JMH's {@code Blackhole.consumeCPU} in the benchmarks, which the
 *                    experiments do not depend on); null when none is given
 */
public record Kitchen(Path scratch, String fixtureUrl, int connections, Duration mealTime, LongConsumer cpu) {

    public Kitchen {
        if (mealTime.isNegative() || mealTime.isZero()) {
            throw new IllegalArgumentException("a meal must take some time, got " + mealTime);
        }
    }

    /** A kitchen with nothing to burn CPU tokens with. */
    public Kitchen(Path scratch, String fixtureUrl, int connections, Duration mealTime) {
        this(scratch, fixtureUrl, connections, mealTime, null);
    }

    /** The temporary directory, no fixture, and the talk's meal time. */
    public static Kitchen local() {
        return new Kitchen(Path.of(System.getProperty("java.io.tmpdir")), null, 0, Workload.MEAL_TIME);
    }

    /** The same kitchen whose timed meals take {@code time}. */
    public Kitchen withMealTime(Duration time) {
        return new Kitchen(scratch, fixtureUrl, connections, time, cpu);
    }

    /** The same kitchen whose consume-cpu meals burn their tokens with {@code burner}. */
    public Kitchen withCpu(LongConsumer burner) {
        return new Kitchen(scratch, fixtureUrl, connections, mealTime, burner);
    }

    /** A fresh file of {@code bytes} deterministic bytes in the scratch directory. */
    Path scratchFile(int bytes) {
        try {
            Path file = Files.createTempFile(scratch, "meal-", ".bin");
            byte[] content = new byte[bytes];
            for (int i = 0; i < bytes; i++) {
                content[i] = (byte) i;
            }
            return Files.write(file, content);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create a scratch file in " + scratch, e);
        }
    }
}
