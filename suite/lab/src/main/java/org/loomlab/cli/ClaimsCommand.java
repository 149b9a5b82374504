package org.loomlab.cli;

import org.loomlab.claims.Claim;
import org.loomlab.claims.Judgement;
import org.loomlab.record.CellMatching;
import org.loomlab.record.RunRecord;
import org.loomlab.report.Adjustment;
import org.loomlab.report.Figures;
import org.loomlab.report.FingerprintDiff;
import org.loomlab.report.MarkdownTable;
import org.loomlab.report.VerdictRules;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

/** Judges every seed claim on every given run: a table of yes / no / open, then each answer's reason and evidence. */
@Command(name = "claims", header = "Judge the seeds' claims on runs: yes, no or open per claim and run, with the evidence.",
        description = "RUN is a run.json, a run directory or a matrix-<id>.json (each JDK's run). A claim compares cells "
                + "of one run, e.g. virtual against platform threads, with diff's verdicts (p-values adjusted within the "
                + "claim), and answers yes when every cell it names was measured and every pair has the expected verdict, "
                + "no when one pair is decided against it, open otherwise. How the runs' fingerprints differ is said first.")
final class ClaimsCommand implements Callable<Integer> {

    @Parameters(arity = "1..*", paramLabel = "RUN", description = "runs to judge the claims on")
    List<Path> paths;

    @Mixin
    VerdictOptions verdicts;

    @Option(names = "--evidence", description = "list every compared pair of cells under its claim")
    boolean evidence;

    @Mixin
    JsonOutput json;

    /** One judged run, as the table's column names it. */
    record Column(String label, String runJson, String runId, String jdk, String runtimeVersion, String host) {
    }

    /** A claim with its judgement per column, in the columns' order. */
    record Row(Claim claim, List<Judgement> judgements) {
    }

    /** How a column's host and JDK differ from the first column's. */
    record Fingerprints(String run, String against, FingerprintDiff differences) {
    }

    /** Everything {@code --json} writes. */
    record Result(double confidence, double noise, Adjustment adjust, List<Column> runs, List<Fingerprints> fingerprints,
                  List<Row> claims) {
    }

    @Override
    public Integer call() throws Exception {
        VerdictRules rules = verdicts.rules();
        Map<Path, RunRecord> runs = new LinkedHashMap<>();
        for (Path path : paths) {
            for (Path run : RunSource.runJsons(path)) {
                runs.put(run, RunSource.read(run));
            }
        }
        if (runs.isEmpty()) {
            throw new IllegalArgumentException("no run to judge in " + paths + "; valid: run.json files, run directories or matrix records");
        }
        List<Column> columns = columns(runs);
        List<RunRecord> records = List.copyOf(runs.values());
        List<Fingerprints> fingerprints = new ArrayList<>();
        for (int i = 1; i < records.size(); i++) {
            fingerprints.add(new Fingerprints(columns.get(i).label(), columns.get(0).label(),
                    FingerprintDiff.between(records.get(0), records.get(i))));
        }
        List<Row> rows = new ArrayList<>();
        CellMatching matching = RunSource.matching();
        for (Claim claim : Claim.all()) {
            rows.add(new Row(claim, records.stream().map(r -> claim.judge(r, rules, matching)).toList()));
        }
        System.out.print(markdown(columns, fingerprints, rows, rules));
        json.write("claims", new Result(rules.confidence(), rules.noise(), rules.adjust(), columns, fingerprints, rows));
        return LoomLab.OK;
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

    private String markdown(List<Column> columns, List<Fingerprints> fingerprints, List<Row> rows, VerdictRules rules) {
        StringBuilder md = new StringBuilder();
        columns.forEach(c -> md.append(String.format("- %s: %s on %s, run %s (%s)%n", c.label(), c.runtimeVersion(), c.host(),
                c.runId(), c.runJson())));
        // Claims compare cells within one run; the columns differ in what ran them, and that is said here.
        fingerprints.forEach(f -> md.append('\n').append(f.differences().markdown(f.against(), f.run())));
        md.append(String.format("%nVerdicts at %s confidence over JVM forks (a pair with one fork on a side is "
                        + "inconclusive), p adjusted: %s within each claim, noise band ±%s unless a claim sets its own.%n%n",
                Figures.percent(rules.confidence()), rules.adjust().label(), Figures.percent(rules.noise())));
        List<String> header = new ArrayList<>(List.of("claim", "seed", "seed says"));
        columns.forEach(c -> header.add(c.label()));
        List<List<String>> table = new ArrayList<>();
        for (Row row : rows) {
            List<String> line = new ArrayList<>(List.of(row.claim().says(), row.claim().seed(), row.claim().seedSays()));
            row.judgements().forEach(j -> line.add(j.answer().label()));
            table.add(line);
        }
        md.append(MarkdownTable.render(header, table)).append('\n');
        for (Row row : rows) {
            md.append("**").append(row.claim().id()).append("**: ").append(row.claim().says()).append('\n');
            for (int i = 0; i < columns.size(); i++) {
                Judgement j = row.judgements().get(i);
                md.append(String.format("- %s: %s, %s%n", columns.get(i).label(), j.answer().label(), j.reason()));
                if (evidence) {
                    j.evidence().forEach(line -> md.append("  - ").append(line).append('\n'));
                }
            }
            md.append('\n');
        }
        return md.toString();
    }
}
