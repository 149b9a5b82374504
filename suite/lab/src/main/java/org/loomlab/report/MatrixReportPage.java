package org.loomlab.report;

import org.loomlab.record.CellMatching;
import org.loomlab.record.MatrixRecord;
import org.loomlab.record.RunRecord;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The cross-JDK report of one matrix record (a column per JDK), or of a lab result set: every host's matrix record,
 * a column per JDK and host ({@code openjdk-25@lab-intel}). A JDK the matrix could not run is listed with its status
 * rather than dropped, and the claims and diffs written beside a matrix record are linked from both pages near the
 * top (a reader of the report folder would not know they are one folder up) and shown at the end of the HTML page. A
 * lab result set whose hosts repeated the matrix ({@code <id>-r1}, {@code <id>-r2}, ...) names each column's repeat
 * too and compares the hosts with the run as the unit ({@link HostComparison}).
 */
public final class MatrixReportPage {

    /**
     * A host's matrix record, the file it was read from, and the run record of each of its JDKs (or lanes) that has one,
     * by the entry's name ({@link MatrixRecord.Entry#name()}: the lane's, else the JDK id), so two lanes of one JDK stay two.
     */
    public record Matrix(Path file, MatrixRecord record, Map<String, RunRecord> runs) {
    }

    private MatrixReportPage() {
    }

    /**
     * Where the report of these matrix records goes unless asked otherwise: {@code matrix-<id>-report/} beside one
     * record, or beside the hosts' directories of a lab result set ({@code lab-report/} when their names differ).
     */
    public static Path defaultDir(List<Path> matrixFiles) {
        String name = sameName(matrixFiles) + "-report";
        return matrixFiles.size() > 1 ? common(matrixFiles).resolve(name)
                : matrixFiles.get(0).toAbsolutePath().getParent().resolve(name);
    }

    /**
     * The report of one matrix, or of a lab result set when there are several, as it reads from {@code reportDir}; the
     * JDKs' cells paired by {@code matching}.
     */
    public static ReportPage of(List<Matrix> matrices, Path reportDir, CellMatching matching) throws IOException {
        boolean lab = matrices.size() > 1;
        List<JdkComparison.Run> runs = new ArrayList<>();
        List<HostComparison.Run> repeats = new ArrayList<>();
        StringBuilder missing = new StringBuilder();
        for (Matrix m : matrices) {
            Path hostDir = m.file().toAbsolutePath().normalize().getParent();
            String host = hostDir.getFileName().toString();
            Integer repeat = repeat(m, matrices);
            for (MatrixRecord.Entry e : m.record().jdks()) {
                String label = lab ? e.name() + "@" + host + (repeat == null ? "" : " r" + repeat) : e.name();
                if (e.runJson() == null) {
                    missing.append(String.format("- %s: %s (%s)%n", label, e.status(), e.message()));
                    continue;
                }
                runs.add(new JdkComparison.Run(label, m.runs().get(e.name())));
                if (repeat != null) {
                    repeats.add(new HostComparison.Run(host, hostDir, e.name(), repeat,
                            hostDir.resolve(e.runJson()).normalize().toString(), m.runs().get(e.name())));
                }
            }
        }
        JdkComparison comparison = new JdkComparison(runs, matching);
        String head = lab ? labHead(matrices, runs) : matrixHead(matrices.get(0).record(), runs.get(0).record());
        StringBuilder text = new StringBuilder(head).append(comparison.jdkTable()).append('\n').append(missing);
        HtmlPage page = new HtmlPage((lab ? "Lab result set " : "Matrix ") + matrices.stream().map(m -> m.record().matrixId())
                .distinct().collect(Collectors.joining(", "))).markdown(text.toString());
        String hosts = lab ? HostComparison.markdown(repeats, matching) : "";
        if (!hosts.isEmpty()) {
            String title = "Host against host, runs as the unit";
            text.append("\n### ").append(title).append("\n\n").append(hosts);
            page.heading(title).markdown(hosts);
        }
        if (RelativePage.applies(matrices)) {
            // JDK against JDK is read as changes: the relative view ReportCommand writes beside this page.
            String relative = "Relative view, each JDK against " + runs.get(0).jdk() + " with verdicts: ";
            page.meta(relative + "[" + RelativePage.HTML + "](" + RelativePage.HTML + ")");
            text.append(relative).append("[").append(RelativePage.MARKDOWN).append("](").append(RelativePage.MARKDOWN).append(")\n\n");
        }
        List<List<Path>> beside = new ArrayList<>();
        for (Matrix m : matrices) {
            beside.addAll(beside(m));
        }
        if (!beside.isEmpty()) {
            String list = besideList(reportDir, beside);
            text.append(list);
            page.markdown(list);
        }
        Map<String, String> dots = comparison.dotCharts(page.colours());
        comparison.tables().forEach((title, table) -> {
            text.append("\n### ").append(title).append("\n\n").append(table);
            page.heading(title);
            dots.forEach((chart, svg) -> {
                if (chart.equals(title) || chart.startsWith(title + " (")) {
                    page.chart(chart, svg);
                }
            });
            page.markdown(table);
        });
        // Memory per JDK: each run's cells ranked by allocation per operation (the JDK tables above hold the numbers).
        for (JdkComparison.Run run : runs) {
            String memory = MemoryRanking.markdown(run.record());
            if (!memory.isEmpty()) {
                text.append("\n### Memory, ").append(run.jdk()).append("\n\n").append(memory);
                page.heading("Memory, " + run.jdk()).markdown(memory);
            }
        }
        page.meta(ReportPage.links(reportDir, matrices.stream().map(m -> m.file().toAbsolutePath()).toList()));
        text.append("\n### Charts\n\n");
        Map<String, String> charts = new LinkedHashMap<>();
        for (Map.Entry<String, String> chart : comparison.charts().entrySet()) {
            String file = ReportPage.chartFile(chart.getKey());
            charts.put(file, chart.getValue());
            text.append("![").append(chart.getKey()).append("](").append(file).append(")\n\n");
        }
        for (List<Path> output : beside) {
            shown(page, reportDir, output);
        }
        return new ReportPage(text.toString(), page.html(), charts);
    }

