package org.loomlab.cli;

import org.loomlab.fingerprint.HostFingerprint;
import org.loomlab.history.ChangeRule;
import org.loomlab.history.History;
import org.loomlab.plan.PlanRequest;
import org.loomlab.plan.RunPlan;
import org.loomlab.record.CellKey;
import org.loomlab.record.RecordJson;
import org.loomlab.record.ResultsLayout;
import org.loomlab.record.RunRecord;
import org.loomlab.record.RunStatus;
import org.loomlab.report.HistoryCsv;
import org.loomlab.report.HistoryPage;
import org.loomlab.report.ReportPage;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.io.IOException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.PathMatcher;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/** Every cell's history on one host and JDK: its runs in time order, where each cell changed, and what changed with it. */
@Command(name = "history", header = "Every cell's history on a host: scores over time, change points and what changed at them.",
        description = "Reads results/<host>/<jdk>/<run>/run.json of the runs that completed under one profile, in the order "
                + "they started, and finds where each cell's level changed (E-Divisive means with a seeded permutation test, "
                + "kept only when the change is larger than the runs' intervals), each put down to what changed between the "
                + "runs: suite commit, benchmarks jar, JDK build, JVM flags, GC, kernel, CPU, container limits, image or "
                + "fixture. Writes history.md, history.html (a small "
                + "chart per cell) and history.csv (a row per run, cell and metric) beside the runs, and prints the change "
                + "points.")
final class HistoryCommand implements Callable<Integer> {

    @Option(names = "--results", paramLabel = "DIR", description = "the results directory (default: <home>/results)")
    Path results;

    @Option(names = "--host", paramLabel = "ID", description = "the host's directory under results/ (default: this host's "
            + "id, as run names it)")
    String host;

    @Option(names = "--jdk", paramLabel = "ID", description = "the JDK's directory under the host (default: the JDK with the "
            + "most run records there, said on stderr)")
    String jdk;

    @Option(names = "--profile", paramLabel = "NAME", defaultValue = "quick",
            description = "only runs of this profile, so that like is compared with like (default: ${DEFAULT-VALUE})")
    String profile;

    @Option(names = {"-e", "--experiment"}, split = ",", paramLabel = "NAME", description = "only these experiments")
    List<String> experiments = new ArrayList<>();

    @Option(names = {"-p", "--param"}, paramLabel = "AXIS=V1,V2", description = "only cells with one of these values of "
            + "the axis, e.g. threads=platform (repeatable)")
    List<String> params = new ArrayList<>();

    @Option(names = "--runs", paramLabel = "GLOB", description = "only runs whose id matches, e.g. 'bench-*' (default: every run)")
    String runs;

    @Option(names = "--out", paramLabel = "DIR", description = "where the three files go (default: results/<host>/<jdk>/)")
    Path out;

    @Override
    public Integer call() throws Exception {
        Predicate<CellKey> wanted = wanted(); // a bad -p is refused before any record is read
        ResultsLayout layout = LoomLab.results(results);
        String hostId = host != null ? host : new HostFingerprint().read().name();
        Path hostDir = layout.hostDir(hostId);
        if (!Files.isDirectory(hostDir)) {
            throw new IllegalArgumentException("no results for host " + hostId + " under " + layout.root()
                    + "; valid: --host with one of " + children(layout.root()));
        }
        String jdkId = jdk != null ? jdk : busiestJdk(hostDir);
        Map<String, String> benchmarks = new TreeMap<>();
        List<RunRecord> records = records(hostDir.resolve(jdkId), benchmarks);
        if (records.isEmpty()) {
            throw new IllegalArgumentException("no complete " + profile + " runs of " + jdkId + " on " + hostId
                    + (runs == null ? "" : " matching " + runs));
        }
        History h = History.of(hostId, jdkId, profile, records, benchmarks,
                RunSource.matching(), wanted, new ChangeRule());
        Path dir = out != null ? out : HistoryPage.dir(layout.root(), hostId, jdkId);
        ReportPage page = HistoryPage.of(h);
        RecordJson.writeTextAtomically(dir.resolve(HistoryPage.MARKDOWN), page.markdown());
        RecordJson.writeTextAtomically(dir.resolve(HistoryPage.HTML), page.html());
        RecordJson.writeTextAtomically(dir.resolve(HistoryPage.CSV), HistoryCsv.of(h));
        String md = page.markdown();
        System.out.print(md.substring(md.indexOf("## Change points"), md.indexOf("## Runs")));
        System.out.println("history: " + dir.resolve(HistoryPage.MARKDOWN));
        System.out.println("csv: " + dir.resolve(HistoryPage.CSV));
        System.out.println("html: " + dir.resolve(HistoryPage.HTML).toAbsolutePath().normalize().toUri());
        return LoomLab.OK;
    }

