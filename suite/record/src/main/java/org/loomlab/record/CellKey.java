package org.loomlab.record;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * What makes two cells the same point of the matrix, whatever JDK, host or run measured them:
 * experiment, params, metric and unit. Reports and diffs match cells on it, through {@link CellMatching} when some
 * records are older than an axis.
 */
public record CellKey(String experiment, Map<String, String> params, String metric, String unit) {

    public CellKey {
        params = Collections.unmodifiableMap(new LinkedHashMap<>(params)); // keeps the axes' order
    }

    public static CellKey of(Cell c) {
        return new CellKey(c.experiment(), c.params(), c.metric(), c.unit());
    }

    /** The cells by key, in order: where a key has several, its first ok one, else its first. */
    public static Map<CellKey, Cell> index(List<Cell> cells) {
        return index(cells, CellKey::of);
    }

    /** The cells by the key {@code key} gives each ({@link CellMatching#key}), kept as {@link #index(List)} keeps them. */
    static Map<CellKey, Cell> index(List<Cell> cells, Function<Cell, CellKey> key) {
        Map<CellKey, Cell> out = new LinkedHashMap<>();
        for (Cell c : cells) {
            out.merge(key.apply(c), c, (first, next) -> first.status() != CellStatus.OK && next.status() == CellStatus.OK ? next : first);
        }
        return out;
    }

    /** The axes whose value differs between the cells: the others say nothing about a row. */
    public static List<String> varying(List<Map<String, String>> params) {
        Set<String> varying = new LinkedHashSet<>();
        params.forEach(p -> p.forEach((axis, value) -> {
            if (params.stream().anyMatch(o -> !value.equals(o.get(axis)))) {
                varying.add(axis);
            }
        }));
        return List.copyOf(varying);
    }
}
