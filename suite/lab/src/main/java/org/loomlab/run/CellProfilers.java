package org.loomlab.run;

import org.loomlab.axis.Arch;
import org.loomlab.record.Cell;
import org.loomlab.record.Profiling;
import org.loomlab.record.RecordJson;
import tools.jackson.databind.JsonNode;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import java.util.zip.ZipFile;

/**
 * The profilers of a run ({@code --prof}) applied to its JMH cells: the {@code -prof} flags each fork gets, and
 * afterwards what the cell keeps of them. The cell's score stays JMH's primary metric.
 */
public final class CellProfilers {

    private final List<Profiler> chosen;
    private final Path asyncJar;
    private Path asyncLibrary;

    /**
     * @param asyncJar async-profiler's jar from Maven Central (its native libraries inside), used with {@code async}
     */
    public CellProfilers(List<Profiler> chosen, Path asyncJar) {
        this.chosen = List.copyOf(chosen);
        this.asyncJar = asyncJar;
        if (chose(Profiler.ASYNC)) {
            nativeEntry();
            if (asyncJar == null || !Files.isRegularFile(asyncJar)) {
                throw new IllegalArgumentException("--prof async needs async-profiler's jar at " + asyncJar
                        + "; build the suite first (./mvnw package)");
            }
        }
    }

    public static CellProfilers none() {
        return new CellProfilers(List.of(), null);
    }

    public boolean any() {
        return !chosen.isEmpty();
    }

    /** JMH's {@code -prof} flags for fork {@code k} of cell {@code name}; their files go under {@code runDir}. */
    List<String> jmhArgs(Path runDir, String name, int k) throws IOException {
        return jmhArgs(chosen, runDir, name, k);
    }

    private List<String> jmhArgs(List<Profiler> profilers, Path runDir, String name, int k) throws IOException {
        List<String> args = new ArrayList<>();
        for (Profiler p : profilers) {
            // The lab places jfr's and async's files; options given to one of its own come after the lab's.
            String more = p.options() == null ? "" : ";" + p.options();
            String prof;
            if (p.is(Profiler.JFR)) {
                prof = "jfr:dir=" + forkDir(runDir.resolve("jfr").resolve(name), k) + more;
            } else if (p.is(Profiler.ASYNC)) {
                prof = "async:libPath=" + asyncLibrary() + ";output=flamegraph;direction=forward;dir="
                        + forkDir(runDir.resolve("profiles").resolve(name), k) + more;
            } else {
                prof = p.label(); // gc and JMH's others, as given
            }
            args.addAll(List.of("-prof", prof));
        }
        return args;
    }

    /**
     * {@link #jmhArgs}, with JMH's gc profiler added (once) when it was not chosen: a JMH cell records its allocation
     * per operation as a metric of its own, and its collections' count and time, whatever {@code --prof} says.
     */
    List<String> jmhArgsCountingAllocation(Path runDir, String name, int k) throws IOException {
        return jmhArgs(ran(), runDir, name, k);
    }

    /** The profilers a JMH fork ran under: the chosen ones and gc, which every JMH fork runs. */
    private List<Profiler> ran() {
        List<Profiler> out = new ArrayList<>(chosen);
        if (!chose(Profiler.GC)) {
            out.add(Profiler.GC);
        }
        return out;
    }

    /** Whether {@code p} was chosen, with whatever options. */
    private boolean chose(Profiler p) {
        return chosen.stream().anyMatch(p::is);
    }

    /** Removes the cell's profiles of an earlier attempt (a run resumed after a kill). */
    void clear(Path runDir, String name) throws IOException {
        for (Path dir : List.of(runDir.resolve("jfr").resolve(name), runDir.resolve("profiles").resolve(name))) {
            delete(dir);
        }
        Files.deleteIfExists(flameGraph(runDir, name));
    }

