package org.loomlab.matrix;

import org.loomlab.axis.Arch;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class JdkDescriptorTest {

    private static final Path JDKS = Path.of(System.getProperty("loomlab.home", "../..")).resolve("jdks");

    @Test
    void everyDescriptorOfTheRepositoryReadsAndTheIssuesIdsAreThere() throws Exception {
        List<JdkDescriptor> all = JdkDescriptor.all(JDKS);
        assertThat(all).extracting(JdkDescriptor::id).contains("openjdk-21", "openjdk-24", "openjdk-25", "openjdk-26",
                "openjdk-27", "temurin-24", "temurin-25", "liberica-24", "liberica-25");
        assertThat(all).filteredOn(d -> d.build() == JdkDescriptor.Build.NONE)
                .allSatisfy(d -> assertThat(d.verified()).as(d.id()).isFalse());
        assertThat(all).allSatisfy(d -> assertThat(d.registryImage()).isNotBlank());
    }

    @Test
    void pullingStartsFromTheVendorsImageOrFromDebianPlusThePackage() throws Exception {
        List<JdkDescriptor> all = JdkDescriptor.all(JDKS);
        assertThat(JdkDescriptor.select(all, List.of("temurin-25")).get(0).registryBase())
                .isEqualTo(new JdkDescriptor.RegistryBase("eclipse-temurin:25-jdk-noble", null));
        assertThat(JdkDescriptor.select(all, List.of("liberica-25")).get(0).registryBase())
                .isEqualTo(new JdkDescriptor.RegistryBase("bellsoft/liberica-openjdk-debian:25", null));
        assertThat(JdkDescriptor.select(all, List.of("openjdk-21")).get(0).registryBase())
                .isEqualTo(new JdkDescriptor.RegistryBase("debian:trixie-slim", "openjdk-21-jdk-headless"));
    }

    @Test
    void unknownIdNamesTheKnownOnes() throws Exception {
        assertThatThrownBy(() -> JdkDescriptor.select(JdkDescriptor.all(JDKS), List.of("zulu-8")))
                .hasMessageStartingWith("unknown JDK 'zulu-8'; known: liberica-24, liberica-25, openjdk-21");
    }

    @Test
    void missingFieldNamesTheFileAndTheField(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("openjdk-99.properties");
        Files.writeString(file, "id=openjdk-99\nvendor=x\nfeature=99\nregistry_image=x\nbuild=debian-package\nbase=sid\n"
                + "verified=false\nreason=test\n");
        assertThatThrownBy(() -> JdkDescriptor.read(file))
                .hasMessage("jdks/openjdk-99.properties: missing field 'package'");
        Files.writeString(file, "id=openjdk-99\nvendor=x\nfeature=99\nregistry_image=x\nbuild=nix\nverified=false\nreason=t\n");
        assertThatThrownBy(() -> JdkDescriptor.read(file))
                .hasMessage("jdks/openjdk-99.properties: field 'build' is 'nix'; valid: debian-package, host-copy, none");
    }

    @Test
    void aForeignArchitectureGetsItsOwnTagAndBaseAndNoHostCopiedJdk() throws Exception {
        List<JdkDescriptor> all = JdkDescriptor.all(JDKS);
        JdkDescriptor openjdk = JdkDescriptor.select(all, List.of("openjdk-25")).get(0);
        JdkDescriptor temurin = JdkDescriptor.select(all, List.of("temurin-25")).get(0);
        Arch foreign = Arch.host() == Arch.AMD64 ? Arch.ARM64 : Arch.AMD64;
        assertThat(openjdk.image(Arch.host())).isEqualTo("loom-lab/runner:openjdk-25");
        assertThat(openjdk.image(foreign)).isEqualTo("loom-lab/runner:openjdk-25-" + foreign.label());
        assertThat(openjdk.baseImage(foreign)).isEqualTo("loom-lab/base:trixie-" + foreign.label());
        assertThat(openjdk.unbuildable(foreign)).isEmpty();
        assertThat(temurin.unbuildable(foreign)).hasValue("its JDK is copied from the host, which has no "
                + foreign.label() + " build of it");
        assertThatThrownBy(() -> Arch.of("riscv64")).hasMessage("unknown architecture 'riscv64'; valid: amd64, arm64");
    }
}
