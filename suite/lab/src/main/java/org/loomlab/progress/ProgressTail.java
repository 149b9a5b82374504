package org.loomlab.progress;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Reads the events a runner appends to its {@link ProgressLog} while it runs, from where the file ended when watching
 * began: a resumed run's earlier events are not news. Only whole lines are taken; a line being written is read on the
 * next poll.
 */
public final class ProgressTail {

    private final Path file;
    private long offset;

    private ProgressTail(Path file, long offset) {
        this.file = file;
        this.offset = offset;
    }

    /** Watches {@code file} from its current end (from its start when it does not exist yet). */
    public static ProgressTail from(Path file) {
        try {
            return new ProgressTail(file, Files.isRegularFile(file) ? Files.size(file) : 0);
        } catch (IOException e) {
            return new ProgressTail(file, 0);
        }
    }

    /** The events appended since the last poll, in order; none when the file is missing or unreadable now. */
    public List<ProgressEvent> poll() {
        if (!Files.isRegularFile(file)) {
            return List.of();
        }
        byte[] fresh;
        try (FileChannel in = FileChannel.open(file, StandardOpenOption.READ)) {
            long size = in.size();
            if (size < offset) {
                offset = 0; // replaced by a new file: read it whole
            }
            ByteBuffer buffer = ByteBuffer.allocate((int) Math.min(Integer.MAX_VALUE - 8, size - offset));
            int read = 0;
            while (buffer.hasRemaining() && read >= 0) {
                read = in.read(buffer, offset + buffer.position());
            }
            fresh = Arrays.copyOf(buffer.array(), buffer.position());
        } catch (IOException e) {
            return List.of();
        }
        int end = lastLineEnd(fresh);
        if (end < 0) {
            return List.of();
        }
        offset += end + 1;
        List<ProgressEvent> out = new ArrayList<>();
        for (String line : new String(fresh, 0, end, StandardCharsets.UTF_8).split("\n")) {
            if (!line.isBlank()) {
                try {
                    out.add(ProgressEvent.of(line));
                } catch (IllegalArgumentException unreadable) {
                    // a line some other writer left: not an event, nothing to report
                }
            }
        }
        return out;
    }

    private static int lastLineEnd(byte[] bytes) {
        for (int i = bytes.length - 1; i >= 0; i--) {
            if (bytes[i] == '\n') {
                return i;
            }
        }
        return -1;
    }
}
