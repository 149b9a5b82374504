package org.loomlab.cli;

import org.loomlab.layout.BuildLayout;
import org.loomlab.plan.Experiments;
import org.loomlab.plan.ProfileMatch;
import org.loomlab.record.RecordJson;
import org.loomlab.record.RecordSchema;
import org.loomlab.record.ResultsLayout;
import org.loomlab.record.RunRecord;
import org.loomlab.run.RunLock;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;
import tools.jackson.databind.JsonNode;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.stream.Stream;

/**
 * Validates run records: against the schema, and each cell against the record's profile (a resumed run that mixed
 * profiles is invalid). An unreadable file is one line and the check goes on; a record left running by a process that
 * died is valid but said to be abandoned.
 */
@Command(name = "check", header = "Validate run.json files against the run-record schema and their profiles.")
final class CheckCommand implements Callable<Integer> {

    @Parameters(arity = "1..*", paramLabel = "PATH", description = "run.json files or directories to search")
    List<Path> paths;

    @Override
    public Integer call() throws Exception {
        Experiments catalogue = Experiments.in(new BuildLayout(LoomLab.home()).benchmarksJar());
        int bad = 0;
        int unreadable = 0;
        int abandoned = 0;
        int seen = 0;
        for (Path path : paths) {
            if (!Files.exists(path)) {
                throw new IllegalArgumentException("no such file or directory: " + path);
            }
            List<Path> records;
            try (Stream<Path> walk = Files.walk(path)) {
                records = walk.filter(p -> p.getFileName().toString().equals(ResultsLayout.RUN_JSON) || p.equals(path)).filter(Files::isRegularFile).toList();
            }
            for (Path record : records) {
                seen++;
                JsonNode json;
                try {
                    json = RecordJson.readTree(record);
                } catch (IllegalArgumentException notJson) {
                    unreadable++;
                    System.out.println("UNREADABLE " + notJson.getMessage());
                    continue;
                }
                List<String> violations = new ArrayList<>(RecordSchema.violations(json));
                RunRecord parsed = violations.isEmpty() ? RecordJson.mapper().treeToValue(json, RunRecord.class) : null;
                if (parsed != null) {
                    violations.addAll(ProfileMatch.violations(parsed, catalogue));
                }
                if (violations.isEmpty()) {
                    Path dir = record.toAbsolutePath().getParent();
                    boolean left = RunLock.abandoned(dir, parsed);
                    abandoned += left ? 1 : 0;
                    System.out.println("valid   " + record + (left ? " (" + RunLock.abandonedNote(dir) + ")" : ""));
                } else {
                    bad++;
                    System.out.println("INVALID " + record);
                    violations.forEach(v -> System.out.println("        " + v));
                }
            }
        }
        System.out.println(seen + " records, " + bad + " invalid, " + unreadable + " unreadable"
                + (abandoned > 0 ? ", " + abandoned + " abandoned" : ""));
        return bad == 0 && unreadable == 0 && seen > 0 ? LoomLab.OK : LoomLab.FAILED;
    }
}
