package org.loomlab;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.library.Architectures.LayeredArchitecture;
import org.apache.commons.statistics.distribution.TDistribution;
import org.apache.commons.statistics.inference.TTest;
import org.junit.jupiter.api.Test;
import org.loomlab.cli.LoomLab;
import org.loomlab.stats.StudentT;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The lab's packages in layers, top to bottom, as docs/ARCHITECTURE.md draws them: a package imports only from
 * the layers below its own, never from one above it nor from a sibling in its own layer, so there is no cycle
 * either. The record module (record, axis, catalogue, and stats, the statistics kernel) sits below them all; Maven
 * already keeps it from seeing the lab. Only the kernel takes Student's t from Commons Statistics.
 */
class LayersTest {

    /** Top to bottom; packages in one row are siblings and do not import each other. */
    static final List<List<String>> LAYERS = List.of(
            List.of("cli"),
            List.of("matrix"),
            List.of("claims", "report", "run"),
            List.of("progress"),
            List.of("compare", "history", "plan"),
            List.of("fingerprint", "fixturehost"),
            List.of("docker", "layout", "text"));

    /** The lab's own classes (where LoomLab was loaded from), not its tests nor the modules and jars it is built on. */
    private static final JavaClasses LAB = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPath(labClasses());

    private static Path labClasses() {
        try {
            return Path.of(LoomLab.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    @Test
    void everyPackageIsInALayer() {
        String[] placed = LAYERS.stream().flatMap(List::stream).map(p -> "org.loomlab." + p + "..").toArray(String[]::new);
        classes().should().resideInAnyPackage(placed)
                .because("a new package takes its place in LayersTest.LAYERS and docs/ARCHITECTURE.md")
                .check(LAB);
    }

    @Test
    void noPackageImportsFromALayerAboveItsOwnOrFromASibling() {
        LayeredArchitecture layers = layeredArchitecture().consideringOnlyDependenciesInLayers();
        for (List<String> row : LAYERS) {
            for (String p : row) {
                layers = layers.layer(p).definedBy("org.loomlab." + p + "..");
            }
        }
        for (int i = 0; i < LAYERS.size(); i++) {
            List<String> below = new ArrayList<>();
            LAYERS.subList(i + 1, LAYERS.size()).forEach(below::addAll);
            for (String p : LAYERS.get(i)) {
                layers = below.isEmpty() ? layers.whereLayer(p).mayNotAccessAnyLayer()
                        : layers.whereLayer(p).mayOnlyAccessLayers(below.toArray(String[]::new));
            }
        }
        layers.because("docs/ARCHITECTURE.md orders the lab's packages top to bottom").check(LAB);
    }

    /** Everything of the lab and the record module (record, axis, catalogue, stats), tests left out. */
    private static final JavaClasses ALL = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importUrls(List.of(LoomLab.class.getProtectionDomain().getCodeSource().getLocation(),
                    StudentT.class.getProtectionDomain().getCodeSource().getLocation()));

    @Test
    void onlyTheStatisticsKernelTakesTheTDistribution() {
        assertThat(List.of("org.loomlab.stats.StudentT", "org.loomlab.record.Summary", "org.loomlab.compare.Ratio"))
                .as("the kernel and its users are among the classes checked").allMatch(ALL::contain);
        noClasses().that().resideOutsideOfPackage("org.loomlab.stats..")
                .should().dependOnClassesThat().haveFullyQualifiedName(TDistribution.class.getName())
                .orShould().dependOnClassesThat().haveFullyQualifiedName(TTest.class.getName())
                .because("t quantiles, tails and tests are computed once, in the record module's org.loomlab.stats")
                .check(ALL);
    }

    @Test
    void noPackageCycle() {
        slices().matching("org.loomlab.(*)..").should().beFreeOfCycles().check(LAB);
    }

    @Test
    void theOrderIsTheOneDocsArchitectureDraws() throws IOException {
        String drawn = LAYERS.stream().map(row -> row.size() == 1 ? row.get(0) : "(" + String.join(", ", row) + ")")
                .collect(Collectors.joining(" -> ")) + " -> record module";
        Path doc = Path.of(System.getProperty("loomlab.home", "../.."), "docs", "ARCHITECTURE.md");
        assertThat(Files.readString(doc)).contains(drawn);
    }
}
