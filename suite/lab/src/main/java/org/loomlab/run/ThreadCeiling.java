package org.loomlab.run;

import org.loomlab.plan.CellPlan;
import org.loomlab.plan.Experiment;
import org.loomlab.record.Cell;
import org.loomlab.record.CellStatus;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.stream.Stream;

/**
 * How many more platform threads this host lets a JVM start, and the cells that would need more.
 * Every platform thread is a kernel task, bounded by {@code kernel.threads-max}, {@code kernel.pid_max}
 * (which counts every task on the host), the user's process limit ({@code ulimit -u}) and a cgroup's
 * {@code pids.max}. A 100K-philosopher table on platform threads hits them and the JVM dies with
 * "unable to create native thread", or worse, the host's other processes cannot fork.
 *
 * <p>Pitfall it guards against: starting such a cell to find out. It is recorded {@code skipped},
 * with the limit that forbids it, and the run goes on.
 *
 * @param threads how many more tasks may start now (the smallest limit minus the tasks already running)
 * @param why     the limits read, for the skipped cell's message
 */
public record ThreadCeiling(long threads, String why) {

    /** Tasks kept free for the JVM's own threads and the rest of the host. */
    static final long MARGIN = 1_000;

    /** The ceiling of the host this runs on, read from /proc and the cgroup filesystem. */
    public static ThreadCeiling ofThisHost() {
        List<String> read = new ArrayList<>();
        long min = Long.MAX_VALUE;
        for (Map.Entry<String, Optional<Long>> limit : List.of(
                Map.entry("kernel.threads-max", number(Path.of("/proc/sys/kernel/threads-max"))),
                Map.entry("kernel.pid_max", number(Path.of("/proc/sys/kernel/pid_max"))),
                Map.entry("ulimit -u", processLimit()),
                Map.entry("cgroup pids.max", number(Path.of("/sys/fs/cgroup/pids/pids.max"))
                        .or(() -> number(Path.of("/sys/fs/cgroup/pids.max")))))) {
            if (limit.getValue().isPresent()) {
                read.add(limit.getKey() + "=" + limit.getValue().get());
                min = Math.min(min, limit.getValue().get());
            }
        }
        long inUse = tasksRunning();
        read.add("tasks running=" + inUse);
        return new ThreadCeiling(Math.max(0, min == Long.MAX_VALUE ? Long.MAX_VALUE : min - inUse - MARGIN),
                String.join(", ", read));
    }

    /** Why {@code plan} cannot run here, or empty when it can. */
    public Optional<String> refusal(CellPlan plan) {
        OptionalLong wanted = plan.experiment().platformThreads(plan.params());
        return wanted.isEmpty() || wanted.getAsLong() <= threads ? Optional.empty() : Optional.of("philosophers="
                + wanted.getAsLong() + " need as many platform threads; this host allows about " + threads + " more ("
                + why + ")");
    }

    /** {@code runner}, except that cells this host cannot start are recorded skipped without starting a JVM. */
    public CellRunner guarding(CellRunner runner) {
        return CellRunner.skipping(this::refusal, runner);
    }

    private static Optional<Long> number(Path file) {
        try {
            // Not Files.readString: on procfs (size 0) JDK 25 returned only the first byte of "32768".
            String text = String.join("", Files.readAllLines(file)).strip();
            return text.matches("\\d+") ? Optional.of(Long.parseLong(text)) : Optional.empty();
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    /** The soft "Max processes" limit of this process, as {@code ulimit -u} shows it. */
    private static Optional<Long> processLimit() {
        try (Stream<String> lines = Files.lines(Path.of("/proc/self/limits"))) {
            return lines.filter(l -> l.startsWith("Max processes"))
                    .map(l -> l.substring("Max processes".length()).trim().split("\\s+")[0])
                    .filter(v -> v.matches("\\d+")).map(Long::parseLong).findFirst();
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    /** Every task (thread) on the host now: the sum of the Threads lines of /proc/PID/status. */
    private static long tasksRunning() {
        try (Stream<Path> procs = Files.list(Path.of("/proc"))) {
            return procs.filter(p -> p.getFileName().toString().matches("\\d+"))
                    .mapToLong(ThreadCeiling::threadsOf).sum();
        } catch (IOException | RuntimeException e) {
            return 0;
        }
    }

    private static long threadsOf(Path proc) {
        try (Stream<String> lines = Files.lines(proc.resolve("status"))) {
            return lines.filter(l -> l.startsWith("Threads:")).mapToLong(l -> Long.parseLong(l.substring(8).trim()))
                    .findFirst().orElse(0);
        } catch (IOException | RuntimeException gone) {
            return 0;
        }
    }
}
