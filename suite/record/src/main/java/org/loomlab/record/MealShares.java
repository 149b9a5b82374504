package org.loomlab.record;

/**
 * How evenly the philosophers shared a cell's dinners: the mean over its measured dinners of each dinner's value.
 * The talk's open question (seed 001, Q&amp;A): do these benchmarks measure switching or unfairness? The meal spread
 * says how many meals a table ate per meal of its winner; these say how the meals were shared among the seats.
 *
 * @param gini        Gini coefficient of the meals per seat: 0 when every seat ate alike, (N - 1) / N when one seat
 *                    ate them all
 * @param minMaxRatio the meals of the least fed seat per meal of the best fed one: 1 when every seat ate alike, 0 when
 *                    one never ate
 */
public record MealShares(double gini, double minMaxRatio) {
}
