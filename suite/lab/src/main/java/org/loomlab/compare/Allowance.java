package org.loomlab.compare;

import org.loomlab.record.RunRecord;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Supplier;

/**
 * How two whole records are compared when nobody said otherwise, decided in one place for {@code diff} and the
 * report's relative view: lanes of one run that took turns are paired round by round and need no run-to-run
 * allowance; a record compared with itself needs none either; anything else ran apart and gets the host's calibrated
 * run-to-run factor, or none with a note when the host has no calibration.
 *
 * @param paired      the two records took turns in one run ({@link RunRecord#tookTurnsWith})
 * @param runToRun    the factor the intervals are widened by ({@link RunToRun#NONE} when paired or one run)
 * @param uncalibrated they ran apart and the host has no calibration: the intervals cover JVM-to-JVM variance only
 * @param notes       warnings for the reader (no calibration, a kernel the calibration was not fitted on)
 */
public record Allowance(boolean paired, RunToRun runToRun, boolean uncalibrated, List<String> notes) {

    public Allowance {
        notes = List.copyOf(notes);
    }

    /** The records' allowance, reading {@code hostDir}'s calibration when they ran apart. */
    public static Allowance of(RunRecord a, RunRecord b, Path hostDir) throws IOException {
        return of(a, b, () -> hostDir);
    }

    /** The same, with the host directory found only when it is needed (a record laid out elsewhere may have none). */
    public static Allowance of(RunRecord a, RunRecord b, Supplier<Path> hostDir) throws IOException {
        if (a.tookTurnsWith(b)) {
            return new Allowance(true, RunToRun.NONE, false, List.of());
        }
        if (sameRun(a, b)) {
            return new Allowance(false, RunToRun.NONE, false, List.of());
        }
        return calibrated(a, b, hostDir.get());
    }

    /**
     * The host's calibrated factor, or none with a note when the host has no calibration; a note too when a side ran
     * under a kernel none of the calibration's runs did (a new kernel moved this host's runs more than runs on one
     * kernel move, results/vm-epyc-2c-24g/calibration/README.md).
     */
    public static Allowance calibrated(RunRecord a, RunRecord b, Path hostDir) throws IOException {
        RunToRun calibrated = RunToRun.read(hostDir);
        if (calibrated == null) {
            return new Allowance(false, RunToRun.NONE, true, List.of("no run-to-run calibration for " + hostDir
                    + " (loom-lab calibrate A B on an A/A pair writes one): the intervals cover JVM-to-JVM variance only, "
                    + "not run-to-run"));
        }
        List<String> notes = new ArrayList<>(calibrated.unfittedKernels(hostDir, a.host().kernel(), b.host().kernel()));
        return new Allowance(false, calibrated, false, notes);
    }

    /** One run: same id, host and JDK. A matrix's JDKs share its id but run one after another, so they are runs apart. */
    public static boolean sameRun(RunRecord a, RunRecord b) {
        return a.runId().equals(b.runId()) && a.host().name().equals(b.host().name()) && a.jdk().id().equals(b.jdk().id());
    }

    /** {@code rules} as this allowance has them compare the two records. */
    public VerdictRules applied(VerdictRules rules) {
        return paired ? rules.inRounds() : rules.withRunToRun(runToRun);
    }

    /** The rule in a few words, for the top of a page: {@code sides} names what took turns, e.g. "the JDKs". */
    public String rule(String sides) {
        if (paired) {
            return "paired round by round: " + sides + " took turns in one run";
        }
        if (uncalibrated) {
            return "runs apart: no run-to-run calibration for this host, so the intervals cover JVM-to-JVM variance only "
                    + "(loom-lab calibrate writes one)";
        }
        if (runToRun.equals(RunToRun.NONE)) {
            return "one run: intervals over forks as measured";
        }
        return String.format(Locale.ROOT, "runs apart: intervals widened by the host's run-to-run factor x%.2f",
                runToRun.factor());
    }
}