    private static String matrixHead(MatrixRecord m, RunRecord first) {
        return String.format("Matrix `%s` (%s profile) on %s: %s, %d CPUs, %d GiB; %s to %s.%n%n",
                m.matrixId(), m.profile(), first.host().name(), first.host().cpuModel(), first.host().cpus(),
                first.host().memoryBytes() >> 30, m.started(), m.finished() == null ? "(unfinished)" : m.finished());
    }

    private static String labHead(List<Matrix> matrices, List<JdkComparison.Run> runs) {
        StringBuilder head = new StringBuilder(String.format("Lab result set: matrix `%s` (%s profile) on %d hosts.%n%n",
                matrices.stream().map(m -> m.record().matrixId()).distinct().collect(Collectors.joining("`, `")),
                matrices.stream().map(m -> m.record().profile()).distinct().collect(Collectors.joining(", ")), matrices.size()));
        runs.stream().map(r -> r.record().host()).distinct().forEach(h -> head.append(String.format(
                "- %s: %s, %s, %d CPUs, %d GiB%n", h.name(), h.cpuModel(), h.arch(), h.cpus(), h.memoryBytes() >> 30)));
        return head.append('\n').toString();
    }

    /**
     * The claims and diffs {@code loom-lab claims} and {@code diff} wrote beside a matrix record, each output's
     * {@code .md} and {@code .json} together (Markdown first), the claims first: {@code claims-<id>.md|json} and
     * {@code diff-<id>-<jdk>-vs-*.md|json}, {@code <jdk>} one of the matrix's, so that matrix {@code e}'s page does
     * not take a diff of a matrix {@code e-2}, whose names start the same.
     */
    private static List<List<Path>> beside(Matrix m) throws IOException {
        Path dir = m.file().toAbsolutePath().normalize().getParent();
        String id = Pattern.quote(m.record().matrixId());
        String jdks = m.record().jdks().stream().map(e -> Pattern.quote(e.jdk())).collect(Collectors.joining("|"));
        Pattern ours = Pattern.compile("(claims-" + id + "|diff-" + id + "-(" + jdks + ")-vs-.+)\\.(md|json)");
        Map<String, List<Path>> byOutput = new LinkedHashMap<>();
        try (Stream<Path> files = Files.list(dir)) {
            files.filter(f -> ours.matcher(name(f)).matches() && Files.isRegularFile(f))
                    .sorted(Comparator.comparing((Path f) -> !name(f).startsWith("claims-")).thenComparing(MatrixReportPage::stem)
                            .thenComparing(f -> !name(f).endsWith(".md")))
                    .forEach(f -> byOutput.computeIfAbsent(stem(f), k -> new ArrayList<>()).add(f));
        }
        return List.copyOf(byOutput.values());
    }