    /**
     * {@code cell} with what its profilers saw: the secondary metrics averaged over the forks' JMH JSON, the first
     * fork's flame graph moved to {@code profiles/NAME.html} (forks are replicates), the JFR directory.
     */
    Cell keep(Cell cell, Path runDir, String name) throws IOException {
        Map<String, Profiling.Metric> metrics = metrics(runDir.resolve("jmh").resolve(name), ran());
        String flame = null;
        Path forks = runDir.resolve("profiles").resolve(name);
        if (chose(Profiler.ASYNC) && Files.isDirectory(forks)) {
            Optional<Path> first = files(forks, ".html").stream().findFirst();
            if (first.isPresent()) {
                Files.move(first.get(), flameGraph(runDir, name), StandardCopyOption.REPLACE_EXISTING);
                flame = runDir.relativize(flameGraph(runDir, name)).toString();
            }
            delete(forks);
        }
        Path jfr = runDir.resolve("jfr").resolve(name);
        String recordings = chose(Profiler.JFR) && !files(jfr, ".jfr").isEmpty()
                ? runDir.relativize(jfr).toString() : null;
        return cell.withProfiling(new Profiling(ran().stream().map(Profiler::label).toList(), metrics, flame,
                recordings));
    }

    /**
     * The secondary metrics of {@code profilers} (not the benchmark's own, e.g. {@code tableMeals}), each the mean of
     * its forks' scores; a textual one (stack's, perfasm's) has no score and is left in the forks' JSON.
     */
    static Map<String, Profiling.Metric> metrics(Path jmhDir, List<Profiler> profilers) throws IOException {
        Map<String, List<Double>> scores = new LinkedHashMap<>();
        Map<String, String> units = new LinkedHashMap<>();
        for (Path json : files(jmhDir, ".json")) {
            JsonNode root = RecordJson.mapper().readTree(json.toFile());
            JsonNode secondary = root.path(0).path("secondaryMetrics");
            secondary.properties().forEach(e -> {
                double score = e.getValue().path("score").asDouble(Double.NaN);
                String key = e.getKey();
                String unit = e.getValue().path("scoreUnit").asString();
                if (profilers.stream().anyMatch(p -> p.hasMetric(key, unit)) && Double.isFinite(score)) {
                    scores.computeIfAbsent(key, x -> new ArrayList<>()).add(score);
                    units.put(key, unit);
                }
            });
        }
        Map<String, Profiling.Metric> out = new LinkedHashMap<>();
        scores.forEach((k, v) -> out.put(k, new Profiling.Metric(
                v.stream().mapToDouble(Double::doubleValue).average().orElseThrow(), units.get(k))));
        return out;
    }

    private static Path flameGraph(Path runDir, String name) {
        return runDir.resolve("profiles").resolve(name + ".html");
    }

    private static Path forkDir(Path cellDir, int k) throws IOException {
        return Files.createDirectories(cellDir.resolve("fork-" + k));
    }

    /** Files under {@code dir} ending in {@code suffix}, in path order (fork-1 before fork-2); none without it. */
    private static List<Path> files(Path dir, String suffix) throws IOException {
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        try (Stream<Path> walk = Files.walk(dir)) {
            return walk.filter(f -> Files.isRegularFile(f) && f.toString().endsWith(suffix)).sorted().toList();
        }
    }

    private static void delete(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> walk = Files.walk(dir)) {
            for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }

    /** The library for this host inside async-profiler's jar, e.g. {@code linux-x64/libasyncProfiler.so}. */
    private static String nativeEntry() {
        String os = System.getProperty("os.name").toLowerCase(Locale.ROOT);
        // async-profiler's word for amd64 is x64.
        String arch = Arch.named(System.getProperty("os.arch")).map(a -> a == Arch.AMD64 ? "x64" : a.label()).orElse(null);
        if (!os.contains("linux") || arch == null) {
            throw new IllegalArgumentException("--prof async needs Linux on x64 or arm64; this host is "
                    + System.getProperty("os.name") + " on " + System.getProperty("os.arch"));
        }
        return "linux-" + arch + "/libasyncProfiler.so";
    }

    /** The native library, extracted from the jar once per run into a temporary directory that JVM exit removes. */
    private Path asyncLibrary() throws IOException {
        if (asyncLibrary == null) {
            Path dir = Files.createTempDirectory("loom-lab-async-profiler");
            Path lib = dir.resolve("libasyncProfiler.so");
            try (ZipFile jar = new ZipFile(asyncJar.toFile());
                 InputStream in = jar.getInputStream(jar.getEntry(nativeEntry()))) {
                Files.copy(in, lib);
            }
            dir.toFile().deleteOnExit(); // after the library: deleteOnExit runs in reverse order
            lib.toFile().deleteOnExit();
            asyncLibrary = lib;
        }
        return asyncLibrary;
    }
}
