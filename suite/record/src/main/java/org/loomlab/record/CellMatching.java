package org.loomlab.record;

import org.loomlab.catalogue.AxisSpec;
import org.loomlab.catalogue.Catalogue;
import org.loomlab.catalogue.ExperimentSpec;

import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Which cells of records are the same point of the matrix when some records are older than one of its axes. A cell
 * recorded before an axis existed lacks its param, and ran at the value its catalogue declares for such cells
 * ({@link AxisSpec#whenAbsent()}, e.g. {@code gc=g1}, the collector a JVM picks by itself on a server-class machine):
 * the absent param matches that value and no other. An axis that declares none matches only as recorded.
 */
public final class CellMatching {

    /** Cells match only as recorded (no catalogue at hand). */
    public static final CellMatching EXACT = new CellMatching(Map.of());

    /** By experiment, then axis: the value a cell without the axis's param ran at. */
    private final Map<String, Map<String, String>> whenAbsent;

    private CellMatching(Map<String, Map<String, String>> whenAbsent) {
        this.whenAbsent = whenAbsent;
    }

    /** The matching the catalogue's axes declare. */
    public static CellMatching of(Catalogue catalogue) {
        Map<String, Map<String, String>> out = new LinkedHashMap<>();
        for (ExperimentSpec e : catalogue.experiments()) {
            Map<String, String> values = e.axes().stream().filter(a -> a.whenAbsent() != null)
                    .collect(Collectors.toMap(AxisSpec::name, AxisSpec::whenAbsent, (a, b) -> a, LinkedHashMap::new));
            if (!values.isEmpty()) {
                out.put(e.label(), values);
            }
        }
        return new CellMatching(out);
    }

    /**
     * The same matching, kept to the axes some of {@code cells} records: records that all lack an axis are compared,
     * and shown, as they were recorded.
     */
    public CellMatching among(Collection<Cell> cells) {
        Map<String, Map<String, String>> out = new LinkedHashMap<>();
        whenAbsent.forEach((experiment, values) -> {
            Map<String, String> recorded = new LinkedHashMap<>(values);
            recorded.keySet().removeIf(axis -> cells.stream()
                    .noneMatch(c -> c.experiment().equals(experiment) && c.params().containsKey(axis)));
            if (!recorded.isEmpty()) {
                out.put(experiment, recorded);
            }
        });
        return new CellMatching(out);
    }

    /** The params {@code c} ran at: its own, then the declared value of each axis it lacks. */
    public Map<String, String> params(Cell c) {
        Map<String, String> values = whenAbsent.getOrDefault(c.experiment(), Map.of());
        if (c.params().keySet().containsAll(values.keySet())) {
            return c.params();
        }
        Map<String, String> out = new LinkedHashMap<>(c.params());
        values.forEach(out::putIfAbsent);
        return out;
    }

    /** The point of the matrix {@code c} measured. */
    public CellKey key(Cell c) {
        return new CellKey(c.experiment(), params(c), c.metric(), c.unit());
    }

    /** The cells by key, as {@link CellKey#index(List)} keeps them. */
    public Map<CellKey, Cell> index(List<Cell> cells) {
        return CellKey.index(cells, this::key);
    }
}
