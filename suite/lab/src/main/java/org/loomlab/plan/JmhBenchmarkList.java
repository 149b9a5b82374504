package org.loomlab.plan;

import org.loomlab.catalogue.AxisSpec;
import org.loomlab.catalogue.Catalogue;
import org.loomlab.catalogue.Choice;
import org.loomlab.catalogue.ExperimentSpec;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The benchmarks a plain JMH jar lists about itself ({@value #RESOURCE}, written by JMH's annotation processor), read
 * as the lab's catalogue, so that a user's own benchmarks jar runs with the lab's forks, lanes and verdicts without a
 * {@code catalogue.json}. One experiment per benchmark method ({@code Class.method}, the unit JMH itself selects by), its
 * axes its {@code @Param} fields with the values the annotations declare, its primary metric its mode's.
 *
 * <p>The lab does not carry jmh-core, so the file is read here. Its format (JMH 1.37, and the releases that write the
 * same): one line per benchmark and mode, {@code JMH } and then tagged fields, each a tag letter and a space: {@code E}
 * an absent optional; {@code S}, {@code I}, {@code T}, {@code U} a length, a space, that many characters and a space;
 * {@code A}, {@code L} a count and that many such strings; {@code M} the params: a count of names, each a string, a
 * count of values and the values, each armoured (below). The fields come in the order class, generated class, method,
 * mode, then threads, thread groups and the rest, the params among them ({@link #entry}).
 */
public final class JmhBenchmarkList {

    /** Where JMH keeps the list inside a benchmarks jar. */
    public static final String RESOURCE = "META-INF/BenchmarkList";

    private static final String MAGIC = "JMH ";

    /** One line of the list: a benchmark in one mode, its params (name to values) in the file's order. */
    record Entry(String userClass, String method, String mode, Map<String, List<String>> params) {

        /** The benchmark's name as JMH selects it: {@code package.Class.method}. */
        String benchmark() {
            return userClass + "." + method;
        }

        /** {@code Class.method}, the class without its package. */
        String shortName() {
            return userClass.substring(userClass.lastIndexOf('.') + 1) + "." + method;
        }
    }

    private JmhBenchmarkList() {
    }

    /** The catalogue of the list in {@code in}; {@code jar} names it in errors. */
    public static Catalogue catalogue(InputStream in, Object jar) throws IOException {
        List<Entry> entries = new ArrayList<>();
        BufferedReader lines = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
        for (String line = lines.readLine(); line != null; line = lines.readLine()) {
            if (line.isBlank()) {
                continue;
            }
            if (!line.startsWith(MAGIC)) {
                throw new IllegalArgumentException(RESOURCE + " of " + jar + " is not in the format of JMH 1.37 (a line "
                        + "begins '" + line.substring(0, Math.min(20, line.length())) + "'); rebuild the jar with JMH 1.37");
            }
            entries.add(entry(line, jar));
        }
        if (entries.isEmpty()) {
            throw new IllegalArgumentException(RESOURCE + " of " + jar + " lists no benchmark; valid: a jar of a project "
                    + "with @Benchmark methods, built with JMH's annotation processor");
        }
        return catalogue(entries);
    }

    /** One experiment per benchmark, in the list's order, measured in the first mode the list gives it. */
    static Catalogue catalogue(List<Entry> entries) {
        Map<String, Entry> first = new LinkedHashMap<>();
        entries.forEach(e -> first.putIfAbsent(e.benchmark(), e));
        // Class.method, unless two packages hold a class of that name: then the whole name.
        Map<String, Long> shortNames = first.values().stream()
                .collect(Collectors.groupingBy(Entry::shortName, Collectors.counting()));
        return new Catalogue(first.values().stream().map(e -> experiment(e,
                shortNames.get(e.shortName()) > 1 ? e.benchmark() : e.shortName())).toList());
    }

    private static ExperimentSpec experiment(Entry e, String label) {
        Metric metric = Metric.of(e.mode(), e.benchmark());
        List<AxisSpec> axes = new ArrayList<>();
        e.params().forEach((name, values) -> {
            if (name.equals(Settings.AXIS)) {
                throw new IllegalArgumentException(e.benchmark() + " has a @Param named '" + Settings.AXIS + "', the lab's "
                        + "own axis (the profiles a cell is measured under); rename the field");
            }
            if (values.isEmpty()) {
                throw new IllegalArgumentException(e.benchmark() + "'s @Param '" + name + "' lists no values in " + RESOURCE
                        + "; give it values in the annotation, e.g. @Param({\"10\", \"100\"})");
            }
            axes.add(new AxisSpec(name, AxisSpec.Type.CHOICE,
                    values.stream().map(v -> new Choice(v, false, false, false, List.of())).toList(),
                    null, values, Map.of(), null));
        });
        return new ExperimentSpec(label, ExperimentSpec.Kind.JMH, e.benchmark(), metric.label, metric.unit, axes, List.of());
    }

    /**
     * The metric a JMH mode is recorded under and its unit as the lab's forks report it (they run JMH with
     * {@code -tu ms}). A mode without a per-iteration score of its own is read as the average time it estimates.
     */
    enum Metric {
        THROUGHPUT("thrpt", "ops/ms", "thrpt", "Throughput"),
        AVERAGE_TIME("avgt", "ms/op", "avgt", "AverageTime"),
        SAMPLE_TIME("avgt", "ms/op", "sample", "SampleTime"),
        SINGLE_SHOT("ss", "ms/op", "ss", "SingleShotTime"),
        ALL("avgt", "ms/op", "all", "All");

        final String label;
        final String unit;
        private final String shortName;
        private final String enumName;

        Metric(String label, String unit, String shortName, String enumName) {
            this.label = label;
            this.unit = unit;
            this.shortName = shortName;
            this.enumName = enumName;
        }

        /** The metric of JMH's mode {@code mode}, as the list writes it (its short or its enum name). */
        static Metric of(String mode, String benchmark) {
            for (Metric m : values()) {
                if (m.shortName.equals(mode) || m.enumName.equals(mode)) {
                    return m;
                }
            }
            throw new IllegalArgumentException("unknown JMH mode '" + mode + "' of " + benchmark + "; valid: "
                    + java.util.Arrays.stream(values()).map(m -> m.enumName).collect(Collectors.joining(", ")));
        }
    }

    /** The fields of one line that the lab plans with, read in the order JMH writes them. */
    static Entry entry(String line, Object jar) {
        Fields f = new Fields(line, jar);
        String userClass = f.string();
        f.string(); // the generated class
        String method = f.string();
        String mode = f.string();
        Map<String, List<String>> params = Map.of();
        // The rest: threads, thread groups, warm-up and measurement settings, forks, JVM flags, params, time unit, ...
        while (!f.atEnd()) {
            char tag = f.tag();
            switch (tag) {
                case 'E' -> { }
                case 'S', 'I', 'T', 'U' -> f.chars();
                case 'A', 'L' -> f.strings(Function.identity());
                case 'M' -> params = f.params();
                default -> throw f.unreadable("an unknown field tag '" + tag + "'");
            }
        }
        return new Entry(userClass, method, mode, params);
    }

    /** A cursor over one line's tagged fields. */
    private static final class Fields {
        private final String line;
        private final Object jar;
        private int at = MAGIC.length();

        Fields(String line, Object jar) {
            this.line = line;
            this.jar = jar;
        }

        boolean atEnd() {
            return at >= line.strip().length();
        }

        char tag() {
            char tag = line.charAt(at);
            at += 2;
            return tag;
        }

        String string() {
            char tag = tag();
            if (tag != 'S') {
                throw unreadable("a field tagged '" + tag + "' where a name belongs");
            }
            return chars();
        }

        /** A length, a space, that many characters and the space after them. */
        String chars() {
            int n = number();
            if (at + n > line.length()) {
                throw unreadable("a string longer than its line");
            }
            String s = line.substring(at, at + n);
            at += n + 1;
            return s;
        }

        int number() {
            int start = at;
            while (at < line.length() && Character.isDigit(line.charAt(at))) {
                at++;
            }
            if (start == at) {
                throw unreadable("no length at column " + start);
            }
            int n = Integer.parseInt(line.substring(start, at));
            at++;
            return n;
        }

        List<String> strings(Function<String, String> each) {
            int n = number();
            List<String> out = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                out.add(each.apply(chars()));
            }
            return out;
        }

        Map<String, List<String>> params() {
            int n = number();
            Map<String, List<String>> out = new LinkedHashMap<>();
            for (int i = 0; i < n; i++) {
                String name = chars();
                out.put(name, List.copyOf(strings(this::unarmoured)));
            }
            return out;
        }

        /**
         * A param value as JMH armours it: every three UTF-16 characters (48 bits, low byte first) as eight characters
         * of a base-64 alphabet, six bits each from the lowest up; a last group of one or two characters is padded
         * with '='.
         */
        String unarmoured(String armoured) {
            final String alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
            if (armoured.length() % 8 != 0) {
                throw unreadable("a param value of " + armoured.length() + " characters, not a multiple of 8");
            }
            StringBuilder out = new StringBuilder();
            for (int g = 0; g < armoured.length(); g += 8) {
                long bits = 0;
                int sextets = 0;
                for (int i = 0; i < 8 && armoured.charAt(g + i) != '='; i++) {
                    int v = alphabet.indexOf(armoured.charAt(g + i));
                    if (v < 0) {
                        throw unreadable("a param value holding '" + armoured.charAt(g + i) + "'");
                    }
                    bits |= (long) v << (6 * i);
                    sextets++;
                }
                // 3 sextets carry one character, 6 two, 8 three.
                int chars = sextets == 8 ? 3 : sextets >= 6 ? 2 : 1;
                for (int c = 0; c < chars; c++) {
                    out.append((char) ((bits >>> (16 * c)) & 0xFFFF));
                }
            }
            return out.toString();
        }

        IllegalArgumentException unreadable(String what) {
            return new IllegalArgumentException(RESOURCE + " of " + jar + " cannot be read: " + what + " in the line '"
                    + (line.length() > 80 ? line.substring(0, 80) + "..." : line) + "'; valid: a list written by JMH 1.37");
        }
    }
}
