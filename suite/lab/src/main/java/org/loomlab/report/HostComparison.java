package org.loomlab.report;

import org.loomlab.compare.Allowance;
import org.loomlab.compare.RunDiff;
import org.loomlab.compare.VerdictRules;
import org.loomlab.record.CellKey;
import org.loomlab.record.CellMatching;
import org.loomlab.record.RunRecord;
import org.loomlab.text.Figures;
import org.loomlab.text.MarkdownTable;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Host against host in a lab result set whose hosts repeated the matrix ({@code lab_matrix_repeats}): for each JDK that
 * two or more hosts ran at least twice, the first such host's runs against each other host's, with the run as the unit
 * ({@link RunDiff#overRuns}). Two hosts cannot take turns fork by fork, so their forks' intervals would leave out how
 * much a whole run moves; the repeats measure that themselves. Without repeats there is nothing to show: one run a host
 * can only be compared by {@code diff} with the host's calibrated allowance.
 */
public final class HostComparison {

    /**
     * One repeat of a JDK on a host.
     *
     * @param hostDir where the host's records and calibration live ({@code results/<host>/})
     * @param repeat  the repeat's number (1 for {@code <id>-r1})
     * @param path    the run record's path, as the reader should see it
     */
    public record Run(String host, Path hostDir, String jdk, int repeat, String path, RunRecord record) {
    }

    private HostComparison() {
    }

    /** The section's Markdown, or "" when no JDK has two hosts with two or more runs each. */
    public static String markdown(List<Run> runs, CellMatching matching) throws IOException {
        Map<String, Map<String, List<Run>>> byJdk = new LinkedHashMap<>();
        runs.stream().sorted(Comparator.comparingInt(Run::repeat)).forEach(r -> byJdk.computeIfAbsent(r.jdk(),
                j -> new LinkedHashMap<>()).computeIfAbsent(r.host(), h -> new ArrayList<>()).add(r));
        // Hosts keep the order the result set names them in, not the repeats' order.
        StringBuilder md = new StringBuilder();
        for (Map.Entry<String, Map<String, List<Run>>> jdk : byJdk.entrySet()) {
            List<List<Run>> hosts = hostsInOrder(runs, jdk.getKey(), jdk.getValue());
            for (int i = 1; i < hosts.size(); i++) {
                md.append(pair(jdk.getKey(), hosts.get(0), hosts.get(i), matching));
            }
        }
        return md.toString();
    }

    private static List<List<Run>> hostsInOrder(List<Run> all, String jdk, Map<String, List<Run>> byHost) {
        return all.stream().filter(r -> r.jdk().equals(jdk)).map(Run::host).distinct().map(byHost::get)
                .filter(h -> h.size() >= 2).toList();
    }

    /** One JDK, one host against the baseline host: the rule, the summary and the compared rows. */
    private static String pair(String jdk, List<Run> a, List<Run> b, CellMatching matching) throws IOException {
        VerdictRules defaults = VerdictRules.defaults();
        RunRecord a0 = a.get(0).record();
        Allowance fallback = Allowance.calibrated(a0, b.get(0).record(), a.get(0).hostDir());
        RunDiff diff = RunDiff.overRuns(sides(a), records(a), sides(b), records(b), defaults.withRunToRun(fallback.runToRun()),
                true, matching);
        String hostA = a.get(0).host();
        String hostB = b.get(0).host();
        StringBuilder md = new StringBuilder(String.format(Locale.ROOT, "#### %s: %s against %s%n%n", jdk, hostB, hostA));
        md.append(String.format(Locale.ROOT, "Runs are the unit: %d runs on %s, %d on %s; per cell each run counts once and "
                        + "B/A has a Welch t interval over the runs at %s, p adjusted (%s), noise band ±%s, judged across "
                        + "hardware, as `loom-lab diff A1 A2 --vs B1 B2 --across-hardware` judges them. %s.%n%n",
                a.size(), hostA, b.size(), hostB, Figures.percent(defaults.confidence()), defaults.adjust().label(),
                Figures.percent(defaults.noise()), diff.summary()));
        fallback.notes().forEach(n -> md.append("Note (rows that fall back to forks): ").append(n).append("\n\n"));
        List<List<String>> rows = new ArrayList<>();
        Map<String, List<RunDiff.Row>> byExperiment = new LinkedHashMap<>();
        diff.rows().forEach(r -> byExperiment.computeIfAbsent(r.experiment(), e -> new ArrayList<>()).add(r));
        byExperiment.forEach((experiment, list) -> {
            List<String> axes = CellKey.varying(list.stream().map(RunDiff.Row::params).toList());
            for (RunDiff.Row r : list) {
                if (r.ratio() == null || r.verdict() == null) {
                    continue;
                }
                String cell = DotChart.label(r.params(), axes, null);
                rows.add(List.of(experiment, (cell.isEmpty() ? "" : cell + " ") + r.metric() + " (" + r.unit() + ")",
                        Figures.number(r.aMedian()), Figures.number(r.bMedian()), r.aRuns() + "/" + r.bRuns(),
                        RelativePage.delta(r), r.pAdjusted() == null ? "" : String.format(Locale.ROOT, "%.3f", r.pAdjusted()),
                        r.verdict().label(), r.note()));
            }
        });
        if (!rows.isEmpty()) {
            md.append(MarkdownTable.render(List.of("experiment", "cell", hostA + " median", hostB + " median", "runs",
                    "delta [interval]", "p (adjusted)", "verdict", "note"), rows)).append('\n');
        }
        return md.toString();
    }

    private static List<RunDiff.Side> sides(List<Run> runs) {
        return runs.stream().map(r -> RunDiff.Side.of(r.path(), r.record())).toList();
    }

    private static List<RunRecord> records(List<Run> runs) {
        return runs.stream().map(Run::record).toList();
    }
}
