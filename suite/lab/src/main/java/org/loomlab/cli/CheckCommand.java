package org.loomlab.cli;

import org.loomlab.record.RecordSchema;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.stream.Stream;

/** Validates run records against the schema: files, or every run.json under a directory. */
@Command(name = "check", header = "Validate run.json files against the run-record schema.")
final class CheckCommand implements Callable<Integer> {

    @Parameters(arity = "1..*", paramLabel = "PATH", description = "run.json files or directories to search")
    List<Path> paths;

    @Override
    public Integer call() throws Exception {
        int bad = 0;
        int seen = 0;
        for (Path path : paths) {
            if (!Files.exists(path)) {
                throw new IllegalArgumentException("no such file or directory: " + path);
            }
            List<Path> records;
            try (Stream<Path> walk = Files.walk(path)) {
                records = walk.filter(p -> p.getFileName().toString().equals("run.json") || p.equals(path)).filter(Files::isRegularFile).toList();
            }
            for (Path record : records) {
                seen++;
                List<String> violations = RecordSchema.violations(record);
                if (violations.isEmpty()) {
                    System.out.println("valid   " + record);
                } else {
                    bad++;
                    System.out.println("INVALID " + record);
                    violations.forEach(v -> System.out.println("        " + v));
                }
            }
        }
        System.out.println(seen + " records, " + bad + " invalid");
        return bad == 0 && seen > 0 ? LoomLab.OK : LoomLab.FAILED;
    }
}
