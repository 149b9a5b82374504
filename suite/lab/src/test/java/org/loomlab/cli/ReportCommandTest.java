package org.loomlab.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.loomlab.record.RecordJson;
import tools.jackson.databind.JsonNode;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code loom-lab report} of a committed matrix record, in process: both pages link the claims and diffs committed
 * beside the record, relative to the report folder, and every relative link of either page reaches a file.
 */
class ReportCommandTest {

    private static final Pattern MARKDOWN_LINK = Pattern.compile("]\\(([^)\\s#]+)\\)");
    private static final Pattern HREF = Pattern.compile("href=\"([^\"#]+)\"");

    @TempDir
    Path tmp;

    @Test
    void aMatrixPageLinksTheClaimsAndDiffsBesideItsRecordAndEveryLinkReachesAFile() throws Exception {
        List<String> beside = List.of("claims-quick-4jdks.md", "claims-quick-4jdks.json",
                "diff-quick-4jdks-openjdk-21-vs-25.md", "diff-quick-4jdks-openjdk-21-vs-25.json");
        Path matrix = copy("results/vm/matrix-quick-4jdks.json");
        for (JsonNode e : RecordJson.mapper().readTree(matrix.toFile()).get("jdks")) {
            if (e.hasNonNull("run_json")) {
                copy("results/vm/" + e.get("run_json").asString());
            }
        }
        beside.forEach(f -> copy("results/vm/" + f));

        assertThat(LoomLab.execute("report", matrix.toString())).isEqualTo(LoomLab.OK);

        Path dir = matrix.resolveSibling("matrix-quick-4jdks-report");
        String markdown = Files.readString(dir.resolve("report.md"));
        String html = Files.readString(dir.resolve("index.html"));
        for (String file : beside) {
            assertThat(markdown).contains("[" + file + "](../" + file + ")");
            assertThat(html).contains("<a href=\"../" + file + "\">" + file + "</a>");
        }
        assertThat(links(MARKDOWN_LINK, markdown)).hasSizeGreaterThan(beside.size())
                .allSatisfy(link -> assertThat(dir.resolve(link).normalize()).as(link).exists());
        assertThat(links(HREF, html)).hasSizeGreaterThan(beside.size())
                .allSatisfy(link -> assertThat(dir.resolve(link).normalize()).as(link).exists());
    }

    @Test
    void aMatrixPageWithNothingBesideItsRecordListsNothing() throws Exception {
        Path matrix = copy("results/vm/matrix-quick-4jdks.json");
        for (JsonNode e : RecordJson.mapper().readTree(matrix.toFile()).get("jdks")) {
            if (e.hasNonNull("run_json")) {
                copy("results/vm/" + e.get("run_json").asString());
            }
        }

        assertThat(LoomLab.execute("report", matrix.toString())).isEqualTo(LoomLab.OK);

        assertThat(Files.readString(matrix.resolveSibling("matrix-quick-4jdks-report/report.md")))
                .doesNotContain("Claims and diffs").doesNotContain("claims-quick-4jdks");
    }

    /** The relative targets of {@code pattern}'s links in {@code page} (no scheme: not http, not data). */
    private static List<String> links(Pattern pattern, String page) {
        return pattern.matcher(page).results().map(m -> m.group(1)).filter(l -> !l.matches("^[a-z][a-z0-9+.-]*:.*"))
                .distinct().toList();
    }

    /** A committed file copied under the temporary directory at the same relative path. */
    private Path copy(String relative) {
        try {
            Path target = tmp.resolve(relative);
            Files.createDirectories(target.getParent());
            Files.copy(LabProcess.HOME.resolve(relative), target);
            return target;
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
