package org.loomlab.cli;

import org.loomlab.compare.DiffMarkdown;
import org.loomlab.compare.RunDiff;
import org.loomlab.compare.Verdict;
import org.loomlab.compare.VerdictRules;
import org.loomlab.fingerprint.JdkFingerprint;
import org.loomlab.layout.BuildLayout;
import org.loomlab.layout.Ids;
import org.loomlab.plan.CellPlan;
import org.loomlab.plan.Experiments;
import org.loomlab.plan.PlanRequest;
import org.loomlab.plan.Policy;
import org.loomlab.plan.Profile;
import org.loomlab.record.ResultsLayout;
import org.loomlab.text.Figures;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.Callable;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * {@code loom-lab compare A B}: two JDKs on the same cells, ended as hyperfine ends, in sentences. Under the hood it is
 * {@code run --lane A=... --lane B=...} (the run command itself, so there is one run path): lanes that take turns fork
 * by fork, each lane's record, and B against A paired round by round. Before it starts it says how long it will take;
 * at its end it reads that diff's rows back and says per experiment what changed, by how much, and what could not be
 * told, then prints the changed cells' table and where the diff is.
 */
@Command(name = "compare", resourceBundle = "org.loomlab.cli.RunHelp",
        header = "Compare two JDKs on the same cells: lanes taking turns, then one or two sentences per experiment.",
        description = "A and B are JDK ids (e.g. openjdk-21: the JDK of that vendor and feature version under "
                + "/usr/lib/jvm or /opt/java, as its release file says), JDK homes or java binaries; A is the baseline. It "
                + "runs 'loom-lab run --lane A=... --lane B=...' with the options given, then says per experiment which cells "
                + "one JDK ran faster and by how much, with the interval, and how many showed no change or could not tell.")
final class CompareCommand implements Callable<Integer> {

    /** Where a JDK id is looked for: the homes Debian's packages and the usual tarball installs use. */
    static final List<Path> JDK_ROOTS = List.of(Path.of("/usr/lib/jvm"), Path.of("/opt/java"));

    @Parameters(index = "0", paramLabel = "A", description = "the baseline: a JDK id (e.g. openjdk-21), a JDK home or a java binary")
    String a;

    @Parameters(index = "1", paramLabel = "B", description = "the JDK compared with A, named alike")
    String b;

    @Mixin
    PlanOptions plan;

    @Mixin
    PolicyOptions policy;

    @Mixin
    ResultsOptions where;

    @Option(names = "--benchmarks", paramLabel = "JAR", description = "the benchmarks jar: the lab's, or any JMH "
            + "benchmarks jar, whose benchmarks and @Params become the cells (default: <home>/" + BuildLayout.BENCHMARKS_JAR + ")")
    Path benchmarks;

    @Option(names = "--jvm-args", paramLabel = "ARGS", description = "flags for the measured JVMs of both lanes "
            + "(default: -Xms1g -Xmx4g; scaled: from the host's memory)")
    String jvmArgs;

    @Option(names = "--run-id", paramLabel = "ID", description = "name of the run directory of each lane (default: "
            + "compare-, the UTC time and the profile)")
    String runId;

    @Option(names = "--turn-seed", paramLabel = "N", descriptionKey = "turn-seed")
    Long turnSeed;

