package org.loomlab.scenario;

import org.loomlab.record.Cell;
import org.loomlab.record.RecordJson;

import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.stream.Collectors;

/**
 * Entry point of a scenario JVM: {@code ScenarioMain NAME --out FILE --samples N --duration SECONDS
 * [--fixture URL] [axis=value ...]}. Writes the scenario's cells as a JSON array, atomically, so the
 * lab reads either every cell or none. Scenarios register through {@link ServiceLoader}.
 */
public final class ScenarioMain {

    private ScenarioMain() {
    }

    public static void main(String[] args) throws Exception {
        Map<String, Scenario> known = ServiceLoader.load(Scenario.class).stream()
                .map(ServiceLoader.Provider::get)
                .collect(Collectors.toMap(Scenario::name, s -> s, (a, b) -> a, LinkedHashMap::new));
        if (args.length == 0 || !known.containsKey(args[0])) {
            System.err.println("unknown scenario '" + (args.length == 0 ? "" : args[0]) + "'; valid: "
                    + String.join(", ", known.keySet()));
            System.exit(2);
        }
        Path out = null;
        int samples = 1;
        Duration duration = Duration.ofSeconds(5);
        String fixture = null;
        Map<String, String> params = new LinkedHashMap<>();
        for (int i = 1; i < args.length; i++) {
            switch (args[i]) {
                case "--out" -> out = Path.of(args[++i]);
                case "--samples" -> samples = Integer.parseInt(args[++i]);
                case "--duration" -> duration = Duration.ofMillis(Math.round(Double.parseDouble(args[++i]) * 1000));
                case "--fixture" -> fixture = args[++i];
                default -> {
                    int eq = args[i].indexOf('=');
                    if (eq <= 0) {
                        throw new IllegalArgumentException("expected axis=value, got '" + args[i] + "'");
                    }
                    params.put(args[i].substring(0, eq), args[i].substring(eq + 1));
                }
            }
        }
        if (out == null) {
            throw new IllegalArgumentException("--out FILE is required");
        }
        List<Cell> cells = known.get(args[0]).run(params, new Settings(samples, duration, fixture));
        RecordJson.writeAtomically(out, cells);
        // Scenarios may leave non-daemon pools behind on failure paths; the cell is over.
        System.exit(0);
    }
}
