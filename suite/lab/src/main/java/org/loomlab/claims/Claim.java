package org.loomlab.claims;

import com.fasterxml.jackson.annotation.JsonValue;
import org.loomlab.record.Cell;
import org.loomlab.record.CellKey;
import org.loomlab.record.CellMatching;
import org.loomlab.record.CellStatus;
import org.loomlab.record.Pinning;
import org.loomlab.record.RecordJson;
import org.loomlab.record.RunRecord;
import org.loomlab.compare.RunDiff;
import org.loomlab.compare.Verdict;
import org.loomlab.compare.VerdictRules;
import tools.jackson.core.type.TypeReference;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * A sentence from a seed document, the cells of a run that decide it and the rule that turns their
 * verdicts into yes, no or open. The claims live in {@code claims.json} beside this class: data, not code.
 * Pairs get the same verdicts as {@code diff} ({@link VerdictRules}), adjusted within the claim. The pitfall:
 * a claim answered yes on the half of its cells a narrowed run measured; such a claim stays open.
 *
 * @param seed      the seed document's number (its file name's prefix in seeds/)
 * @param seedSays  the seed's own answer
 * @param baseline  for {@code compare}: the cells B/A divides by
 * @param candidate for {@code compare}: the cells compared with them; for {@code completes}: the cells that must end ok
 * @param pairOn    axes whose values a baseline and a candidate cell must share to be compared
 * @param expect    the verdicts of the candidate against the baseline that mean yes
 * @param noise     the noise band of this claim's verdicts; null means the caller's
 * @param needs     what a run must measure to decide the claim, said when it does not
 * @param why       for {@code unmeasurable}: why no run can decide it
 */
