package org.loomlab.report;

import org.apache.commons.statistics.descriptive.Median;
import org.loomlab.record.Cell;
import org.loomlab.record.CellKey;
import org.loomlab.record.CellStatus;
import org.loomlab.record.RecordJson;
import org.loomlab.record.RunRecord;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * How much more two runs of the same cells differ than their forks say, as the factor by which {@code diff} widens
 * B/A's interval over forks when A and B are different runs. Forks of one run share the machine's state (the VM's
 * neighbours, an idle engine, what ran before); runs made at different times do not, and the A/A runs here showed
 * whole runs moving by 10-50 % on noop cells while their forks agreed.
 *
 * <p>Estimated from an A/A pair, two runs of the same JDK on the same host: each cell's shift in units of its standard
 * error over forks, z = log(B/A) / se. If the forks told the whole story, z would be Student-t and z² would have a
 * median near that of chi-square with one degree of freedom, {@value #CHI2_1_MEDIAN}. The factor is
 * sqrt(median z² / {@value #CHI2_1_MEDIAN}), never below 1: the median, so one wild cell does not set it.
 *
 * @param factor  the standard error's multiplier, at least 1
 * @param cells   the cells it was estimated from (both sides with two or more forks)
 * @param runs    the A/A runs, as the paths they were read from
 * @param z       each cell's z, by its key as {@code diff} prints it
 */
public record RunToRun(double factor, int cells, List<String> runs, Map<String, Double> z) {

    /** The median of chi-square with one degree of freedom. */
    public static final double CHI2_1_MEDIAN = 0.4549364;
    /** Where a host's estimate lives: {@code results/<host>/calibration/run-to-run.json}. */
    public static final String FILE = "run-to-run.json";
    /** Fewer cells than this give no estimate: a median of a handful says little. */
    static final int MIN_CELLS = 8;
    /** Cells of one run: nothing to widen. */
    public static final RunToRun NONE = new RunToRun(1, 0, List.of(), Map.of());

    public RunToRun {
        if (!(factor >= 1) || Double.isInfinite(factor)) {
            throw new IllegalArgumentException("run-to-run factor " + factor + " is out of range; valid: 1 or more");
        }
        runs = List.copyOf(runs);
        z = z == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(z));
    }

    /** A factor given by hand ({@code --run-to-run 1.5}). */
    public static RunToRun given(double factor) {
        return new RunToRun(factor, 0, List.of(), Map.of());
    }

    /**
     * The factor from an A/A pair: every cell and metric measured ok with two or more forks and some spread on both
     * sides.
     */
    public static RunToRun estimate(String pathA, RunRecord a, String pathB, RunRecord b) {
        Map<CellKey, Cell> right = CellKey.index(b.results());
        Map<String, Double> z = new LinkedHashMap<>();
        for (Cell ca : a.results()) {
            Cell cb = right.get(CellKey.of(ca));
            if (cb == null || ca.status() != CellStatus.OK || cb.status() != CellStatus.OK) {
                continue;
            }
            try {
                double zi = Ratio.z(forks(ca), forks(cb));
                if (Double.isFinite(zi)) {
                    z.put(CellKey.of(ca).toString(), zi);
                }
            } catch (IllegalArgumentException notPositive) {
                // a cell without a ratio (zero counts) says nothing of run-to-run variance
            }
        }
        if (z.size() < MIN_CELLS) {
            throw new IllegalArgumentException("only " + z.size() + " cells of " + pathA + " and " + pathB
                    + " have two or more forks on both sides; valid: an A/A pair with at least " + MIN_CELLS);
        }
        RunToRun measured = new RunToRun(1, z.size(), List.of(pathA, pathB), z);
        return new RunToRun(Math.max(1, Math.sqrt(measured.medianSquare() / CHI2_1_MEDIAN)), z.size(), measured.runs(), z);
    }

    /** The median of the cells' z², NaN without cells. */
    public double medianSquare() {
        return z.isEmpty() ? Double.NaN : Median.withDefaults().evaluate(z.values().stream().mapToDouble(v -> v * v).toArray());
    }

    private static List<double[]> forks(Cell c) {
        List<double[]> out = new ArrayList<>();
        for (List<Double> f : c.forks()) {
            double[] v = f.stream().filter(x -> x != null && !x.isNaN()).mapToDouble(Double::doubleValue).toArray();
            if (v.length > 0) {
                out.add(v);
            }
        }
        return out;
    }

    /** The host's estimate, when one was calibrated: {@code hostDir/calibration/run-to-run.json}. */
    public static RunToRun read(Path hostDir) throws IOException {
        Path file = hostDir.resolve("calibration").resolve(FILE);
        return Files.isRegularFile(file) ? RecordJson.mapper().readValue(file.toFile(), RunToRun.class) : null;
    }

    /** Writes it as the host's estimate (through a temporary file, so a failed write leaves the old one). */
    public Path write(Path hostDir) throws IOException {
        Path dir = Files.createDirectories(hostDir.resolve("calibration"));
        Path tmp = Files.createTempFile(dir, FILE, ".tmp");
        RecordJson.mapper().writerWithDefaultPrettyPrinter().writeValue(tmp.toFile(), this);
        return Files.move(tmp, dir.resolve(FILE), StandardCopyOption.REPLACE_EXISTING,
                StandardCopyOption.ATOMIC_MOVE);
    }

    /** One line for a diff's header. */
    public String describe() {
        if (factor == 1 && cells == 0) {
            return "intervals over forks as measured (cells of one run, or --run-to-run 1)";
        }
        return String.format(Locale.ROOT, "intervals widened x%.2f for run-to-run variance%s", factor, runs.isEmpty()
                ? " (given)" : String.format(Locale.ROOT, " (calibrated on this host from %d cells of the A/A runs %s)",
                cells, String.join(" and ", runs)));
    }
}
