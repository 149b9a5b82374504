package org.loomlab.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.loomlab.axis.Arch;
import org.loomlab.docker.DockerEngine;
import org.loomlab.layout.ImageNames;
import org.loomlab.record.RecordJson;
import tools.jackson.databind.JsonNode;

import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/** `images --list --json`: the names scripts ask for, as the lab builds and runs them (images built by `just images`). */
class ImagesListIT {

    @TempDir
    Path tmp;

    @Test
    void theListNamesTheImagesTheLabBuiltAndSaysWhichExist() throws Exception {
        LabProcess.Result r = LabProcess.run(tmp, 120, "images", "--list", "--json", "--jdk", "openjdk-21,liberica-25");
        assertThat(r.exitCode()).as(r.stderr()).isZero();
        JsonNode list = RecordJson.mapper().readTree(r.stdout());
        Arch own = Arch.host();
        assertThat(list.get("host_arch").asString()).isEqualTo(own.label());
        assertThat(list.at("/fixture/image").asString()).isEqualTo(ImageNames.fixture(own));
        assertThat(list.at("/fixture/built").asBoolean()).isTrue();
        JsonNode openjdk = list.at("/runners/0");
        assertThat(openjdk.get("jdk").asString()).isEqualTo("openjdk-21");
        assertThat(openjdk.get("image").asString()).isEqualTo("loom-lab/runner:openjdk-21");
        assertThat(openjdk.get("built").asBoolean()).isEqualTo(DockerEngine.exists("loom-lab/runner:openjdk-21")).isTrue();
        assertThat(openjdk.get("base").asString()).isEqualTo("trixie");
        // On the other architecture's engine the same image carries this one's name as a suffix.
        Arch other = own == Arch.AMD64 ? Arch.ARM64 : Arch.AMD64;
        assertThat(openjdk.at("/names/" + other.label()).asString()).isEqualTo("loom-lab/runner:openjdk-21-" + own.label());
        JsonNode liberica = list.at("/runners/1");
        assertThat(liberica.get("build").asString()).isEqualTo("none");
        assertThat(liberica.get("why_not").asString()).isNotBlank();
        assertThat(liberica.get("built").asBoolean()).isFalse();
    }

    @Test
    void aForeignArchitectureIsListedUnderItsSuffixedNames() throws Exception {
        Arch other = Arch.host() == Arch.AMD64 ? Arch.ARM64 : Arch.AMD64;
        LabProcess.Result r = LabProcess.run(tmp, 120, "images", "--list", "--arch", other.label(), "--jdk", "openjdk-25");
        assertThat(r.exitCode()).as(r.stderr()).isZero();
        assertThat(r.stdout()).contains("images for " + other.label(), "loom-lab/runner:openjdk-25-" + other.label());
    }

    @Test
    void jsonWithoutListIsAOneLineError() throws Exception {
        LabProcess.Result r = LabProcess.run(tmp, 60, "images", "--json");
        assertThat(r.exitCode()).isEqualTo(LoomLab.USAGE);
        assertThat(r.stderr().strip()).isEqualTo("loom-lab: --json lists images; give it with --list");
    }
}