    /** The JDK with the most records of the profile on the host; said on stderr with the others, so the choice is seen. */
    private String busiestJdk(Path hostDir) throws IOException {
        Map<String, Integer> counts = new TreeMap<>();
        for (String child : children(hostDir)) {
            int n = (int) runJsons(hostDir.resolve(child)).count();
            if (n > 0) {
                counts.put(child, n);
            }
        }
        if (counts.isEmpty()) {
            throw new IllegalArgumentException("no run records under " + hostDir);
        }
        // Counting files, not reading them: a host may hold hundreds of runs of other JDKs.
        String busiest = counts.entrySet().stream().max(Map.Entry.comparingByValue()).orElseThrow().getKey();
        System.err.println("history: " + busiest + ", the JDK with the most runs here (" + counts.entrySet().stream()
                .map(e -> e.getKey() + " " + e.getValue()).collect(Collectors.joining(", ")) + "); choose with --jdk");
        return busiest;
    }

    /**
     * The complete runs of the profile in a JDK's directory (and the --runs glob); unreadable ones are named and skipped.
     * Puts each kept run's benchmarks jar hash (its plan's) into {@code benchmarks} by run id.
     */
    private List<RunRecord> records(Path jdkDir, Map<String, String> benchmarks) throws IOException {
        PathMatcher glob = runs == null ? null : FileSystems.getDefault().getPathMatcher("glob:" + runs);
        List<RunRecord> out = new ArrayList<>();
        for (Path file : runJsons(jdkDir).toList()) {
            if (glob != null && !glob.matches(file.getParent().getFileName())) {
                continue;
            }
            RunRecord r;
            try {
                r = RunSource.read(file);
            } catch (IllegalArgumentException unreadable) {
                System.err.println("history: skipped " + unreadable.getMessage());
                continue;
            }
            if (profile.equals(r.profile()) && r.status() == RunStatus.COMPLETE) {
                out.add(r);
                String sha = benchmarksOf(file.getParent());
                if (sha != null) {
                    benchmarks.put(r.runId(), sha);
                }
            }
        }
        return out;
    }

    /** The benchmarks jar's hash the plan.json in {@code runDir} names, or null (no plan, an older one, unreadable). */
    private static String benchmarksOf(Path runDir) {
        try {
            return RunPlan.read(runDir).map(RunPlan::benchmarksSha256).orElse(null);
        } catch (IOException | RuntimeException unreadable) {
            System.err.println("history: " + runDir.resolve(RunPlan.FILE) + " unreadable, its benchmarks jar unknown: "
                    + unreadable.getMessage());
            return null;
        }
    }

    private static Stream<Path> runJsons(Path jdkDir) throws IOException {
        if (!Files.isDirectory(jdkDir)) {
            throw new IllegalArgumentException("no such JDK directory: " + jdkDir);
        }
        try (Stream<Path> dirs = Files.list(jdkDir)) {
            return dirs.map(ResultsLayout::runJson).filter(Files::isRegularFile).sorted().toList().stream();
        }
    }

    private static List<String> children(Path dir) throws IOException {
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        try (Stream<Path> s = Files.list(dir)) {
            return s.filter(Files::isDirectory).map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    /** The cells the -e and -p filters keep, on the params the cells are matched by. */
    private Predicate<CellKey> wanted() {
        Map<String, List<String>> filters = new PlanRequest(null, experiments, params, null, null, null, null, false, null,
                null, null, null).filters();
        return key -> (experiments.isEmpty() || experiments.contains(key.experiment()))
                && filters.entrySet().stream().allMatch(f -> f.getValue().contains(key.params().get(f.getKey())));
    }
}
