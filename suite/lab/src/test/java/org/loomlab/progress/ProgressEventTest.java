package org.loomlab.progress;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.loomlab.plan.Catalogued;
import org.loomlab.plan.CellPlan;
import org.loomlab.plan.Profile;
import org.loomlab.record.Cell;
import org.loomlab.record.CellStatus;
import org.loomlab.record.RunStatus;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ProgressEventTest {

    @TempDir
    Path tmp;

    @Test
    void anEventIsOneLineOfSnakeCaseJsonAndReadsBackEqual() {
        ProgressEvent e = new ProgressEvent(ProgressEvent.Kind.FINISHED, 3, 65, "philosophers lock=reentrant", "ok", 8,
                535.25, 1782.0);
        String json = e.json();
        assertThat(json).doesNotContain("\n").contains("\"kind\":\"finished\"", "\"elapsed_seconds\":535.25",
                "\"eta_seconds\":1782.0");
        assertThat(ProgressEvent.of(json)).isEqualTo(e);
        ProgressEvent ended = new ProgressEvent(ProgressEvent.Kind.ENDED, 65, 65, null, "complete", null, 4000, null);
        assertThat(ProgressEvent.of(ended.json())).isEqualTo(ended);
        assertThatThrownBy(() -> ProgressEvent.of("ETA 29m42s")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("not a progress event: ");
    }

    @Test
    void theRunnersProgressWritesAnEventPerStepBesideItsLines() throws IOException {
        Path file = tmp.resolve(ProgressLog.FILE);
        ByteArrayOutputStream lines = new ByteArrayOutputStream();
        Progress p = new Progress(new PrintStream(lines, true, StandardCharsets.UTF_8),
                List.of(Duration.ofSeconds(10), Duration.ofSeconds(30)), "from history", new ProgressLog(file, System.out));
        CellPlan plan = Catalogued.PHILOSOPHERS.cells(Profile.SMOKE, Map.of()).get(0);
        p.starting(0, plan);
        p.finished(0, List.of(Cell.unmeasured("philosophers", plan.params(), "avgt", "ms/op", CellStatus.TIMEOUT, "x", 20, null)));
        p.ended(RunStatus.INTERRUPTED);

        List<ProgressEvent> events = Files.readAllLines(file).stream().map(ProgressEvent::of).toList();
        assertThat(events).extracting(ProgressEvent::kind).containsExactly(ProgressEvent.Kind.STARTED,
                ProgressEvent.Kind.FINISHED, ProgressEvent.Kind.ENDED);
        assertThat(events.get(0).label()).isEqualTo("philosophers " + plan.label());
        assertThat(events.get(0).etaSeconds()).isEqualTo(40.0);
        // the first cell took twice its plan, so the 30 s left of the plan become 60 s
        assertThat(events.get(1)).extracting(ProgressEvent::cell, ProgressEvent::cells, ProgressEvent::status,
                ProgressEvent::forks, ProgressEvent::etaSeconds).containsExactly(1, 2, "timeout", 0, 60.0);
        assertThat(events.get(2).status()).isEqualTo("interrupted");
        assertThat(events.get(2).etaSeconds()).isNull();
        // the human lines are as they were, and hold no event
        assertThat(lines.toString(StandardCharsets.UTF_8)).contains("(planned ETA 40s; from history)", "ETA 1m00s")
                .doesNotContain("{");
    }

    @Test
    void aTailTakesOnlyWholeLinesAppendedAfterItBegan() throws IOException {
        Path file = tmp.resolve(ProgressLog.FILE);
        assertThat(ProgressTail.from(file).poll()).as("no file yet").isEmpty();
        ProgressLog log = new ProgressLog(file, System.out);
        log.append(event(1));
        ProgressTail tail = ProgressTail.from(file);
        assertThat(tail.poll()).as("written before the tail began").isEmpty();
        log.append(event(2));
        String third = event(3).json();
        Files.writeString(file, third.substring(0, 10), StandardOpenOption.APPEND);
        assertThat(tail.poll()).extracting(ProgressEvent::cell).containsExactly(2);
        Files.writeString(file, third.substring(10) + "\n", StandardOpenOption.APPEND);
        assertThat(tail.poll()).extracting(ProgressEvent::cell).containsExactly(3);
        assertThat(tail.poll()).isEmpty();
    }

    private static ProgressEvent event(int cell) {
        return new ProgressEvent(ProgressEvent.Kind.STARTED, cell, 5, "philosophers lock=reentrant", null, null, cell, 100.0);
    }
}