public record Claim(String id, String seed, String says, String seedSays, Rule rule, CellSelector baseline,
                    CellSelector candidate, List<String> pairOn, List<Verdict> expect, Double noise, String needs,
                    String why) {

    /** How a claim is decided. */
    public enum Rule {
        /**
         * Every candidate cell against its baseline cell: yes when every verdict is expected and every named cell was
         * measured, no when one is decided against the claim (a claim is general: one counterexample refutes it),
         * open otherwise.
         */
        COMPARE,
        /**
         * Pinning under a lock, judged on two kinds of evidence per pair of a locked (candidate) and an unlocked
         * (baseline) cell: the throughput verdict (slower means the carriers were starved) and the JFR pinned events
         * of the locked cell beyond the unlocked one's. No when a pair is pinned by either and not contradicted by the
         * other; yes when every pair is as fast with no pinned event on a JDK that would emit one; open otherwise,
         * saying whether the two disagree or the JDK cannot emit the event.
         */
        PINNING,
        /** Yes when every named candidate cell was measured and ended ok, no when one did not end ok. */
        COMPLETES,
        /** Said for completeness; no measurement decides it. */
        UNMEASURABLE;

        @JsonValue
        public String label() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    public Claim {
        pairOn = pairOn == null ? List.of() : List.copyOf(pairOn);
        expect = expect == null ? List.of() : List.copyOf(expect);
        String missing = id == null || says == null || seedSays == null || rule == null ? "id, says, seed_says and rule"
                : (rule == Rule.COMPARE || rule == Rule.PINNING) && (baseline == null || candidate == null || expect.isEmpty())
                ? "baseline, candidate and expect"
                : rule == Rule.COMPLETES && candidate == null ? "candidate"
                : rule == Rule.UNMEASURABLE && why == null ? "why" : null;
        if (missing != null) {
            throw new IllegalArgumentException("claim " + id + " needs " + missing);
        }
    }

    /** The claims the lab judges, in the order of claims.json. */
    public static List<Claim> all() {
        try (InputStream in = Claim.class.getResourceAsStream("/claims.json")) {
            if (in == null) {
                throw new IllegalStateException("claims.json is missing from the lab's jar");
            }
            return List.copyOf(RecordJson.mapper().readValue(in, new TypeReference<List<Claim>>() { }));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read claims.json", e);
        }
    }

    /**
     * @param rules the verdicts' rules; the claim's own noise band replaces theirs when it sets one, and the
     *              p-values of its pairs are adjusted together
     */
    public Judgement judge(RunRecord run, VerdictRules rules) {
        return judge(run, rules, CellMatching.EXACT);
    }

    /**
     * @param matching what a param a cell lacks stands for, in a run older than an axis the claim names (gc=g1)
     */
    public Judgement judge(RunRecord run, VerdictRules rules, CellMatching matching) {
        return switch (rule) {
            case UNMEASURABLE -> new Judgement(id, Answer.NOT_JUDGED, why, List.of());
            case COMPLETES -> completes(run, matching);
            case COMPARE -> compare(run, rules.withNoise(noise), matching);
            case PINNING -> pinning(run, rules.withNoise(noise), matching);
        };
    }

    private Judgement completes(RunRecord run, CellMatching matching) {
        List<Cell> cells = run.results().stream().filter(c -> candidate.matches(c, matching)).toList();
        if (cells.isEmpty()) {
            return notMeasured();
        }
        List<String> axes = CellKey.varying(cells.stream().map(Cell::params).toList());
        List<String> evidence = cells.stream().map(c -> label(c, axes) + ": " + c.status().label()
                + (c.status() == CellStatus.OK ? "" : " (" + c.message() + ")")).toList();
        long ok = cells.stream().filter(c -> c.status() == CellStatus.OK).count();
        List<String> missing = missing(candidate, run.results(), matching);
        Answer answer = ok < cells.size() ? Answer.NO : missing.isEmpty() ? Answer.YES : Answer.OPEN;
        return new Judgement(id, answer, ok + " of " + cells.size() + " cells ended ok" + missingNote(missing), evidence);
    }

    /** The claim's baseline and candidate cells paired on {@link #pairOn}, their verdicts, and what was not measured. */
    private record Pairs(List<VerdictRules.Pairing> pairs, List<RunDiff.Row> rows, List<String> axes, List<String> missing) {
    }

    private Pairs pairs(RunRecord run, VerdictRules rules, CellMatching matching) {
        List<Cell> base = run.results().stream().filter(c -> baseline.matches(c, matching)).toList();
        List<Cell> cand = run.results().stream().filter(c -> candidate.matches(c, matching)).toList();
        List<String> axes = new ArrayList<>(CellKey.varying(cand.stream().map(Cell::params).toList()));
        pairOn.stream().filter(a -> !axes.contains(a) && cand.stream().anyMatch(c -> c.params().containsKey(a))).forEach(axes::add);
        List<VerdictRules.Pairing> pairs = new ArrayList<>();
        for (Cell b : cand) {
            for (Cell a : base) {
                if (paired(a, b, matching)) {
                    // Diff's rule for two cells of one run: apart unless their forks took turns.
                    pairs.add(VerdictRules.Pairing.inOneRun(a, b));
                }
            }
        }
        List<String> missing = new ArrayList<>(missing(baseline, run.results(), matching));
        missing(candidate, run.results(), matching).stream().filter(m -> !missing.contains(m)).forEach(missing::add);
        cand.stream().filter(b -> base.stream().noneMatch(a -> paired(a, b, matching))).map(b -> "a baseline for " + label(b, axes))
                .forEach(missing::add);
        base.stream().filter(a -> cand.stream().noneMatch(b -> paired(a, b, matching))).map(a -> "a candidate for " + label(a, axes))
                .forEach(missing::add);
        // One claim is one family: its pairs' p-values are adjusted together.
        return new Pairs(pairs, pairs.isEmpty() ? List.of() : rules.judge(pairs, null), axes, missing);
    }

    /** One pair's part in a claim: its answer, and why in words (empty when its verdict says it all). */
    private record PairAnswer(Answer answer, String why) {
    }

    private Judgement compare(RunRecord run, VerdictRules rules, CellMatching matching) {
        Pairs p = pairs(run, rules, matching);
        if (p.pairs().isEmpty()) {
            return notMeasured();
        }
        List<PairAnswer> answers = p.rows().stream().map(r -> {
            Verdict v = r.verdict();
            return new PairAnswer(v != null && expect.contains(v) ? Answer.YES
                    : v != null && v != Verdict.INCONCLUSIVE ? Answer.NO : Answer.OPEN, "");
        }).toList();
        String verdicts = counts(p.rows().stream().map(r -> r.verdict() == null ? Verdict.INCONCLUSIVE : r.verdict()),
                Verdict.class, Verdict::label);
        String expected = expect.stream().map(Verdict::label).collect(Collectors.joining(" or "));
        return judgement(p, answers, String.format("%d of %d pairs %s (%s)%s", yes(answers), answers.size(), expected,
                verdicts, missingNote(p.missing())));
    }

    private Judgement pinning(RunRecord run, VerdictRules rules, CellMatching matching) {
        Pairs p = pairs(run, rules, matching);
        if (p.pairs().isEmpty()) {
            return notMeasured();
        }
        List<PairAnswer> answers = new ArrayList<>();
        for (int i = 0; i < p.rows().size(); i++) {
            answers.add(pinEvidence(p.pairs().get(i), p.rows().get(i)));
        }
        return judgement(p, answers, String.format("%d of %d pairs unpinned by JFR and throughput together (%s)%s",
                yes(answers), answers.size(), counts(answers.stream().map(PairAnswer::answer), Answer.class, Answer::label),
                missingNote(p.missing())));
    }

    /**
     * The claim's answer from its pairs': a general claim falls to one counterexample, but stands only on every pair and
     * every cell it names. Each pair's evidence line: its cell, why (when said), its ratio and verdict.
     */
    private Judgement judgement(Pairs p, List<PairAnswer> answers, String reason) {
        Answer answer = answers.stream().anyMatch(a -> a.answer() == Answer.NO) ? Answer.NO
                : yes(answers) == answers.size() && p.missing().isEmpty() ? Answer.YES : Answer.OPEN;
        List<String> evidence = new ArrayList<>();
        for (int i = 0; i < answers.size(); i++) {
            PairAnswer a = answers.get(i);
            evidence.add(label(p.pairs().get(i).b(), p.axes()) + ": "
                    + (a.why().isEmpty() ? "" : a.answer().label() + ", " + a.why() + "; ") + describe(p.rows().get(i)));
        }
        return new Judgement(id, answer, reason, evidence);
    }

    private static int yes(List<PairAnswer> answers) {
        return (int) answers.stream().filter(a -> a.answer() == Answer.YES).count();
    }

    /** "2 faster, 1 slower": how often each value occurs, in the enum's order. */
    private static <E extends Enum<E>> String counts(Stream<E> values, Class<E> type, Function<E, String> label) {
        return values.collect(Collectors.groupingBy(v -> v, () -> new EnumMap<>(type), Collectors.counting())).entrySet()
                .stream().map(e -> e.getValue() + " " + label.apply(e.getKey())).collect(Collectors.joining(", "));
    }

    /**
     * One pair's pinning: starved when the locked cell is decided slower than the unlocked one; pinned by JFR when the
     * locked cell has more pinned events than the unlocked one (a class initializer or the JDK's own start-up pins
     * both alike). Where the JDK cannot emit the event for what the cell did, zero events prove nothing.
     */
    private PairAnswer pinEvidence(VerdictRules.Pairing pair, RunDiff.Row row) {
        Pinning locked = pair.b().pinning();
        Pinning unlocked = pair.a().pinning();
        boolean starved = row.verdict() == Verdict.SLOWER;
        boolean asFast = row.verdict() != null && expect.contains(row.verdict());
        if (locked == null) {
            return new PairAnswer(starved ? Answer.NO : Answer.OPEN, "no JFR recording" + (starved ? ", but starved" : ""));
        }
        long excess = locked.events() - (unlocked == null ? 0 : unlocked.events());
        String jfr = excess > 0 ? excess + " pinned events beyond the unlocked cell's" : "no pinned event beyond the unlocked cell's";
        if (excess > 0) {
            return asFast ? new PairAnswer(Answer.OPEN, jfr + ", yet as fast: JFR and throughput disagree")
                    : new PairAnswer(Answer.NO, jfr + (starved ? " and starved" : ""));
        }
        if (locked.unseen() != null) {
            return new PairAnswer(starved ? Answer.NO : Answer.OPEN, (starved ? "starved" : "not starved") + ", and JFR "
                    + "cannot tell: " + locked.unseen());
        }
        if (starved) {
            return new PairAnswer(Answer.OPEN, "starved with " + jfr + ": JFR and throughput disagree");
        }
        return new PairAnswer(asFast ? Answer.YES : Answer.OPEN, jfr + (asFast ? " and as fast" : ", throughput undecided"));
    }

    /** The combinations of {@code selector}'s named values that no cell of the run measured, as {@code axis=value ...}. */
    private static List<String> missing(CellSelector selector, List<Cell> cells, CellMatching matching) {
        return selector.combinations().stream().filter(c -> !selector.measured(cells, c, matching))
                .map(c -> c.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue()).collect(Collectors.joining(" ")))
                .map(c -> selector.experiment() + " " + selector.metric() + (c.isEmpty() ? "" : " " + c)).toList();
    }

    private static String missingNote(List<String> missing) {
        return missing.isEmpty() ? "" : "; not measured: " + String.join(", ", missing);
    }

    private boolean paired(Cell a, Cell b, CellMatching matching) {
        Map<String, String> ranA = matching.params(a);
        Map<String, String> ranB = matching.params(b);
        return pairOn.stream().allMatch(axis -> Objects.equals(ranA.get(axis), ranB.get(axis)));
    }

    private Judgement notMeasured() {
        return new Judgement(id, Answer.OPEN, "not measured by this run" + (needs == null ? "" : " (needs " + needs + ")"),
                List.of());
    }

    private static String label(Cell c, List<String> axes) {
        String label = axes.stream().filter(c.params()::containsKey).map(a -> a + "=" + c.params().get(a))
                .collect(Collectors.joining(" "));
        return label.isEmpty() ? c.experiment() : label;
    }

    private static String describe(RunDiff.Row r) {
        if (r.ratio() == null) {
            return "not compared, " + r.note();
        }
        String line = String.format(Locale.ROOT, "B/A %.3f %s, p %.3f (adjusted %.3f), could detect %s, %s", r.ratio(),
                RunDiff.interval(r.ciLow(), r.ciHigh()), r.pValue(), r.pAdjusted(), RunDiff.detectable(r.detectable()),
                r.verdict().label());
        return r.note().isEmpty() ? line : line + "; " + r.note();
    }
}