    /** A list line per output beside the matrix records, linking its files relative to the report folder. */
    private static String besideList(Path reportDir, List<List<Path>> outputs) {
        StringBuilder list = new StringBuilder("Claims and diffs written beside the matrix record:\n\n");
        outputs.forEach(files -> list.append("- ").append(files.stream().map(f -> ReportPage.link(reportDir, f))
                .collect(Collectors.joining(" · "))).append('\n'));
        return list.append('\n').toString();
    }

    /** One output beside the matrix record on the HTML page: its links, and its Markdown when it has some. */
    private static void shown(HtmlPage page, Path reportDir, List<Path> files) throws IOException {
        String stem = stem(files.get(0));
        page.heading((stem.startsWith("claims-") ? "Claims: " : "Diff: ") + stem).meta(ReportPage.links(reportDir, files));
        Path markdown = files.get(0);
        if (name(markdown).endsWith(".md")) {
            page.markdown(Files.readString(markdown));
        }
    }

    private static String name(Path file) {
        return file.getFileName().toString();
    }

    /** The file name without {@code .md} or {@code .json}: what the two forms of one output share. */
    private static String stem(Path file) {
        return name(file).replaceFirst("\\.(md|json)$", "");
    }

    /**
     * The file name the records share without {@code .json} (e.g. {@code matrix-smoke-lab}), or without their repeats'
     * {@code -rK} when that is all they differ in; else {@code lab}.
     */
    private static String sameName(List<Path> files) {
        List<String> names = files.stream().map(f -> f.getFileName().toString().replaceFirst("\\.json$", "")).distinct().toList();
        List<String> bases = names.stream().map(n -> n.replaceFirst(REPEAT.pattern(), "")).distinct().toList();
        return names.size() == 1 ? names.get(0)
                : bases.size() == 1 && names.stream().allMatch(n -> REPEAT.matcher(n).find()) ? bases.get(0) : "lab";
    }

    /** A repeat's matrix id ends in {@code -r<k>} ({@code lab_matrix_repeats}). */
    private static final Pattern REPEAT = Pattern.compile("-r(\\d+)$");

    /**
     * Which repeat of its run this matrix is: K of {@code <id>-rK} when another matrix of the same host in the set is
     * {@code <id>-rJ}; null otherwise (an id that merely ends so, alone on its host, is no repeat).
     */
    private static Integer repeat(Matrix m, List<Matrix> all) {
        Matcher own = REPEAT.matcher(m.record().matrixId());
        if (!own.find()) {
            return null;
        }
        String base = m.record().matrixId().substring(0, own.start());
        Path host = m.file().toAbsolutePath().normalize().getParent();
        boolean sibling = all.stream().anyMatch(o -> o != m && o.file().toAbsolutePath().normalize().getParent().equals(host)
                && REPEAT.matcher(o.record().matrixId()).find()
                && o.record().matrixId().replaceFirst(REPEAT.pattern(), "").equals(base));
        return sibling ? Integer.parseInt(own.group(1)) : null;
    }

    /** The deepest directory holding every one of {@code files}. */
    private static Path common(List<Path> files) {
        Path dir = files.get(0).toAbsolutePath().normalize().getParent();
        while (dir.getParent() != null && !holdsAll(dir, files)) {
            dir = dir.getParent();
        }
        return dir;
    }

    private static boolean holdsAll(Path dir, List<Path> files) {
        return files.stream().allMatch(f -> f.toAbsolutePath().normalize().startsWith(dir));
    }
}
