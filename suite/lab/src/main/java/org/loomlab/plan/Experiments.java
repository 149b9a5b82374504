package org.loomlab.plan;

import org.loomlab.catalogue.Catalogue;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.zip.ZipEntry;
import java.util.zip.ZipException;
import java.util.zip.ZipFile;

/**
 * The experiments a benchmarks jar can run, read from its catalogue, and the cells of a run over them. The lab
 * knows no experiment by itself: what it runs is what the jar it runs declares.
 */
public record Experiments(List<Experiment> all) {

    public Experiments {
        all = List.copyOf(all);
    }

    public static Experiments of(Catalogue catalogue) {
        return new Experiments(catalogue.experiments().stream().map(Experiment::new).toList());
    }

    /**
     * The experiments of the benchmarks jar {@code jar}: its catalogue, or, in a plain JMH jar that has none, one
     * experiment per benchmark as JMH's own list names it ({@link JmhBenchmarkList}); a one-line error when it has
     * neither.
     */
    public static Experiments in(Path jar) {
        if (!Files.isRegularFile(jar)) {
            throw new IllegalArgumentException("benchmarks jar not found: " + jar + " (build it with: just build)");
        }
        try (ZipFile zip = new ZipFile(jar.toFile())) {
            if (zip.getEntry(Catalogue.RESOURCE) != null) {
                return of(Catalogue.in(jar));
            }
            ZipEntry list = zip.getEntry(JmhBenchmarkList.RESOURCE);
            if (list == null) {
                throw new IllegalArgumentException("no experiment catalogue (" + Catalogue.RESOURCE + ") nor JMH benchmark "
                        + "list (" + JmhBenchmarkList.RESOURCE + ") in " + jar + "; valid: the lab's benchmarks jar (just "
                        + "build) or a JMH benchmarks jar (e.g. the shaded jar of a project built with JMH's annotation processor)");
            }
            try (InputStream in = zip.getInputStream(list)) {
                return of(JmhBenchmarkList.catalogue(in, jar));
            }
        } catch (ZipException notAJar) {
            throw new IllegalArgumentException("benchmarks jar " + jar + " is not a jar (" + notAJar.getMessage() + ")");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the benchmarks jar " + jar, e);
        }
    }

    /** The experiment labelled {@code label}, or a one-line error naming the valid ones. */
    public Experiment of(String label) {
        return all.stream().filter(e -> e.label().equals(label)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("unknown experiment '" + label + "'; valid: "
                        + all.stream().map(Experiment::label).collect(Collectors.joining(", "))));
    }

    /**
     * Several named experiments each take the filters on the axes they have, so one run can hold {@code philosophers}
     * at {@code dinner=lab} beside {@code coroutine-philosophers} at {@code dispatcher=default} for a claim to pair;
     * a param none of them has is still a typo, and a one-line error naming the valid ones.
     */
    private static void requireAxes(List<Experiment> chosen, Map<String, List<String>> filters) {
        for (String key : filters.keySet()) {
            if (chosen.stream().noneMatch(e -> e.axisNames().contains(key))) {
                throw new IllegalArgumentException("unknown param '" + key + "' for " + chosen.stream()
                        .map(Experiment::label).collect(Collectors.joining(", ")) + "; valid: " + chosen.stream()
                        .flatMap(e -> e.axisNames().stream()).distinct().collect(Collectors.joining(", ")));
            }
        }
    }

    /** The filters on the axes {@code e} has. */
    private static Map<String, List<String>> own(Experiment e, Map<String, List<String>> filters) {
        Map<String, List<String>> out = new LinkedHashMap<>(filters);
        out.keySet().retainAll(e.axisNames());
        return out;
    }

    /**
     * The cells of a run: of {@code chosen} experiments, or when none are named, of every experiment
     * that has all the axes the filters name (so {@code --param lock=synchronized} keeps to experiments
     * with locks). Every value is checked before anything runs.
     */
    public List<CellPlan> plan(List<Experiment> chosen, Profile profile, Map<String, List<String>> filters) {
        if (chosen.size() == 1) {
            return chosen.get(0).cells(profile, filters);
        }
        if (!chosen.isEmpty()) {
            requireAxes(chosen, filters);
            return chosen.stream().flatMap(e -> e.cells(profile, own(e, filters)).stream()).toList();
        }
        // Unnamed experiments join when they have every filtered axis and accept its values:
        // `executor=pool-1` means the service's executor, not footprint's.
        List<CellPlan> out = new ArrayList<>();
        IllegalArgumentException firstRejection = null;
        for (Experiment e : all) {
            if (!e.axisNames().containsAll(filters.keySet())) {
                continue;
            }
            try {
                out.addAll(e.cells(profile, filters));
            } catch (IllegalArgumentException rejected) {
                firstRejection = firstRejection == null ? rejected : firstRejection;
            }
        }
        if (!out.isEmpty()) {
            return out;
        }
        if (firstRejection != null) {
            throw firstRejection;
        }
        String unknown = filters.keySet().stream()
                .filter(k -> all.stream().noneMatch(e -> e.axisNames().contains(k)))
                .findFirst().orElse(String.join(", ", filters.keySet()));
        throw new IllegalArgumentException("unknown param '" + unknown + "'; valid: " + all.stream()
                .flatMap(e -> e.axisNames().stream()).distinct().collect(Collectors.joining(", ")));
    }
}