    @Override
    public Integer call() throws Exception {
        Path home = LoomLab.home();
        Path jar = (benchmarks != null ? benchmarks : new BuildLayout(home).benchmarksJar()).toAbsolutePath();
        Path javaA = java(a, JDK_ROOTS);
        Path javaB = java(b, JDK_ROOTS);
        PlanRequest request = plan.request(policy);
        Profile chosen = request.chosenProfile();
        List<CellPlan> cells = request.cells(Experiments.in(jar), chosen);
        List<String> names = laneNames(name(a, javaA, jar), name(b, javaB, jar));
        Ids.check("run id", runId);
        String id = runId != null ? runId : "compare-" + DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")
                .withZone(ZoneOffset.UTC).format(Instant.now()) + "-" + chosen.label();
        System.out.println("loom-lab compare: " + names.get(1) + " against " + names.get(0) + ", " + eta(cells, chosen, request));
        System.out.flush();

        List<String> run = new ArrayList<>(List.of("run"));
        run.addAll(request.runArgs(chosen));
        Path results = where.layout().root();
        run.addAll(List.of("--benchmarks", jar.toString(), "--results", results.toString(), "--run-id", id,
                "--lane", names.get(0) + "=" + javaA, "--lane", names.get(1) + "=" + javaB));
        if (where.hostId != null) {
            run.addAll(List.of("--host-id", where.hostId));
        }
        if (jvmArgs != null) {
            run.addAll(List.of("--jvm-args", jvmArgs));
        }
        if (turnSeed != null) {
            run.addAll(List.of("--turn-seed", String.valueOf(turnSeed)));
        }
        int code = LoomLab.execute(run.toArray(String[]::new));
        Path diff = diffOf(results, names, id);
        if (diff == null) {
            return code; // the run said why it wrote no diff
        }
        // The run's own diff of B against A, made again from the two records by the run's rule: paired round by round.
        Path runA = ResultsLayout.runJson(diff.getParent().getParent().getParent().resolve(names.get(0)).resolve(id));
        Path runB = ResultsLayout.runJson(diff.getParent());
        RunDiff.Result result = RunDiff.of(runA.toString(), RunSource.read(runA), runB.toString(), RunSource.read(runB),
                VerdictRules.defaults().inRounds(), false).result();
        System.out.println();
        System.out.println("compare:");
        sentences(result, names.get(0), names.get(1)).forEach(System.out::println);
        System.out.println();
        System.out.print(new DiffMarkdown(result).markdown(true));
        System.out.println("diff: " + diff);
        return code;
    }

    /**
     * The java binary {@code given} names: a java binary, a JDK home, or a JDK id ({@code vendor-feature}, e.g.
     * openjdk-21) of exactly one JDK under {@code roots}; a one-line error naming the ids found otherwise.
     */
    static Path java(String given, List<Path> roots) throws IOException {
        Path path = Path.of(given);
        if (Files.exists(path)) {
            return RunCommand.javaBinary(path);
        }
        if (!given.matches("[a-z]+-\\d+")) {
            throw new IllegalArgumentException("'" + given + "' is neither a JDK id (e.g. openjdk-21, temurin-25) nor a JDK "
                    + "home or java binary that exists");
        }
        Map<Path, String> found = installed(roots);
        List<Path> homes = found.entrySet().stream().filter(e -> e.getValue().equals(given)).map(Map.Entry::getKey).toList();
        if (homes.size() == 1) {
            return homes.get(0).resolve("bin/java");
        }
        if (homes.isEmpty()) {
            throw new IllegalArgumentException("no JDK " + given + " under " + roots.stream().map(Path::toString)
                    .collect(Collectors.joining(" or ")) + "; valid: " + (found.isEmpty() ? "none found there: give a JDK home"
                    : found.values().stream().distinct().sorted().collect(Collectors.joining(", "))) + ", or a JDK home");
        }
        throw new IllegalArgumentException("JDK id " + given + " names " + homes.size() + " JDKs (" + homes.stream()
                .map(Path::toString).collect(Collectors.joining(", ")) + "); give one of their homes instead");
    }

    /** The JDK homes under {@code roots} (aliases left out) by their id, read from each home's release file. */
    static Map<Path, String> installed(List<Path> roots) throws IOException {
        Map<Path, String> out = new LinkedHashMap<>();
        for (Path root : roots) {
            if (!Files.isDirectory(root)) {
                continue;
            }
            try (Stream<Path> homes = Files.list(root)) {
                for (Path home : homes.sorted().toList()) {
                    Path release = home.resolve("release");
                    if (Files.isSymbolicLink(home) || !Files.isExecutable(home.resolve("bin/java")) || !Files.isRegularFile(release)) {
                        continue;
                    }
                    Properties p = new Properties();
                    try (var in = Files.newBufferedReader(release)) {
                        p.load(in);
                    }
                    Matcher feature = Pattern.compile("\"?(\\d+)").matcher(p.getProperty("JAVA_VERSION", ""));
                    if (feature.lookingAt()) {
                        out.put(home, JdkFingerprint.defaultId(unquoted(p.getProperty("IMPLEMENTOR")),
                                Integer.parseInt(feature.group(1))));
                    }
                }
            }
        }
        return out;
    }

    private static String unquoted(String value) {
        return value == null ? null : value.replaceAll("^\"|\"$", "");
    }

