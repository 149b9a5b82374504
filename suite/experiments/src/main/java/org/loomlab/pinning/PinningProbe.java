package org.loomlab.pinning;

import jdk.jfr.Recording;
import org.loomlab.catalogue.AxisSpec;
import org.loomlab.catalogue.ExperimentSpec;
import org.loomlab.catalogue.Rule;
import org.loomlab.philosophers.LockKind;
import org.loomlab.record.Cell;
import org.loomlab.record.Pinning;
import org.loomlab.record.Summary;
import org.loomlab.scenario.CellParams;
import org.loomlab.scenario.Scenario;
import org.loomlab.scenario.Settings;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;

/**
 * Does blocking inside a critical section pin the carrier of a virtual thread on this JDK? Four
 * times more virtual threads than carriers each block {@link Blocking#BLOCK} inside a lock of their
 * own, in a loop, and the same is done without the lock. Two independent pieces of evidence decide:
 * JFR {@code jdk.VirtualThreadPinned} events (threshold 0, recorded in-process), and carrier
 * starvation, the locked throughput falling below half of what the threads would do if no carrier were held.
 *
 * <p>Pitfalls it guards against: a shared lock would make contention look like pinning, so every
 * thread has its own; a class initializer runs once per class, so class-init defines a fresh hidden
 * class for every operation; the first phase pays for class loading and JIT, so a warm-up runs first.
 */
public final class PinningProbe implements Scenario {

    /** Locked throughput below this share of the unlocked one counts as carrier starvation. */
    static final double STARVED_BELOW = 0.5;

    /** Which blocking operations inside a critical section pin a virtual thread's carrier on this JDK. */
    public static final ExperimentSpec EXPERIMENT = ExperimentSpec.scenario("pinning-probe", "throughput", "ops/s",
            AxisSpec.choice("lock", LockKind.class),
            AxisSpec.choice("blocking", Blocking.class))
            // every probe blocks on virtual threads; the lock and the blocking call are the axes
            .with(Rule.always().runningVirtualThreads());

    @Override
    public ExperimentSpec experiment() {
        return EXPERIMENT;
    }

    @Override
    public List<Cell> run(CellParams axes, Settings settings) throws Exception {
        LockKind lock = axes.choice("lock", LockKind.class);
        Blocking blocking = axes.choice("blocking", Blocking.class);
        int carriers = Integer.getInteger("jdk.virtualThreadScheduler.parallelism",
                Runtime.getRuntime().availableProcessors());
        int threads = 4 * carriers;
        Duration phase = settings.duration().dividedBy(2);
        Path scratch = Files.createTempFile("pinning-probe-", ".bin");
        Files.write(scratch, new byte[16 * 1024]);
        try (EchoServer echo = new EchoServer()) {
            Stage stage = new Stage(echo.address(), scratch, slowInitializerBytes());
            Supplier<Guard> locked = () -> Guard.of(lock);
            new Phase(blocking, locked, threads, phase.dividedBy(4), stage).run(null);
            new Phase(blocking, Guard::unlocked, threads, phase.dividedBy(4), stage).run(null);
            List<Double> lockedRates = new ArrayList<>();
            List<Double> unlockedRates = new ArrayList<>();
            List<Path> lockedJfr = new ArrayList<>();
            List<Path> unlockedJfr = new ArrayList<>();
            for (int i = 0; i < settings.samples(); i++) {
                lockedRates.add(new Phase(blocking, locked, threads, phase, stage).run(jfrFile(lockedJfr)));
                unlockedRates.add(new Phase(blocking, Guard::unlocked, threads, phase, stage).run(jfrFile(unlockedJfr)));
            }
            String unseen = lock.monitor() ? blocking.unseenUnderMonitor(Runtime.version().feature()) : null;
            Pinning lockedPins = readAndDelete(lockedJfr).unseenBecause(unseen);
            Pinning unlockedPins = readAndDelete(unlockedJfr);
            double ideal = threads * 1000.0 / BLOCK_MS;
            String setup = threads + " virtual threads on " + carriers + " carriers"
                    + (blocking == Blocking.FILE_READ ? ", 16 KB reads" : ", " + BLOCK_MS + " ms blocks");
            String verdict = "pinned=" + (lockedPins.events() > 0 ? "yes" : unseen != null ? "unseen" : "no") + " starved="
                    + starved(blocking, mean(lockedRates), ideal)
                    + String.format(" (JFR: %d pinned events%s; %.0f ops/s locked, %.0f unlocked%s; %s)",
                    lockedPins.events(), because(lockedPins), mean(lockedRates), mean(unlockedRates),
                    blocking == Blocking.FILE_READ ? "" : String.format(", %.0f if no carrier were held", ideal), setup)
                    + (unseen == null ? "" : "; " + unseen);
            String baseline = "the same " + blocking.label() + " without a lock: pinned="
                    + (unlockedPins.events() > 0 ? "yes" : "no")
                    + String.format(" (JFR: %d pinned events%s; %s)", unlockedPins.events(), because(unlockedPins), setup);
            return List.of(
                    Summary.cell(name(), axes.values(), "throughput", "ops/s", lockedRates, null, null, verdict, 0, null)
                            .withPinning(lockedPins),
                    Summary.cell(name(), axes.values(), "unlocked-throughput", "ops/s", unlockedRates, null, null, baseline,
                            0, null).withPinning(unlockedPins));
        } finally {
            Files.deleteIfExists(scratch);
        }
    }

