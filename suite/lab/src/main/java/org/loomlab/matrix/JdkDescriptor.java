package org.loomlab.matrix;

import org.loomlab.axis.Arch;
import org.loomlab.layout.ImageNames;
import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Properties;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * One JDK build the lab can run on, from {@code jdks/<id>.properties}: who makes it, the pinned image a
 * user with a registry pulls, how to build it here without one, and whether that was verified.
 *
 * @param packageName the Debian package, for {@code debian-package}
 * @param hostJdk     the host directory copied into the image, for {@code host-copy}
 */
public record JdkDescriptor(String id, String vendor, int feature, String registryImage, Build build, String base,
                            String packageName, Path hostJdk, boolean verified, String reason, Path file) {

    /** How the image is made here. */
    public enum Build {
        DEBIAN_PACKAGE, HOST_COPY, NONE;

        String label() {
            return name().toLowerCase(Locale.ROOT).replace('_', '-');
        }
    }

    /**
     * What {@code images --pull} starts from: the registry image, and the Debian package to install on it when the
     * descriptor says {@code IMAGE + apt PACKAGE} (a plain Debian base); without one the image's own JDK is used.
     */
    public record RegistryBase(String image, String aptPackage) {
    }

    public RegistryBase registryBase() {
        String[] parts = registryImage.split("\\s*\\+\\s*apt\\s+");
        return new RegistryBase(parts[0].strip(), parts.length > 1 ? parts[1].strip() : null);
    }

    /** The runner image's name for the host's architecture. */
    public String image() {
        return image(Arch.host());
    }

    /** The runner image's name: plain for the engine's own architecture, suffixed with a foreign one. */
    public String image(Arch arch) {
        return ImageNames.runner(id, arch);
    }

    /** The debootstrap base the image starts from. */
    public String baseImage(Arch arch) {
        return ImageNames.base(base, arch);
    }

    /** Why this JDK cannot be built on this machine for the host's architecture, or empty when it can. */
    public Optional<String> unbuildable() {
        return unbuildable(Arch.host());
    }

    /** Why this JDK cannot be built on this machine for {@code arch}, or empty when it can. */
    public Optional<String> unbuildable(Arch arch) {
        if (build == Build.NONE) {
            return Optional.of(reason);
        }
        if (build == Build.HOST_COPY && arch.emulated()) {
            return Optional.of("its JDK is copied from the host, which has no " + arch.label() + " build of it");
        }
        if (build == Build.HOST_COPY && !Files.isExecutable(hostJdk.resolve("bin/java"))) {
            return Optional.of("the host JDK to copy is missing: " + hostJdk);
        }
        return Optional.empty();
    }

    public static JdkDescriptor read(Path file) throws IOException {
        Properties p = new Properties();
        try (Reader in = Files.newBufferedReader(file)) {
            p.load(in);
        }
        String name = file.getFileName().toString();
        Field f = new Field(p, "jdks/" + name);
        String id = f.required("id");
        if (!name.equals(id + ".properties")) {
            throw new IllegalArgumentException("jdks/" + name + ": field 'id' is '" + id + "' but the file is not named " + id + ".properties");
        }
        String buildText = f.required("build");
        Build build = Arrays.stream(Build.values()).filter(b -> b.label().equals(buildText)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("jdks/" + name + ": field 'build' is '" + buildText
                        + "'; valid: " + Arrays.stream(Build.values()).map(Build::label).collect(Collectors.joining(", "))));
        String feature = f.required("feature");
        if (!feature.matches("\\d+")) {
            throw new IllegalArgumentException("jdks/" + name + ": field 'feature' is '" + feature + "', not a number");
        }
        String verified = f.required("verified");
        if (!verified.equals("true") && !verified.equals("false")) {
            throw new IllegalArgumentException("jdks/" + name + ": field 'verified' is '" + verified + "'; valid: true, false");
        }
        return new JdkDescriptor(id, f.required("vendor"), Integer.parseInt(feature), f.required("registry_image"), build,
                build == Build.NONE ? p.getProperty("base") : f.required("base"),
                build == Build.DEBIAN_PACKAGE ? f.required("package") : null,
                build == Build.HOST_COPY ? Path.of(f.required("host_jdk")) : null,
                Boolean.parseBoolean(verified), f.required("reason"), file);
    }

    /** Every descriptor in {@code dir}, ordered by id. */
    public static List<JdkDescriptor> all(Path dir) throws IOException {
        List<JdkDescriptor> out = new ArrayList<>();
        try (Stream<Path> files = Files.list(dir)) {
            for (Path file : files.filter(x -> x.toString().endsWith(".properties")).sorted().toList()) {
                out.add(read(file));
            }
        }
        return out;
    }

    /** The descriptors named in {@code ids} (all when empty), or a one-line error listing the known ids. */
    public static List<JdkDescriptor> select(List<JdkDescriptor> all, List<String> ids) {
        if (ids.isEmpty()) {
            return all;
        }
        List<JdkDescriptor> out = new ArrayList<>();
        for (String id : ids) {
            out.add(all.stream().filter(d -> d.id.equals(id)).findFirst().orElseThrow(() -> new IllegalArgumentException(
                    "unknown JDK '" + id + "'; known: " + all.stream().map(JdkDescriptor::id).collect(Collectors.joining(", ")))));
        }
        return out;
    }

    /** Reads fields of one file, naming the file and field when one is missing. */
    private record Field(Properties p, String file) {
        String required(String key) {
            String v = p.getProperty(key);
            if (v == null || v.isBlank()) {
                throw new IllegalArgumentException(file + ": missing field '" + key + "'");
            }
            return v.strip();
        }
    }
}
