package org.loomlab.scenario;

import org.loomlab.catalogue.ExperimentSpec;
import org.loomlab.record.Cell;

import java.util.List;
import java.util.Map;

/**
 * A seed experiment that runs outside JMH, in a JVM of its own started by the lab
 * ({@link ScenarioMain}): fairness, service-to-service, pinning under load, footprint. It repeats
 * itself {@link Settings#samples()} times and reports one cell per metric, each with its samples.
 */
public interface Scenario {

    /** The scenario's entry in the experiment catalogue: its axes, their limits and defaults. */
    ExperimentSpec experiment();

    /** The experiment's name in run.json and on the command line, e.g. {@code fairness}. */
    default String name() {
        return experiment().target();
    }

    /** Runs the scenario at {@code params} (axis -> value), every read checked against {@link #experiment()}. */
    default List<Cell> run(Map<String, String> params, Settings settings) throws Exception {
        return run(new CellParams(experiment(), params), settings);
    }

    /** Runs the scenario at its checked params and returns its cells, one per metric. */
    List<Cell> run(CellParams params, Settings settings) throws Exception;
}
