package org.loomlab.cli;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.loomlab.record.RecordJson;
import tools.jackson.databind.JsonNode;

import javax.imageio.ImageIO;
import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The real {@code loom-lab report} renders each kind of page from committed records (copied, so nothing is written
 * under results/), and headless Chromium opens each index.html from the file system: the charts drew (the
 * screenshot holds the series' colours, not just a legend), the DOM holds a point per ok cell and a series per JDK,
 * and the console stayed clean. A page with its points removed and a failing script must fail all three checks.
 */
class HtmlReportIT {

    /** Coloured pixels a screenshot must hold: a page whose charts are empty has only legend dots (about 80 each). */
    private static final int DRAWN = 600;
    /** Chromium 156 logs every console message, errors too, as {@code INFO:CONSOLE:<line>]}; the page has no script. */
    private static final Pattern CONSOLE_ERROR = Pattern.compile("Uncaught|:CONSOLE[:(]\\d+");

    private static String chromium;

    @TempDir
    Path tmp;

    @BeforeAll
    static void findOrInstallChromium(@TempDir Path logs) throws Exception {
        LabProcess.Result r = LabProcess.command(logs, 900, Map.of(),
                List.of(LabProcess.HOME.resolve("bin/headless-chromium").toString()));
        assertThat(r.exitCode()).as("bin/headless-chromium: %s", r.stderr()).isZero();
        chromium = r.stdout().strip();
    }

    @Test
    void rendersARunPageThatDrawsInChromium() throws Exception {
        Path run = copyRun("results/vm-epyc-2c-24g/temurin-25/bench-b/run.json");
        Path page = report(run).resolve("report/index.html");
        List<JsonNode> runs = List.of(RecordJson.mapper().readTree(run.toFile()));

        String dom = opened(page, "run");
        assertThat(count(dom, "<circle class=\"point")).isEqualTo(okPoints(runs));
        assertThat(count(dom, "<figure class=\"chart\"")).isEqualTo(groups(runs));
        assertThat(seriesNames(dom)).contains("threads=virtual", "threads=platform", "executor=virtual");
        assertThat(dom).contains("data-status=\"timeout\"", "class=\"point flagged\"", "workload=http-jdk");
        assertThat(dom).contains("<td>philosophers</td>"); // the results table, from the Markdown report
    }

    @Test
    void rendersAMatrixPageWithASeriesPerJdkAndTheClaims() throws Exception {
        Path matrix = copyMatrix("results/vm", "matrix-quick-4jdks.json", "claims-quick-4jdks.md",
                "diff-quick-4jdks-openjdk-21-vs-25.md");
        report(matrix);
        Path page = matrix.resolveSibling("matrix-quick-4jdks-report/index.html");

        String dom = opened(page, "matrix");
        List<JsonNode> runs = runsOf(matrix);
        assertThat(count(dom, "<circle class=\"point")).isEqualTo(okPoints(runs));
        assertThat(new LinkedHashSet<>(seriesNames(dom))).containsExactly("openjdk-21", "openjdk-25", "openjdk-26", "temurin-25");
        assertThat(count(dom, "<g class=\"series\"")).isEqualTo(4 * count(dom, "<figure class=\"chart\""));
        assertThat(dom).contains("Claims: claims-quick-4jdks", "Diff: diff-quick-4jdks-openjdk-21-vs-25");
    }

    @Test
    void rendersTheRelativeViewOfAMatrixWithABarPerDeltaRow() throws Exception {
        Path matrix = copyMatrix("results/vm-epyc-2c-24g", "matrix-quick-4jdks-e.json", "calibration/run-to-run.json");
        report(matrix);
        Path dir = matrix.resolveSibling("matrix-quick-4jdks-e-report");
        assertThat(Files.readString(dir.resolve("index.html"))).contains("<a href=\"relative.html\">");
        assertThat(dir.resolve("relative.md")).exists();

        // Most rows of a quick matrix are inconclusive, drawn hollow in grey: the legend and a few bars are the colour.
        String dom = opened(dir.resolve("relative.html"), "relative", 100);
        // The JDKs ran one after another: widened by the host's calibrated factor, as diff does.
        double factor = RecordJson.mapper().readTree(matrix.resolveSibling("calibration/run-to-run.json").toFile())
                .get("factor").asDouble();
        assertThat(dom).contains(String.format(java.util.Locale.ROOT,
                "runs apart: intervals widened by the host's run-to-run factor x%.2f", factor));
        assertThat(dom).contains("<th>delta [interval]</th>", "<th>p (adjusted)</th>", "<th>verdict</th>");
        assertThat(dom).contains("openjdk-25 against openjdk-21", "openjdk-26 against openjdk-21", "temurin-25 against openjdk-21");
        // Every table row (the header rows aside) is a compared cell, and each has its bar in an SVG.
        int rows = count(dom, "<tr>") - count(dom, "<thead>");
        assertThat(rows).isGreaterThan(100);
        assertThat(count(dom, "<rect class=\"bar\"")).isEqualTo(rows);
        assertThat(count(dom, "<svg")).isEqualTo(count(dom, "<thead>"));
        assertThat(seriesNames(dom)).contains("inconclusive").isSubsetOf("faster", "slower", "less", "more", "same", "inconclusive");
    }

    @Test
    void rendersALabResultSetAcrossHosts() throws Exception {
        Path intel = copyMatrix("results/lab-intel-xeon-2c-24g", "matrix-smoke-lab.json");
        Path arm = copyMatrix("results/lab-arm-xeon-2c-24g-arm64-qemu", "matrix-smoke-lab.json");
        report(intel, arm);
        Path page = tmp.resolve("results/matrix-smoke-lab-report/index.html");

        String dom = opened(page, "lab");
        List<JsonNode> runs = new ArrayList<>(runsOf(intel));
        runs.addAll(runsOf(arm));
        assertThat(count(dom, "<circle class=\"point")).isEqualTo(okPoints(runs));
        assertThat(new LinkedHashSet<>(seriesNames(dom)))
                .containsExactly("openjdk-21@lab-intel-xeon-2c-24g", "openjdk-25@lab-intel-xeon-2c-24g",
                        "openjdk-25@lab-arm-xeon-2c-24g-arm64-qemu");
    }

    @Test
    void aPageWithEmptyChartsAndAFailingScriptFailsEveryCheck() throws Exception {
        Path run = copyRun("results/vm-epyc-2c-24g/temurin-25/bench-b/run.json");
        Path page = report(run).resolve("report/index.html");
        String broken = Files.readString(page)
                .replaceAll("(?s)<circle class=\"point.*?</circle>|<line class=\"whisker\"[^>]*>|<text class=\"flag\".*?</text>", "")
                .replace("</body>", "<script>undefinedFunction();</script></body>");
        Path empty = page.resolveSibling("empty.html");
        Files.writeString(empty, broken);

        Browser shown = Browser.open(empty, tmp.resolve("empty.png"));
        assertThat(count(shown.dom(), "<circle class=\"point")).isZero();
        assertThat(shown.colouredPixels()).isLessThan(DRAWN);
        assertThat(CONSOLE_ERROR.matcher(shown.log()).find()).as(shown.log()).isTrue();
    }

    /** Opens the page in Chromium; asserts it drew and logged no error; returns its DOM after load. */
    private String opened(Path page, String name) throws Exception {
        return opened(page, name, DRAWN);
    }

    private String opened(Path page, String name, int drawn) throws Exception {
        assertThat(page).exists();
        String html = Files.readString(page);
        assertThat(html).doesNotContain("<script", "<link", "@import", "url(") // nothing to run, nothing to fetch
                .doesNotContainPattern("(src|href)=\"(https?:)?//");
        Browser shown = Browser.open(page, tmp.resolve(name + ".png"));
        assertThat(shown.colouredPixels()).as("pixels in the series' colours").isGreaterThanOrEqualTo(drawn);
        assertThat(shown.nonWhiteShare()).isBetween(0.02, 0.6);
        assertThat(CONSOLE_ERROR.matcher(shown.log()).find()).as(shown.log()).isFalse();
        return shown.dom();
    }

    /** What Chromium made of a page: its DOM after load, its screenshot's pixels, its log. */
    private record Browser(String dom, BufferedImage screenshot, String log) {

        static Browser open(Path page, Path png) throws Exception {
            String url = page.toUri().toString();
            Path logs = png.resolveSibling(png.getFileName() + ".logs");
            LabProcess.Result shot = LabProcess.command(logs.resolve("shot"), 120, Map.of(), List.of(chromium, "--headless",
                    "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--enable-logging=stderr", "--v=0",
                    "--screenshot=" + png, "--window-size=1280,2000", url));
            assertThat(shot.exitCode()).as(shot.stderr()).isZero();
            LabProcess.Result dom = LabProcess.command(logs.resolve("dom"), 120, Map.of(), List.of(chromium, "--headless",
                    "--no-sandbox", "--disable-gpu", "--enable-logging=stderr", "--v=0", "--dump-dom", url));
            assertThat(dom.exitCode()).as(dom.stderr()).isZero();
            return new Browser(dom.stdout(), ImageIO.read(png.toFile()), shot.stderr() + dom.stderr());
        }

        /** Coloured pixels near a series' colour: dots, whiskers, marks and legend dots, not text. */
        int colouredPixels() {
            Set<Integer> colours = new HashSet<>();
            Matcher m = Pattern.compile("class=\"series\" data-series=\"[^\"]*\" fill=\"#([0-9a-f]{6})\"").matcher(dom);
            while (m.find()) {
                colours.add(Integer.parseInt(m.group(1), 16));
            }
            int n = 0;
            for (int y = 0; y < screenshot.getHeight(); y++) {
                for (int x = 0; x < screenshot.getWidth(); x++) {
                    int rgb = screenshot.getRGB(x, y) & 0xffffff;
                    if (saturated(rgb) && colours.stream().anyMatch(c -> distance(c, rgb) < 40)) {
                        n++;
                    }
                }
            }
            return n;
        }

        double nonWhiteShare() {
            long n = 0;
            for (int y = 0; y < screenshot.getHeight(); y++) {
                for (int x = 0; x < screenshot.getWidth(); x++) {
                    n += (screenshot.getRGB(x, y) & 0xffffff) != 0xffffff ? 1 : 0;
                }
            }
            return (double) n / screenshot.getWidth() / screenshot.getHeight();
        }

        /** Not a grey: anti-aliased black text is grey, and must not count as a drawn dot. */
        private static boolean saturated(int rgb) {
            int r = rgb >> 16 & 0xff, g = rgb >> 8 & 0xff, b = rgb & 0xff;
            return Math.max(r, Math.max(g, b)) - Math.min(r, Math.min(g, b)) >= 50;
        }

        private static int distance(int a, int b) {
            return Math.abs((a >> 16 & 0xff) - (b >> 16 & 0xff)) + Math.abs((a >> 8 & 0xff) - (b >> 8 & 0xff))
                    + Math.abs((a & 0xff) - (b & 0xff));
        }
    }

    /** Ok cells with a positive score, one per cell key and run: what the charts draw as dots. */
    private static int okPoints(List<JsonNode> runs) {
        int n = 0;
        for (JsonNode run : runs) {
            Set<String> keys = new HashSet<>();
            for (JsonNode c : run.get("results")) {
                if (c.get("status").asString().equals("ok") && c.get("score").isNumber() && c.get("score").asDouble() > 0) {
                    keys.add(c.get("experiment").asString() + c.get("params") + c.get("metric").asString() + c.get("unit").asString());
                }
            }
            n += keys.size();
        }
        return n;
    }

    /** The experiment and unit pairs of the runs: a chart each. */
    private static int groups(List<JsonNode> runs) {
        Set<String> groups = new HashSet<>();
        runs.forEach(run -> run.get("results").forEach(c -> groups.add(c.get("experiment").asString() + " " + c.get("unit").asString())));
        return groups.size();
    }

    private static List<String> seriesNames(String dom) {
        return Pattern.compile("class=\"series\" data-series=\"([^\"]*)\"").matcher(dom).results().map(r -> r.group(1)).toList();
    }

    private static int count(String text, String literal) {
        return (int) Pattern.compile(Pattern.quote(literal)).matcher(text).results().count();
    }

    private List<JsonNode> runsOf(Path matrix) throws Exception {
        List<JsonNode> runs = new ArrayList<>();
        for (JsonNode e : RecordJson.mapper().readTree(matrix.toFile()).get("jdks")) {
            if (e.hasNonNull("run_json")) {
                runs.add(RecordJson.mapper().readTree(matrix.resolveSibling(e.get("run_json").asString()).toFile()));
            }
        }
        return runs;
    }

    /** Runs {@code loom-lab report} on the records; returns the first record's directory. */
    private Path report(Path... records) throws Exception {
        List<String> args = new ArrayList<>(List.of("report"));
        Stream.of(records).map(Path::toString).forEach(args::add);
        LabProcess.Result r = LabProcess.run(tmp.resolve("report-log-" + records.length), 120, args.toArray(String[]::new));
        assertThat(r.exitCode()).as(r.stderr()).isEqualTo(LoomLab.OK);
        assertThat(r.stdout()).contains("html: file:");
        return records[0].getParent();
    }

    /** A committed run.json copied under the temporary directory at the same relative path. */
    private Path copyRun(String runJson) throws Exception {
        return copy(runJson);
    }

    /** A committed matrix record, each JDK's run.json and the named files beside it, copied. */
    private Path copyMatrix(String dir, String matrix, String... beside) throws Exception {
        Path copied = copy(dir + "/" + matrix);
        for (JsonNode e : RecordJson.mapper().readTree(copied.toFile()).get("jdks")) {
            if (e.hasNonNull("run_json")) {
                copy(dir + "/" + e.get("run_json").asString());
            }
        }
        for (String file : beside) {
            copy(dir + "/" + file);
        }
        return copied;
    }

    private Path copy(String relative) throws Exception {
        Path target = tmp.resolve(relative);
        Files.createDirectories(target.getParent());
        Files.copy(LabProcess.HOME.resolve(relative), target);
        return target;
    }
}
