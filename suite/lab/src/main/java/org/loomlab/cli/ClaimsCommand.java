package org.loomlab.cli;

import org.loomlab.claims.Claim;
import org.loomlab.claims.ClaimsPage;
import org.loomlab.record.RunRecord;
import org.loomlab.compare.RunToRun;
import org.loomlab.compare.VerdictRules;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.nio.file.Path;
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
        // A claim's cells that did not take turns ran apart: diff's rule gives them the host's allowance.
        Map<Path, RunToRun> allowances = new LinkedHashMap<>();
        for (Map.Entry<Path, RunRecord> run : runs.entrySet()) {
            RunToRun calibrated;
            try {
                calibrated = RunToRun.read(RunSource.hostDir(run.getKey(), run.getValue().host().name()));
            } catch (IllegalArgumentException notUnderResults) {
                calibrated = null; // a record kept outside results/<host>/ has no host calibration to find
            }
            if (calibrated != null) {
                allowances.put(run.getKey(), calibrated);
            }
        }
        ClaimsPage page = ClaimsPage.judge(Claim.all(), runs, rules, RunSource.matching(), allowances);
        System.out.print(page.markdown(evidence));
        json.write("claims", page);
        return LoomLab.OK;
    }
}
