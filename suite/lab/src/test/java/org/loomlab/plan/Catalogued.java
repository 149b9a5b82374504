package org.loomlab.plan;

import org.loomlab.catalogue.Catalogue;

/** The experiments of the catalogue the build wrote into the benchmarks jar's classes (on the test class path). */
public final class Catalogued {

    public static final Experiments EXPERIMENTS = Experiments.of(Catalogue.onClassPath());
    public static final Experiment PHILOSOPHERS = EXPERIMENTS.of("philosophers");
    public static final Experiment FAIRNESS = EXPERIMENTS.of("fairness");
    public static final Experiment SERVICE = EXPERIMENTS.of("service");
    public static final Experiment PINNED_SERVICE = EXPERIMENTS.of("pinned-service");
    public static final Experiment FOOTPRINT = EXPERIMENTS.of("footprint");
    public static final Experiment PINNING_PROBE = EXPERIMENTS.of("pinning-probe");
    public static final Experiment VERTX_PHILOSOPHERS = EXPERIMENTS.of("vertx-philosophers");

    private Catalogued() {
    }
}