    private static final long BLOCK_MS = Blocking.BLOCK.toMillis();

    /**
     * Whether carriers were starved: the locked throughput below half the ideal (every thread blocked
     * only by its own block time). Not below half the unlocked one: a class initializer pins without a
     * lock too, and a loaded machine slows both alike. A file read has no block time of its own
     * (microseconds from the page cache), so there is nothing to starve and the answer is {@code n/a}.
     */
    static String starved(Blocking blocking, double locked, double ideal) {
        if (blocking == Blocking.FILE_READ) {
            return "n/a";
        }
        return locked < STARVED_BELOW * ideal ? "yes" : "no";
    }

    private static String because(Pinning p) {
        String reason = p.topReason();
        String frame = p.topFrame();
        return (reason != null ? ", most often '" + reason + "'" : "") + (frame != null ? " at " + frame : "");
    }

    private static Path jfrFile(List<Path> files) throws IOException {
        Path f = Files.createTempFile("pinning-probe-", ".jfr");
        files.add(f);
        return f;
    }

    private static Pinning readAndDelete(List<Path> files) throws IOException {
        try {
            return Pinning.read(files);
        } finally {
            for (Path f : files) {
                Files.deleteIfExists(f);
            }
        }
    }

    private static double mean(List<Double> values) {
        return values.stream().mapToDouble(Double::doubleValue).average().orElse(Double.NaN);
    }

    private static byte[] slowInitializerBytes() throws IOException {
        try (InputStream in = PinningProbe.class.getResourceAsStream("SlowInitializer.class")) {
            if (in == null) {
                throw new IOException("SlowInitializer.class is missing from the classpath");
            }
            return in.readAllBytes();
        }
    }

    /** One timed phase: {@code threads} virtual threads, each with its own guard, blocking in a loop. */
    private record Phase(Blocking blocking, Supplier<Guard> guards, int threads, Duration time, Stage stage) {

        /** Operations per second; records pinned events into {@code jfr} when it is not null. */
        double run(Path jfr) throws Exception {
            try (Recording recording = new Recording()) {
                recording.enable(Pinning.EVENT).withThreshold(Duration.ZERO).withStackTrace();
                if (jfr != null) {
                    recording.start();
                }
                AtomicLong ops = new AtomicLong();
                AtomicReference<Throwable> failure = new AtomicReference<>();
                long start = System.nanoTime();
                long deadline = start + time.toNanos();
                List<Thread> running = new ArrayList<>();
                for (int i = 0; i < threads; i++) {
                    running.add(Thread.ofVirtual().name("probe-" + i).start(() -> {
                        Guard guard = guards.get();
                        try (Blocking.Operation op = blocking.open(stage)) {
                            while (System.nanoTime() < deadline) {
                                guard.hold(op::perform);
                                ops.incrementAndGet();
                            }
                        } catch (Throwable t) {
                            failure.compareAndSet(null, t);
                        }
                    }));
                }
                for (Thread t : running) {
                    t.join();
                }
                double seconds = (System.nanoTime() - start) / 1e9;
                if (jfr != null) {
                    recording.stop();
                    recording.dump(jfr);
                }
                if (failure.get() != null) {
                    throw new IllegalStateException(blocking.label() + " failed in a probing thread", failure.get());
                }
                return ops.get() / seconds;
            }
        }
    }
}
