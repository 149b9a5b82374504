package org.loomlab.philosophers;

import org.loomlab.axis.Axis;
import org.loomlab.axis.Microseconds;

import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import com.sun.nio.file.ExtendedOpenOption;
import java.time.Duration;
import java.util.function.LongConsumer;

/**
 * What a philosopher does while holding both chopsticks: the eating workload. Sizes follow the
 * talk (seed 001): 16 us of work, or a 16 KB blocking read. The timed workloads (active-wait, sleep, consume-cpu)
 * take the kitchen's meal time, the axis {@code mealtime}; the others (noop, file-read, http-*) ignore it.
 */
public enum Workload implements Axis {
    /** Nothing: measures the locks and thread switches alone. */
    NOOP("noop") {
        @Override
        public Meal prepare(Kitchen kitchen) {
            return () -> { };
        }
    },
    /** Busy-spins for the meal time: holds the CPU, which a virtual thread never yields by itself. */
    ACTIVE_WAIT("active-wait") {
        @Override
        public Meal prepare(Kitchen kitchen) {
            long nanos = kitchen.mealTime().toNanos();
            return new Meal() {
                @Override
                public void eat() {
                    long end = System.nanoTime() + nanos;
                    while (System.nanoTime() < end) {
                        Thread.onSpinWait();
                    }
                }

                /** The talk's spin: no spin-wait hint between clock reads, and the last read goes to the sink. */
                @Override
                public void eat(int index, LongConsumer sink) {
                    long end = System.nanoTime() + nanos;
                    long now;
                    do {
                        now = System.nanoTime();
                    } while (now < end);
                    sink.accept(now);
                    sink.accept(index);
                }
            };
        }
    },
    /** Sleeps for the meal time: a virtual thread unmounts, a platform thread parks in the kernel. */
    SLEEP("sleep") {
        @Override
        public Meal prepare(Kitchen kitchen) {
            Duration time = kitchen.mealTime();
            return () -> Thread.sleep(time);
        }
    },
    /**
     * Reads a 16 KB file with a blocking {@link FileInputStream}: file I/O blocks the carrier of a
     * virtual thread (JDK 21/22 compensate with an extra carrier, JDK 23+ do not for regular files).
     */
    FILE_READ("file-read") {
        @Override
        public Meal prepare(Kitchen kitchen) {
            return new FileMeal(kitchen.scratchFile(MEAL_BYTES)) {
                @Override
                public void eat() throws IOException {
                    try (InputStream in = new FileInputStream(file.toString())) {
                        if (in.readAllBytes().length != MEAL_BYTES) {
                            throw new IOException("short read of " + file);
                        }
                    }
                }
            };
        }
    },
    /**
     * The same 16 KB read past the page cache ({@code O_DIRECT}, through {@link ExtendedOpenOption#DIRECT}), so each
     * meal reaches the device: the talk asked whether its file-read measured the disk or the cache. Opt-in. A
     * filesystem that refuses {@code O_DIRECT} (tmpfs, some overlays) fails the table with one line saying so.
     */
    FILE_READ_DIRECT("file-read-direct") {
        @Override
        public boolean optIn() {
            return true;
        }

        @Override
        public Meal prepare(Kitchen kitchen) {
            Path file = kitchen.scratchFile(MEAL_BYTES);
            int block;
            try (FileChannel probe = FileChannel.open(file, StandardOpenOption.READ, ExtendedOpenOption.DIRECT)) {
                block = Math.toIntExact(Files.getFileStore(file).getBlockSize());
            } catch (IOException | UnsupportedOperationException e) {
                FileMeal.remove(file);
                throw new IllegalStateException("file-read-direct: the filesystem of " + file.getParent()
                        + " refuses O_DIRECT (" + e.getMessage() + "); give the scratch directory a disk filesystem", e);
            }
            // O_DIRECT reads into memory aligned to the device's block size, in whole blocks.
            int size = Math.ceilDiv(MEAL_BYTES, block) * block;
            return new FileMeal(file) {
                @Override
                public void eat() throws IOException {
                    ByteBuffer buffer = ByteBuffer.allocateDirect(size + block).alignedSlice(block).limit(size);
                    try (FileChannel in = FileChannel.open(file, StandardOpenOption.READ, ExtendedOpenOption.DIRECT)) {
                        int read = 0;
                        for (int n; (n = in.read(buffer)) > 0; ) {
                            read += n;
                        }
                        if (read != MEAL_BYTES) {
                            throw new IOException("short read of " + file + ": " + read + " bytes");
                        }
                    }
                }
            };
        }
    },
    /** A blocking 16 KB read from the fixture with {@code URL.openStream()}, as in the talk. */
    HTTP_JDK("http-jdk") {
        @Override
        public boolean needsFixture() {
            return true;
        }

        @Override
        public Meal prepare(Kitchen kitchen) {
            return HttpMeal.urlConnection(kitchen);
        }
    },
    /** The same read with {@code java.net.http.HttpClient}, beyond the talk. */
    HTTP_CLIENT("http-client") {
        @Override
        public boolean needsFixture() {
            return true;
        }

        @Override
        public Meal prepare(Kitchen kitchen) {
            return HttpMeal.httpClient(kitchen);
        }
    },
    /** The same read with OkHttp 5, whose pool needed 500+ connections in the talk before it stopped failing. */
    HTTP_OKHTTP("http-okhttp") {
        @Override
        public boolean needsFixture() {
            return true;
        }

        @Override
        public Meal prepare(Kitchen kitchen) {
            return HttpMeal.okHttp(kitchen);
        }
    },
    /**
     * Burns the meal time with JMH's {@code Blackhole.consumeCPU(tokens)}, the talk's open question (seed 001, Q&amp;A:
     * why not consumeCPU, are you not afraid of nanoTime's effects?). The tokens that take the meal time are calibrated
     * once per table on this host and JVM ({@link CpuCalibration}), and the cell records them. Unlike active-wait's
     * deadline, a meal is an amount of work: a philosopher preempted mid-meal eats for longer. The burner comes from
     * the kitchen (the JMH benchmarks give theirs; the experiments do not depend on JMH). Opt-in.
     */
    CONSUME_CPU("consume-cpu") {
        @Override
        public boolean optIn() {
            return true;
        }

        @Override
        public Meal prepare(Kitchen kitchen) {
            LongConsumer burner = kitchen.cpu();
            if (burner == null) {
                throw new IllegalStateException("consume-cpu burns JMH's Blackhole.consumeCPU tokens, which only the"
                        + " JMH benchmarks give their kitchen; run it through a philosophers benchmark");
            }
            long tokens = CpuCalibration.tokensFor(kitchen.mealTime(), burner);
            return new Meal() {
                @Override
                public void eat() {
                    burner.accept(tokens);
                }

                @Override
                public long cpuTokens() {
                    return tokens;
                }
            };
        }
    };

