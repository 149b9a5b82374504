package org.loomlab.report;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One colour per series name across a whole page, so that a legend means the same in every chart: virtual threads
 * are always blue and platform threads orange; other series (JDKs, executors) take the next free colour in the
 * order the page first draws them, never blue or orange, and never a grey that would read as text.
 */
public final class SeriesColours {

    private static final Map<String, String> FIXED = Map.of("threads=virtual", "#1f6fd1", "threads=platform", "#e07b00");
    private static final String[] OTHERS = {"#2e9e49", "#8e44ad", "#c0392b", "#16a085", "#9a8a00", "#d6338a", "#3949ab"};

    private final Map<String, String> assigned = new LinkedHashMap<>();

    public String of(String series) {
        String fixed = FIXED.get(series);
        return fixed != null ? fixed : assigned.computeIfAbsent(series, s -> OTHERS[assigned.size() % OTHERS.length]);
    }
}