    /** A lane's name: the JDK id as given, else the id its JDK reports (vendor-feature), as {@code run --jvm} names lanes. */
    private static String name(String given, Path java, Path jar) throws Exception {
        return !Files.exists(Path.of(given)) ? given : JdkFingerprint.probe(java, jar, List.of(), null).id();
    }

    /** The two lanes' names, told apart when both are the same JDK (an A/A): {@code temurin-25-a}, {@code temurin-25-b}. */
    static List<String> laneNames(String a, String b) {
        return a.equals(b) ? List.of(a + "-a", b + "-b") : List.of(a, b);
    }

    /**
     * What the comparison will take, from the profile's fork (its JVM start, warm-up and measured iterations) and the
     * policy's rounds: from every cell's fewest rounds to its most or its budget, within the run's budget if it has one.
     */
    static String eta(List<CellPlan> cells, Profile chosen, PlanRequest request) {
        Policy p = request.policy(chosen);
        Duration fork = chosen.plannedCellTime().dividedBy(Policy.of(chosen).minForks());
        int lanes = 2;
        Duration least = fork.multipliedBy((long) cells.size() * lanes * p.minForks());
        Duration perCell = fork.multipliedBy((long) lanes * p.maxForks());
        Duration budgeted = fork.plus(p.budget()).multipliedBy(lanes);
        Duration most = (perCell.compareTo(budgeted) < 0 ? perCell : budgeted).multipliedBy(cells.size());
        Duration shared = request.runBudget(chosen).total();
        String cap = "";
        if (shared != null && shared.compareTo(most) < 0) {
            most = shared;
            cap = ", the run's budget";
        }
        String range = least.equals(most) ? "about " + Figures.clock(least)
                : Figures.clock(least) + " to " + Figures.clock(most) + cap;
        return String.format(Locale.ROOT, "%d cells in 2 lanes taking turns, profile %s: ETA %s (%d to %d rounds a cell, "
                        + "a fork a lane each, about %s a fork)", cells.size(), chosen.label(), range, p.minForks(),
                p.maxForks(), Figures.clock(fork));
    }

    /** The diff the run wrote beside lane B's record (its Markdown), or null when there is none (the run stopped before its end). */
    private static Path diffOf(Path results, List<String> names, String id) throws IOException {
        if (!Files.isDirectory(results)) {
            return null;
        }
        try (Stream<Path> hosts = Files.list(results)) {
            return hosts.map(h -> h.resolve(names.get(1)).resolve(id).resolve("diff-vs-" + names.get(0) + ".md"))
                    .filter(Files::isRegularFile).findFirst().orElse(null);
        }
    }

    /** Directional sentences an experiment gets before the rest are counted: the table has them all. */
    static final int NAMED_CHANGES = 5;

    /**
     * Per experiment, what its speed rows (a time or a rate) say: one sentence for each cell one lane ran faster, with
     * the factor and its interval ("temurin-25 ran HelloBenchmark.sum size=1000 1.52 [1.31, 1.76] times as fast as
     * openjdk-21"), then how many cells showed no change beyond the noise band and how many could not tell; last, what
     * "times as fast" is for the metrics there were.
     */
    static List<String> sentences(RunDiff.Result result, String nameA, String nameB) {
        Map<String, List<RunDiff.Row>> byExperiment = new LinkedHashMap<>();
        result.rows().stream().filter(r -> isTime(r.unit()) || isRate(r.unit()))
                .forEach(r -> byExperiment.computeIfAbsent(r.experiment(), e -> new ArrayList<>()).add(r));
        List<String> out = new ArrayList<>();
        String band = Figures.plain(result.noise() * 100);
        for (Map.Entry<String, List<RunDiff.Row>> e : byExperiment.entrySet()) {
            List<RunDiff.Row> rows = e.getValue();
            List<RunDiff.Row> changed = rows.stream().filter(r -> r.verdict() != null && r.verdict().directional()).toList();
            List<RunDiff.Row> same = rows.stream().filter(r -> r.verdict() == Verdict.SAME).toList();
            List<RunDiff.Row> open = rows.stream().filter(r -> r.verdict() == null || r.verdict() == Verdict.INCONCLUSIVE).toList();
            changed.stream().limit(NAMED_CHANGES).forEach(r -> out.add(faster(r, nameA, nameB) + "."));
            List<String> rest = new ArrayList<>();
            if (changed.size() > NAMED_CHANGES) {
                rest.add((changed.size() - NAMED_CHANGES) + " more " + cells(changed.size() - NAMED_CHANGES)
                        + " changed (see the table)");
            }
            if (!same.isEmpty()) {
                String which = same.size() == 1 ? "cell" : same.size() + " cells";
                rest.add("no change larger than ±" + band + " % in " + (!changed.isEmpty() ? "the other " + which
                        : open.isEmpty() ? "its " + which : same.size() + " " + cells(same.size())));
            }
            if (!open.isEmpty()) {
                rest.add(open.size() + " " + cells(open.size()) + " could not tell" + reach(open));
            }
            if (!rest.isEmpty()) {
                out.add(e.getKey() + ": " + String.join("; ", rest) + ".");
            }
        }
        boolean times = result.rows().stream().anyMatch(r -> isTime(r.unit()));
        boolean rates = result.rows().stream().anyMatch(r -> isRate(r.unit()));
        if (times || rates) {
            out.add("(times as fast: " + Stream.of(times ? "for a time per operation, the slower JDK's time over the faster's"
                    : null, rates ? "for a throughput, the faster JDK's rate over the slower's" : null)
                    .filter(s -> s != null).collect(Collectors.joining("; ")) + ")");
        }
        return out;
    }

