package org.loomlab.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code loom-lab -V} from the built jar: the version the build stamped, the release tag and commit of this clone, the
 * jars' hash.
 */
class VersionIT {

    @TempDir
    Path tmp;

    @Test
    void saysTheBuildsVersionCommitAndJars() throws Exception {
        LabProcess.Result r = LabProcess.run(tmp.resolve("log"), 60, "-V");
        assertThat(r.exitCode()).isEqualTo(LoomLab.OK);
        // The parent pom's own version: the first <version> after its <artifactId>loom-lab</artifactId>.
        String pomVersion = Files.readString(LabProcess.HOME.resolve("suite/pom.xml"))
                .replaceAll("(?s).*?<artifactId>loom-lab</artifactId>\\s*<version>([^<]+)</version>.*", "$1");
        // the release tag HEAD is at (the commit then said only on a dirty tree) or after, or none, and the commit
        assertThat(r.stdout()).startsWith("loom-lab " + pomVersion + ", ")
                .containsPattern("^loom-lab \\S+, (v[^+\\s]+(\n| \\(commit [0-9a-f]{12}, dirty tree\\))"
                        + "|(v[^+\\s]+\\+[0-9]+|no release tag) \\(commit [0-9a-f]{12}(, dirty tree)?\\)\n)")
                .containsPattern("jars sha256 [0-9a-f]{64}");
    }

    @Test
    void binLoomLabPrintsNoJvmWarning() throws Exception {
        // The script as a user runs it: no sun.misc.Unsafe or native-access lines from the lab's own JVM.
        for (List<String> args : List.of(List.of("-V"), List.of("run", "--prof", "nope"))) {
            List<String> cmd = new java.util.ArrayList<>(List.of(LabProcess.HOME.resolve("bin/loom-lab").toString()));
            cmd.addAll(args);
            LabProcess.Result r = LabProcess.command(tmp.resolve("log-" + args.size()), 60,
                    Map.of("JAVA_HOME", System.getProperty("java.home")), cmd);
            assertThat(r.stderr().lines()).as(String.join(" ", args)).noneMatch(line -> line.startsWith("WARNING:"));
        }
    }
}
