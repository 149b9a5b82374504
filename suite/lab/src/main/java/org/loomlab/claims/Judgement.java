package org.loomlab.claims;

import java.util.List;

/**
 * A claim judged on one run: the answer, a one-line reason, and a line of evidence per compared pair of cells.
 */
public record Judgement(String claim, Answer answer, String reason, List<String> evidence) {

    public Judgement {
        evidence = List.copyOf(evidence);
    }
}
