package org.loomlab.catalogue;

import org.loomlab.record.RecordJson;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import java.util.zip.ZipFile;

/**
 * Every experiment the benchmarks jar can run, as data: the experiments declare themselves in Java beside
 * their code, the build writes this catalogue into the jar ({@value #RESOURCE}), and the lab reads it from
 * the jar it runs. So the lab plans cells without the experiments' classes (vert.x, OkHttp, the fixture).
 */
public record Catalogue(List<ExperimentSpec> experiments) {

    /** Where the catalogue lives inside the benchmarks jar. */
    public static final String RESOURCE = "META-INF/loom-lab/catalogue.json";

    public Catalogue {
        experiments = List.copyOf(experiments);
    }

    /** The experiment labelled {@code label}, or a one-line error naming the valid ones. */
    public ExperimentSpec experiment(String label) {
        return experiments.stream().filter(e -> e.label().equals(label)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("unknown experiment '" + label + "'; valid: "
                        + experiments.stream().map(ExperimentSpec::label).collect(Collectors.joining(", "))));
    }

    public static Catalogue read(InputStream json) throws IOException {
        return RecordJson.mapper().readValue(json, Catalogue.class);
    }

    /** The catalogue inside the benchmarks jar {@code jar}; a one-line error when it has none. */
    public static Catalogue in(Path jar) {
        try (ZipFile zip = new ZipFile(jar.toFile())) {
            var entry = zip.getEntry(RESOURCE);
            if (entry == null) {
                throw new IllegalArgumentException("no experiment catalogue (" + RESOURCE + ") in " + jar
                        + " (rebuild it with: just build)");
            }
            try (InputStream in = zip.getInputStream(entry)) {
                return read(in);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the experiment catalogue of " + jar, e);
        }
    }

    /** The catalogue on this JVM's class path (the benchmarks jar's classes, in tests). */
    public static Catalogue onClassPath() {
        try (InputStream in = Catalogue.class.getClassLoader().getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException("no experiment catalogue (" + RESOURCE + ") on the class path");
            }
            return read(in);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the experiment catalogue on the class path", e);
        }
    }

    /** Writes the catalogue as JSON to {@code file} (the build does, into the benchmarks jar's classes). */
    public void write(Path file) {
        RecordJson.writeAtomically(file, this);
    }
}
