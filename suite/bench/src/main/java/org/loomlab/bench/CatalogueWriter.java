package org.loomlab.bench;

import org.loomlab.catalogue.Catalogue;
import org.loomlab.fairness.FairnessScenario;
import org.loomlab.footprint.FootprintScenario;
import org.loomlab.pinning.PinningProbe;
import org.loomlab.service.PinnedServiceScenario;
import org.loomlab.service.ServiceScenario;

import java.nio.file.Path;
import java.util.List;

/**
 * Writes the experiment catalogue into the benchmarks jar's classes at build time (bench's pom runs it in
 * {@code process-classes}), so the lab reads every experiment as data from the jar it runs. Generated rather
 * than written by hand: each experiment is declared once, in Java beside its code, and a new value of an
 * axis is one enum constant. The order is the order a run enumerates its cells in.
 */
public final class CatalogueWriter {

    /** Every experiment of the benchmarks jar. */
    public static final Catalogue CATALOGUE = new Catalogue(List.of(PhilosophersBenchmark.EXPERIMENT,
            FairnessScenario.EXPERIMENT, ServiceScenario.EXPERIMENT, PinnedServiceScenario.EXPERIMENT,
            FootprintScenario.EXPERIMENT, PinningProbe.EXPERIMENT, VertxPhilosophersBenchmark.EXPERIMENT,
            CoroutinePhilosophersBenchmark.EXPERIMENT));

    private CatalogueWriter() {
    }

    /** {@code CatalogueWriter FILE}: writes the catalogue as JSON to FILE. */
    public static void main(String[] args) {
        CATALOGUE.write(Path.of(args[0]));
    }
}
