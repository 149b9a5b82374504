package org.loomlab.philosophers;

import org.junit.jupiter.api.Test;

import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class DinnerTest {

    /** A dinner whose seats ate {@code eaten}, won by the best fed. */
    private static Dinner dinner(int... eaten) {
        int winner = IntStream.range(0, eaten.length).reduce((a, b) -> eaten[b] > eaten[a] ? b : a).orElseThrow();
        return new Dinner(winner, eaten, 0, 0, 0);
    }

    @Test
    void giniIsZeroWhenEverySeatAteAlikeAndNMinusOneOverNWhenOneAteAll() {
        assertThat(dinner(10, 10, 10, 10).gini()).isCloseTo(0, within(1e-12));
        assertThat(dinner(0, 0, 10, 0).gini()).isCloseTo(0.75, within(1e-12));
        // mean absolute difference 1.25 over twice the mean 2.5
        Dinner uneven = dinner(4, 1, 3, 2);
        assertThat(uneven.gini()).isCloseTo(0.25, within(1e-12));
        assertThat(uneven.eaten()).as("the seats keep their order").containsExactly(4, 1, 3, 2);
    }

    @Test
    void minMaxRatioIsTheLeastFedSeatsMealsPerMealOfTheBestFed() {
        assertThat(dinner(10, 10).minMaxRatio()).isEqualTo(1.0);
        assertThat(dinner(4, 1, 3, 2).minMaxRatio()).isEqualTo(0.25);
        assertThat(dinner(0, 7, 7).minMaxRatio()).isZero();
    }
}
