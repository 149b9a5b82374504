package org.loomlab.claims;

import org.loomlab.record.CellMatching;
import org.loomlab.record.RunRecord;
import org.loomlab.compare.Adjustment;
import org.loomlab.text.Figures;
import org.loomlab.compare.FingerprintDiff;
import org.loomlab.compare.RunToRun;
import org.loomlab.text.MarkdownTable;
import org.loomlab.compare.VerdictRules;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Claims judged on runs: a row per claim, a column per run, and how each run's fingerprint differs from the first
 * run's, said before the answers, since a claim compares cells within one run and the columns differ in what ran
 * them. The same value is the Markdown page ({@link #markdown}) and, field for field, the JSON of {@code claims --json},
 * so the page and the record cannot disagree.
 *
 * @param runs the columns, in the order the runs were given
 */
public record ClaimsPage(double confidence, double noise, Adjustment adjust, List<Column> runs,
                         List<Fingerprints> fingerprints, List<Row> claims) {

    /** One judged run, as the table's column names it. */
    public record Column(String label, String runJson, String runId, String jdk, String runtimeVersion, String host) {
    }

    /** A claim with its judgement per column, in the columns' order. */
    public record Row(Claim claim, List<Judgement> judgements) {
    }

    /** How a column's host and JDK differ from the first column's. */
    public record Fingerprints(String run, String against, FingerprintDiff differences) {
    }

    /**
     * Each of {@code claims} judged on each run, keyed by the file its record was read from, under {@code rules}; cells
     * paired by {@code matching} (an axis added later matches older records' cells by its declared value).
     */
    public static ClaimsPage judge(List<Claim> claims, Map<Path, RunRecord> runs, VerdictRules rules, CellMatching matching) {
        return judge(claims, runs, rules, matching, Map.of());
    }

    /**
     * @param allowances each run's host calibration ({@link RunToRun}), by the same keys as {@code runs}; a run without
     *                   one compares its cells as measured. Pairs of cells that did not take turns get it, as
     *                   {@code diff} gives it to slices of one run.
     */
    public static ClaimsPage judge(List<Claim> claims, Map<Path, RunRecord> runs, VerdictRules rules, CellMatching matching,
                                   Map<Path, RunToRun> allowances) {
        List<Column> columns = columns(runs);
        List<VerdictRules> perRun = runs.keySet().stream()
                .map(p -> rules.withRunToRun(allowances.getOrDefault(p, RunToRun.NONE))).toList();
        List<RunRecord> records = List.copyOf(runs.values());
        List<Fingerprints> fingerprints = new ArrayList<>();
        for (int i = 1; i < records.size(); i++) {
            fingerprints.add(new Fingerprints(columns.get(i).label(), columns.get(0).label(),
                    FingerprintDiff.between(records.get(0), records.get(i))));
        }
        List<Row> rows = new ArrayList<>();
        for (Claim claim : claims) {
            List<Judgement> judgements = new ArrayList<>();
            for (int i = 0; i < records.size(); i++) {
                judgements.add(claim.judge(records.get(i), perRun.get(i), matching));
            }
            rows.add(new Row(claim, judgements));
        }
        return new ClaimsPage(rules.confidence(), rules.noise(), rules.adjust(), columns, fingerprints, rows);
    }

    /** Columns named by JDK; by JDK and host when two runs share a JDK; with the run id when that is not enough. */
    private static List<Column> columns(Map<Path, RunRecord> runs) {
        List<Column> out = new ArrayList<>();
        for (Map.Entry<Path, RunRecord> e : runs.entrySet()) {
            RunRecord r = e.getValue();
            long sameJdk = runs.values().stream().filter(o -> o.jdk().id().equals(r.jdk().id())).count();
            long sameHost = runs.values().stream().filter(o -> o.jdk().id().equals(r.jdk().id())
                    && o.host().name().equals(r.host().name())).count();
            String label = r.jdk().id() + (sameJdk > 1 ? "@" + r.host().name() : "") + (sameHost > 1 ? " " + r.runId() : "");
            out.add(new Column(label, e.getKey().toString(), r.runId(), r.jdk().id(), r.jdk().runtimeVersion(), r.host().name()));
        }
        return out;
    }

    /**
     * The runs, their fingerprint differences, the rules, the table of answers, then each claim's answer and reason
     * per run; with {@code evidence}, every compared pair under its answer.
     */
    public String markdown(boolean evidence) {
        StringBuilder md = new StringBuilder();
        runs.forEach(c -> md.append(String.format("- %s: %s on %s, run %s (%s)%n", c.label(), c.runtimeVersion(), c.host(),
                c.runId(), c.runJson())));
        fingerprints.forEach(f -> md.append('\n').append(f.differences().markdown(f.against(), f.run())));
        md.append(String.format("%nVerdicts at %s confidence over JVM forks (a pair with one fork on a side is "
                        + "inconclusive), p adjusted: %s within each claim over its callable pairs, noise band ±%s unless a "
                        + "claim sets its own; pairs whose cells did not take turns ran apart and get the host's run-to-run "
                        + "allowance, as in diff.%n%n",
                Figures.percent(confidence), adjust.label(), Figures.percent(noise)));
        List<String> header = new ArrayList<>(List.of("claim", "seed", "seed says"));
        runs.forEach(c -> header.add(c.label()));
        List<List<String>> table = new ArrayList<>();
        for (Row row : claims) {
            List<String> line = new ArrayList<>(List.of(row.claim().says(), row.claim().seed(), row.claim().seedSays()));
            row.judgements().forEach(j -> line.add(j.answer().label()));
            table.add(line);
        }
        md.append(MarkdownTable.render(header, table)).append('\n');
        for (Row row : claims) {
            md.append("**").append(row.claim().id()).append("**: ").append(row.claim().says()).append('\n');
            for (int i = 0; i < runs.size(); i++) {
                Judgement j = row.judgements().get(i);
                md.append(String.format("- %s: %s, %s%n", runs.get(i).label(), j.answer().label(), j.reason()));
                if (evidence) {
                    j.evidence().forEach(line -> md.append("  - ").append(line).append('\n'));
                }
            }
            md.append('\n');
        }
        return md.toString();
    }
}
