package org.loomlab.cli;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The real {@code loom-lab history} on a copy of the committed bench runs of vm-epyc-2c-24g on temurin-25 up to
 * bench-r, their run.json files only: it finds the platform noop dinners' drop (about 190-270 ms on kernel
 * 6.18.44-fc-v669, 127-143 ms on 6.18.44-fc-v657 from bench-q on) between bench-p and bench-q and puts it down to the
 * kernel, finds nothing in cells the A/A pairs of calibration/ call the same, writes the CSV a row per run, cell and
 * metric, and its page opens in headless Chromium with the change-point table and the marks drawn.
 */
class HistoryIT {

    private static final String HOST = "vm-epyc-2c-24g";
    private static final String KERNEL_CHANGE = "kernel 6.18.44-fc-v669 -> 6.18.44-fc-v657";

    private static String chromium;

    @TempDir
    static Path tmp;

    private static LabProcess.Result history;

    @BeforeAll
    static void historyOfTheBenchRuns() throws Exception {
        Path committed = LabProcess.HOME.resolve("results").resolve(HOST).resolve("temurin-25");
        try (Stream<Path> runs = Files.list(committed)) {
            for (Path run : runs.filter(r -> r.getFileName().toString().startsWith("bench-")
                    && r.getFileName().toString().compareTo("bench-r") <= 0).toList()) {
                Path copy = tmp.resolve("results").resolve(HOST).resolve("temurin-25").resolve(run.getFileName()).resolve("run.json");
                Files.createDirectories(copy.getParent());
                Files.copy(run.resolve("run.json"), copy);
            }
        }
        history = LabProcess.run(tmp.resolve("history-log"), 300, "history", "--results", tmp.resolve("results").toString(),
                "--host", HOST);
        LabProcess.Result found = LabProcess.command(tmp.resolve("chromium-log"), 900, Map.of(),
                List.of(LabProcess.HOME.resolve("bin/headless-chromium").toString()));
        assertThat(found.exitCode()).as("bin/headless-chromium: %s", found.stderr()).isZero();
        chromium = found.stdout().strip();
    }

    @Test
    void findsThePlatformNoopDropAtTheKernelChangeAndPutsItDownToTheKernel() throws Exception {
        assertThat(history.exitCode()).as(history.stderr()).isEqualTo(LoomLab.OK);
        assertThat(history.stderr()).contains("temurin-25, the JDK with the most runs here");
        for (String lock : List.of("reentrant", "synchronized")) {
            String row = row("lock=" + lock + " threads=platform workload=noop dinner=talk", "avgt");
            assertThat(row).contains("bench-p -> bench-q");
            // The kernel is the cause; the suite's commit and bench-p's container fixture changed too, and are said so.
            assertThat(row.substring(row.indexOf("bench-p -> bench-q"))).containsPattern("\\| " + Pattern.quote(KERNEL_CHANGE)
                    + " \\(also changed: suite [0-9a-f]{8} -> [0-9a-f]{8}");
            assertThat(row).containsPattern("\\| 2\\d\\d -> 1[34]\\d ms/op");
        }
        assertThat(history.stdout()).contains(KERNEL_CHANGE, "html: file:");
    }

    @Test
    void findsNoChangeWhereTheAaPairsSawNone() throws Exception {
        String changes = changeTable();
        // calibration/aa-bench-*.md: "same" in the pairs i-j, j-k, o-p and q-r, g-h and m-n, and identical in all.
        assertThat(rows(changes, "executor=pool-1 users=20 ", "latency")).isEmpty();
        assertThat(rows(changes, "lock=reentrant blocking=wait", "throughput")).isEmpty();
        assertThat(changes).doesNotContain("peak-os-threads");
        // The series themselves are there, with a point per bench run.
        assertThat(csvRows()).anyMatch(r -> r.contains(",service,") && r.contains("executor=pool-1") && r.contains("users=20")
                && r.contains(",latency,") && r.contains(",bench-r,"));
    }

    @Test
    void exportsARowPerRunCellAndMetric() throws Exception {
        List<String> rows = csvRows();
        assertThat(rows.get(0)).isEqualTo("host,jdk,run_id,started,experiment,params,metric,unit,score,ci_low,ci_high,forks,"
                + "suite_commit,runtime_version,kernel");
        assertThat(rows).allSatisfy(r -> assertThat(r.split(",", -1)).hasSize(15));
        assertThat(rows).filteredOn(r -> r.contains(",bench-r,") && r.contains("lock=reentrant threads=platform workload=noop "
                        + "dinner=talk") && r.contains(",avgt,")).singleElement()
                .satisfies(r -> assertThat(r).contains(",ms/op,136.97", ",5,7490dd24eb2854df3dad5b830b026a9b98115796,25.0.3+9-LTS,"
                        + "6.18.44-fc-v657"));
    }

    @Test
    void itsPageDrawsInChromiumWithTheChangePointTable() throws Exception {
        Path page = tmp.resolve("results").resolve(HOST).resolve("temurin-25/history.html");
        String html = Files.readString(page);
        assertThat(html).doesNotContain("<script", "<link", "@import", "url(");
        String url = page.toUri().toString();
        Path png = tmp.resolve("history.png");
        LabProcess.Result shot = LabProcess.command(tmp.resolve("shot-log"), 120, Map.of(), List.of(chromium, "--headless",
                "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--enable-logging=stderr", "--v=0",
                "--screenshot=" + png, "--window-size=1280,1600", url));
        assertThat(shot.exitCode()).as(shot.stderr()).isZero();
        assertThat(Files.size(png)).isGreaterThan(20_000);
        LabProcess.Result dom = LabProcess.command(tmp.resolve("dom-log"), 120, Map.of(), List.of(chromium, "--headless",
                "--no-sandbox", "--disable-gpu", "--enable-logging=stderr", "--v=0", "--dump-dom", url));
        assertThat(dom.exitCode()).as(dom.stderr()).isZero();
        assertThat(Pattern.compile("Uncaught|:CONSOLE[:(]\\d+").matcher(shot.stderr() + dom.stderr()).find()).isFalse();
        String tree = dom.stdout();
        assertThat(tree).contains("<h2>Change points</h2>", "<th>put down to</th>", "kernel 6.18.44-fc-v669 -&gt; 6.18.44-fc-v657");
        long marks = Pattern.compile("<line class=\"change\"").matcher(tree).results().count();
        assertThat(marks).isEqualTo(count(changeTable(), "\n| ") - 2); // a mark per row of the table (less header and rule)
        assertThat(Pattern.compile("class=\"trend\"").matcher(tree).results().count()).isGreaterThan(100);
    }

    private static String changeTable() throws Exception {
        String md = Files.readString(tmp.resolve("results").resolve(HOST).resolve("temurin-25/history.md"));
        return md.substring(md.indexOf("## Change points"), md.indexOf("## Runs"));
    }

    private static String row(String cell, String metric) throws Exception {
        List<String> found = rows(changeTable(), cell, metric);
        assertThat(found).as("the change point of %s %s in%n%s", cell, metric, changeTable()).hasSize(1);
        return found.get(0);
    }

    private static List<String> rows(String table, String cell, String metric) {
        return table.lines().filter(l -> l.contains("| " + cell) && l.contains("| " + metric + " ")).toList();
    }

    private static List<String> csvRows() throws Exception {
        return Files.readAllLines(tmp.resolve("results").resolve(HOST).resolve("temurin-25/history.csv"));
    }

    private static long count(String text, String literal) {
        return Pattern.compile(Pattern.quote(literal)).matcher(text).results().count();
    }
}
