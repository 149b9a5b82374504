package org.loomlab.record;

import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordedStackTrace;
import jdk.jfr.consumer.RecordingFile;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Why and where virtual threads were pinned in a cell: the JFR {@code jdk.VirtualThreadPinned}
 * events of its recordings, counted by reason, blocking operation and top frame.
 *
 * <p>Pitfall: the reason fields exist only from JDK 24 on; on JDK 21 the maps stay empty
 * (never guessed) and only the count and frames speak. The top frame skips the JDK's own frames
 * (parking, sockets), which are on every stack and say nothing about who pinned.
 *
 * @param events              every pinned event, whatever its duration (the recordings use threshold 0)
 * @param reasons             {@code pinnedReason} -> events, most frequent first (JDK 24+)
 * @param blockingOperations  {@code blockingOperation} -> events, most frequent first (JDK 24+)
 * @param topFrames           first frame outside the JDK's own code -> events, the {@value #KEEP} most frequent
 * @param unseen              why this JDK emits no event for the pinning the cell may have done (so zero events
 *                            prove nothing); null when it would emit one
 */
public record Pinning(long events, Map<String, Long> reasons, Map<String, Long> blockingOperations,
                      Map<String, Long> topFrames, String unseen) {

    /** The event type every virtual-thread cell records. */
    public static final String EVENT = "jdk.VirtualThreadPinned";
    /** How many distinct values of each kind are kept. */
    public static final int KEEP = 5;

    private static final Pattern HIDDEN_CLASS_ADDRESS = Pattern.compile("[/.]0x[0-9a-fA-F]+");

    /** The JDK's own code: parking, sockets, class loading; the frame that explains a pin is below it. */
    private static final List<String> JDK_CODE = List.of("java.", "javax.", "jdk.", "sun.");

    public Pinning {
        reasons = ordered(reasons);
        blockingOperations = ordered(blockingOperations);
        topFrames = ordered(topFrames);
    }

    public Pinning(long events, Map<String, Long> reasons, Map<String, Long> blockingOperations,
                   Map<String, Long> topFrames) {
        this(events, reasons, blockingOperations, topFrames, null);
    }

    /** The same events, with the reason this JDK could not have emitted one for what the cell did. */
    public Pinning unseenBecause(String why) {
        return new Pinning(events, reasons, blockingOperations, topFrames, why);
    }

    /**
     * Both cells' events together, as one cell measured in several forks: counts add up, and each kind keeps its
     * {@value #KEEP} most frequent values (a value cut from one side's list is not counted, so a kept count can be low).
     */
    public Pinning plus(Pinning other) {
        if (other == null) {
            return this;
        }
        return new Pinning(events + other.events, Tally.mostFrequent(sum(reasons, other.reasons)),
                Tally.mostFrequent(sum(blockingOperations, other.blockingOperations)),
                Tally.mostFrequent(sum(topFrames, other.topFrames)), unseen != null ? unseen : other.unseen);
    }

    private static Map<String, Long> sum(Map<String, Long> a, Map<String, Long> b) {
        Map<String, Long> out = new HashMap<>(a);
        b.forEach((k, v) -> out.merge(k, v, Long::sum));
        return out;
    }

    /** Reads the pinned events of every recording in {@code files}. */
    public static Pinning read(List<Path> files) throws IOException {
        Tally tally = new Tally();
        for (Path file : files) {
            try (RecordingFile recording = new RecordingFile(file)) {
                while (recording.hasMoreEvents()) {
                    RecordedEvent event = recording.readEvent();
                    if (event.getEventType().getName().equals(EVENT)) {
                        tally.add(event);
                    }
                }
            }
        }
        return tally.pinning();
    }

    /** Summarises events already read, e.g. by a scenario from its own in-process recording. */
    public static Pinning of(List<RecordedEvent> events) {
        Tally tally = new Tally();
        events.stream().filter(e -> e.getEventType().getName().equals(EVENT)).forEach(tally::add);
        return tally.pinning();
    }

    /** The most frequent reason, or null when none was recorded (JDK 21-23 have no reason field). */
    public String topReason() {
        return top(reasons);
    }

    /** The most frequent top frame, or null when there were no events. */
    public String topFrame() {
        return top(topFrames);
    }

    private static String top(Map<String, Long> counts) {
        return counts.entrySet().stream().max(Map.Entry.comparingByValue()).map(Map.Entry::getKey).orElse(null);
    }

    private static final class Tally {
        private long events;
        private final Map<String, Long> reasons = new HashMap<>();
        private final Map<String, Long> operations = new HashMap<>();
        private final Map<String, Long> frames = new HashMap<>();

        void add(RecordedEvent event) {
            events++;
            count(reasons, text(event, "pinnedReason"));
            count(operations, text(event, "blockingOperation"));
            count(frames, topFrame(event.getStackTrace()));
        }

        Pinning pinning() {
            return new Pinning(events, mostFrequent(reasons), mostFrequent(operations), mostFrequent(frames));
        }

        private static String text(RecordedEvent event, String field) {
            return event.hasField(field) ? event.getString(field) : null;
        }

        private static void count(Map<String, Long> counts, String key) {
            if (key != null && !key.isBlank()) {
                // Hidden classes carry their address in the name (Foo/0x0000...): one class, one key.
                counts.merge(HIDDEN_CLASS_ADDRESS.matcher(key).replaceAll(""), 1L, Long::sum);
            }
        }

        private static String topFrame(RecordedStackTrace stack) {
            if (stack == null || stack.getFrames().isEmpty()) {
                return null;
            }
            for (RecordedFrame frame : stack.getFrames()) {
                String name = frame.getMethod().getType().getName() + "." + frame.getMethod().getName();
                if (JDK_CODE.stream().noneMatch(name::startsWith)) {
                    return name + (frame.getLineNumber() > 0 ? ":" + frame.getLineNumber() : "");
                }
            }
            RecordedFrame first = stack.getFrames().get(0);
            return first.getMethod().getType().getName() + "." + first.getMethod().getName();
        }

        /** The {@link #KEEP} largest counts, in descending order (a LinkedHashMap keeps it through JSON). */
        private static Map<String, Long> mostFrequent(Map<String, Long> counts) {
            Map<String, Long> kept = new LinkedHashMap<>();
            counts.entrySet().stream()
                    .sorted(Map.Entry.<String, Long>comparingByValue(Comparator.reverseOrder())
                            .thenComparing(Map.Entry.comparingByKey()))
                    .limit(KEEP)
                    .forEach(e -> kept.put(e.getKey(), e.getValue()));
            return kept;
        }
    }

    /** An unmodifiable copy that keeps the most-frequent-first order. */
    private static Map<String, Long> ordered(Map<String, Long> counts) {
        return counts == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(counts));
    }
}
