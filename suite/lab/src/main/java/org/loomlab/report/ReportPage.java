package org.loomlab.report;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * What a report directory receives: {@code report.md}, {@code index.html} and the SVG charts the Markdown links by
 * file name. A page type ({@link RunReportPage}, {@link MatrixReportPage}) builds the Markdown and the HTML side by
 * side from the same tables, so the two never tell different stories; writing them is the caller's.
 *
 * @param charts SVG by file name, in the order report.md links them
 */
public record ReportPage(String markdown, String html, Map<String, String> charts) {

    public static final String MARKDOWN = "report.md";
    public static final String HTML = "index.html";

    /** Markdown links from the report directory to those of {@code files} that exist (relative, so the page moves with them). */
    static String links(Path reportDir, List<Path> files) {
        return files.stream().filter(Files::isRegularFile).map(f -> link(reportDir, f))
                .collect(Collectors.joining(" · ", "record: ", ""));
    }

    /** A Markdown link from the report directory to {@code file}, named by its file name. */
    static String link(Path reportDir, Path file) {
        return "[" + file.getFileName() + "](" + reportDir.toAbsolutePath().normalize()
                .relativize(file.toAbsolutePath().normalize()).toString().replace('\\', '/') + ")";
    }

    /** The SVG file of a chart titled e.g. {@code philosophers (ms/op)}: {@code philosophers-ms-op.svg}. */
    static String chartFile(String title) {
        return title.replaceAll("[^A-Za-z0-9]+", "-").replaceAll("-+$", "") + ".svg";
    }
}
