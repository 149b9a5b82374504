package org.loomlab.compare;


import org.loomlab.record.Cell;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * How evenly a table shared its meals, sample by sample: the meals the whole table ate per meal of each dinner's
 * winner. A measured iteration's dinner time over its time per table meal ({@link Cell#TABLE_MEAL_TIME}) gives it
 * exactly, since the one was derived from the other (spread = dinner ms * 1000 / (us per table meal * meals)), so a
 * record's two rows give the spread of each iteration of each fork without a field of their own.
 */
final class MealSpread {

    private MealSpread() {
    }

    /**
     * Each fork's per-iteration spreads; empty unless both cells are measured over the same forks and iterations
     * and name their meals a dinner.
     */
    static Optional<List<double[]>> forks(Cell dinner, Cell tableMeal) {
        if (dinner == null || tableMeal == null || !Cell.TABLE_MEAL_TIME.equals(tableMeal.metric())) {
            return Optional.empty();
        }
        String meals = dinner.params().get("meals");
        if (meals == null || !meals.equals(tableMeal.params().get("meals"))) {
            return Optional.empty();
        }
        double perDinner = Double.parseDouble(meals);
        List<double[]> times = VerdictRules.forks(dinner);
        List<double[]> speeds = VerdictRules.forks(tableMeal);
        if (times.size() != speeds.size()) {
            return Optional.empty();
        }
        List<double[]> out = new ArrayList<>();
        for (int f = 0; f < times.size(); f++) {
            double[] t = times.get(f);
            double[] s = speeds.get(f);
            if (t.length != s.length) {
                return Optional.empty();
            }
            double[] spread = new double[t.length];
            for (int i = 0; i < t.length; i++) {
                spread[i] = t[i] * 1000 / (s[i] * perDinner);
                if (!(spread[i] > 0) || Double.isInfinite(spread[i])) {
                    return Optional.empty();
                }
            }
            out.add(spread);
        }
        return Optional.of(out);
    }
}