    /** "B ran CELL F [lo, hi] times as fast as A", or A first when A was the faster. */
    private static String faster(RunDiff.Row r, String nameA, String nameB) {
        // ratio is B/A: for a time, B is faster below 1 and the factor is A/B; for a rate, B is faster above 1.
        double factor = isRate(r.unit()) ? r.ratio() : 1 / r.ratio();
        double low = isRate(r.unit()) ? r.ciLow() : 1 / r.ciHigh();
        double high = isRate(r.unit()) ? r.ciHigh() : 1 / r.ciLow();
        boolean bFaster = factor >= 1;
        return String.format(Locale.ROOT, "%s ran %s %s %s times as fast as %s", bFaster ? nameB : nameA, cell(r),
                Figures.number(bFaster ? factor : 1 / factor),
                bFaster ? DiffMarkdown.interval(low, high) : DiffMarkdown.interval(1 / high, 1 / low), bFaster ? nameA : nameB);
    }

    /** The experiment and its cell's values: a word alone, a number with its axis ({@code size=1000}). */
    private static String cell(RunDiff.Row r) {
        String values = r.params().entrySet().stream()
                .map(p -> p.getValue().matches("[0-9._]+") ? p.getKey() + "=" + p.getValue() : p.getValue())
                .collect(Collectors.joining(" "));
        return values.isEmpty() ? r.experiment() : r.experiment() + " " + values;
    }

    /** What the undecided rows could have called: the median of their smallest callable changes, when they have one. */
    private static String reach(List<RunDiff.Row> open) {
        List<Double> reach = open.stream().map(RunDiff.Row::detectable).filter(d -> d != null).sorted().toList();
        if (reach.isEmpty()) {
            return open.stream().allMatch(RunDiff.Row::oneFork) ? " (one round each: a verdict needs two or more, e.g. "
                    + "a larger --budget)" : "";
        }
        double median = reach.size() % 2 == 1 ? reach.get(reach.size() / 2)
                : (reach.get(reach.size() / 2 - 1) + reach.get(reach.size() / 2)) / 2;
        return reach.size() == 1 ? " (the smallest change its rounds could call: " + DiffMarkdown.detectable(median) + ")"
                : " (the smallest change their rounds could call: " + DiffMarkdown.detectable(median) + " at the median)";
    }

    private static String cells(int n) {
        return n == 1 ? "cell" : "cells";
    }

    /** A time, or a time per something ({@code ms/op}): lower is faster. */
    static boolean isTime(String unit) {
        return isTimeUnit(unit.contains("/") ? unit.substring(0, unit.indexOf('/')) : unit);
    }

    /** Something per time ({@code ops/ms}, {@code ops/s}): higher is faster. */
    static boolean isRate(String unit) {
        return unit.contains("/") && isTimeUnit(unit.substring(unit.indexOf('/') + 1));
    }

    private static boolean isTimeUnit(String u) {
        return List.of("s", "ms", "us", "ns").contains(u);
    }
}
