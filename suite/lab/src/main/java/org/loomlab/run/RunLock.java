package org.loomlab.run;

import org.loomlab.record.RecordJson;
import org.loomlab.record.RunRecord;
import org.loomlab.record.RunStatus;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.stream.Stream;

/**
 * Who writes a run directory. The process running a record holds an OS lock on {@code run.lock} beside it for as
 * long as it runs, and the OS drops the lock when the process dies however it dies (kill -9 included). So a record
 * that says {@code running} while anyone can take its lock was abandoned, and {@code run --resume} finishes it.
 */
public final class RunLock implements AutoCloseable {

    public static final String FILE = "run.lock";

    private final FileChannel channel;
    private final FileLock lock;
    private final Path file;

    private RunLock(FileChannel channel, FileLock lock, Path file) {
        this.channel = channel;
        this.lock = lock;
        this.file = file;
    }

    /** Takes the lock of {@code dir}, or says in one line that another process is writing it. */
    public static RunLock take(Path dir) throws IOException {
        Files.createDirectories(dir);
        Path file = dir.resolve(FILE);
        FileChannel channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
        FileLock lock;
        try {
            lock = channel.tryLock();
        } catch (OverlappingFileLockException ownedHere) {
            lock = null;
        }
        if (lock == null) {
            channel.close();
            throw busy(dir);
        }
        return new RunLock(channel, lock, file);
    }

    /** A one-line error unless no live process writes {@code dir} (a resume must not race the run it finishes). */
    public static void requireFree(Path dir) {
        if (held(dir)) {
            throw busy(dir);
        }
    }

    private static IllegalArgumentException busy(Path dir) {
        return new IllegalArgumentException("run directory " + dir + " is being written by another loom-lab process;"
                + " wait for it to end or stop it first");
    }

    /** Whether a live process holds the lock of {@code dir}. */
    public static boolean held(Path dir) {
        Path file = dir.resolve(FILE);
        if (!Files.isRegularFile(file)) {
            return false;
        }
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.WRITE)) {
            FileLock probe = channel.tryLock();
            if (probe == null) {
                return true;
            }
            probe.release();
            return false;
        } catch (OverlappingFileLockException ownedHere) {
            return true;
        } catch (IOException unreadable) {
            return false; // a directory we may not write (a committed result set) has no live writer of ours
        }
    }

    /** Whether {@code record}, read from {@code dir}, says it is running while no process writes it. */
    public static boolean abandoned(Path dir, RunRecord record) {
        return record.status() == RunStatus.RUNNING && !held(dir);
    }

    /** How to finish an abandoned run: one line for {@code check}, {@code report} and the next {@code run}. */
    public static String abandonedNote(Path dir) {
        return "abandoned: " + dir + " says running but no process writes it (killed?); finish it with"
                + " loom-lab run --resume --run-id " + dir.getFileName();
    }

    /**
     * The abandoned runs among the run directories under {@code jdkDir} (results/HOST/JDK), one note each, so the
     * next run there says what an earlier one left unfinished.
     */
    public static List<String> abandonedSiblings(Path jdkDir) {
        if (!Files.isDirectory(jdkDir)) {
            return List.of();
        }
        try (Stream<Path> dirs = Files.list(jdkDir)) {
            return dirs.filter(d -> saysRunning(d.resolve("run.json")) && !held(d)).sorted()
                    .map(RunLock::abandonedNote).toList();
        } catch (IOException e) {
            return List.of();
        }
    }

    /** Whether a record's top-level status is running, read without parsing its cells. */
    private static boolean saysRunning(Path runJson) {
        if (!Files.isRegularFile(runJson)) {
            return false;
        }
        try (JsonParser p = RecordJson.mapper().createParser(runJson.toFile())) {
            if (p.nextToken() != JsonToken.START_OBJECT) {
                return false;
            }
            while (p.nextToken() == JsonToken.PROPERTY_NAME) {
                String field = p.currentName();
                p.nextToken();
                if (field.equals("status")) {
                    return RunStatus.RUNNING.label().equals(p.getValueAsString());
                }
                p.skipChildren();
            }
            return false;
        } catch (JacksonException unreadable) { // not JSON, or gone since: Jackson 3 wraps I/O errors too
            return false; // check says what is wrong with it
        }
    }

    @Override
    public void close() throws IOException {
        try {
            Files.deleteIfExists(file); // while still held, so no one can take the lock of a file about to vanish
        } finally {
            lock.release();
            channel.close();
        }
    }
}
