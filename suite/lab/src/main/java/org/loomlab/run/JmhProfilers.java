package org.loomlab.run;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * JMH's profilers as a benchmarks jar lists them ({@code java -jar benchmarks.jar -lprof}): the ones it can use on this
 * host, and the ones it cannot, with its reason. Asked of the jar rather than of a list kept here, so that a profiler
 * a newer JMH or the jar's class path adds is known, and one this host lacks (perf without perf events) is refused
 * before anything runs rather than failing every fork.
 *
 * @param supported   the names JMH can use here, in its order
 * @param unsupported the names it cannot, each with its reason (the lines it printed under the name)
 */
public record JmhProfilers(List<String> supported, Map<String, String> unsupported) {

    /** A profiler's line: indented, its name, a colon, its description. */
    private static final Pattern NAME = Pattern.compile("^\\s+([A-Za-z][\\w.-]*): ");

    public JmhProfilers {
        supported = List.copyOf(supported);
        unsupported = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(unsupported));
    }

    /** Every name JMH knows, supported first. */
    public List<String> names() {
        List<String> all = new ArrayList<>(supported);
        all.addAll(unsupported.keySet());
        return all;
    }

    /** What {@code -lprof} printed, read: the names under "Supported profilers:" and under "Unsupported profilers:". */
    static JmhProfilers parse(String listing) {
        List<String> supported = new ArrayList<>();
        Map<String, String> unsupported = new LinkedHashMap<>();
        Boolean usable = null;
        String last = null;
        for (String line : listing.split("\\R")) {
            if (line.startsWith("Supported profilers")) {
                usable = true;
            } else if (line.startsWith("Unsupported profilers")) {
                usable = false;
            } else if (usable != null) {
                Matcher m = NAME.matcher(line);
                if (m.find()) {
                    last = m.group(1);
                    if (usable) {
                        supported.add(last);
                    } else {
                        unsupported.put(last, "");
                    }
                } else if (!usable && last != null && !line.isBlank()) {
                    String said = unsupported.get(last);
                    unsupported.put(last, (said.isEmpty() ? "" : said + " ") + line.strip());
                }
            }
        }
        return new JmhProfilers(supported, unsupported);
    }

    /**
     * The profilers {@code jar} lists when run on {@code java}.
     *
     * @throws IllegalArgumentException when the jar is missing or does not list them
     */
    public static JmhProfilers listed(Path java, Path jar) {
        if (!Files.isRegularFile(jar)) {
            throw new IllegalArgumentException("--prof: JMH's profilers are listed by the benchmarks jar, which is not at "
                    + jar + "; build the suite first (./mvnw package)");
        }
        try {
            Process p = new ProcessBuilder(java.toString(), "-jar", jar.toString(), "-lprof").redirectErrorStream(true).start();
            String out;
            try (InputStream in = p.getInputStream()) {
                out = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            }
            if (!p.waitFor(2, TimeUnit.MINUTES) || p.exitValue() != 0) {
                p.destroyForcibly();
                throw new IllegalArgumentException("--prof: " + jar + " -lprof did not list JMH's profilers: " + out.strip());
            }
            JmhProfilers listed = parse(out);
            if (listed.names().isEmpty()) {
                throw new IllegalArgumentException("--prof: " + jar + " -lprof listed no profiler: " + out.strip());
            }
            return listed;
        } catch (IOException e) {
            throw new IllegalArgumentException("--prof: cannot run " + java + " -jar " + jar + " -lprof: " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while listing JMH's profilers", e);
        }
    }
}