    /** A meal that reads a scratch file of its own and removes it when the table is done. */
    private abstract static class FileMeal implements Meal {
        final Path file;

        FileMeal(Path file) {
            this.file = file;
        }

        @Override
        public void close() {
            remove(file);
        }

        static void remove(Path file) {
            try {
                Files.deleteIfExists(file);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    /** How long the timed workloads take per meal unless the axis {@code mealtime} says otherwise: the talk's 16 us. */
    public static final Duration MEAL_TIME = Duration.ofNanos(16_000);
    /** How many bytes the reading workloads read per meal. */
    public static final int MEAL_BYTES = 16 * 1024;

    private final String label;

    Workload(String label) {
        this.label = label;
    }

    @Override
    public String label() {
        return label;
    }

    /** Makes the meal once per table, outside the measured dinner (files, clients, connection pools). */
    public abstract Meal prepare(Kitchen kitchen);

    public static Workload of(String label) {
        return Axis.parse(Workload.class, "workload", label);
    }

    /**
     * A value of the axis {@code mealtime}: microseconds, decimals allowed ({@code 16}, {@code 16.8}), to the
     * nanosecond; a one-line error unless it is a number above 0.
     */
    public static Duration mealTime(String micros) {
        return Microseconds.parse("mealtime", micros);
    }
}
