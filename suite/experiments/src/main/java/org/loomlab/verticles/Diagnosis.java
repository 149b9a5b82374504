package org.loomlab.verticles;

import org.loomlab.philosophers.Dinner;
import org.loomlab.philosophers.Kitchen;
import org.loomlab.philosophers.Meal;
import org.loomlab.philosophers.Workload;

/**
 * Serves vert.x dinners by hand and prints what each cost ({@link Tally}): where the time of a large
 * table goes, which JMH's single average cannot tell. Usage (from the benchmarks jar):
 * {@code java -cp benchmarks.jar org.loomlab.verticles.Diagnosis VARIANT THREADS WORKLOAD PHILOSOPHERS MEALS [DINNERS]}.
 */
public final class Diagnosis {

    private Diagnosis() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length < 5) {
            System.err.println("usage: Diagnosis VARIANT THREADS WORKLOAD PHILOSOPHERS MEALS [DINNERS]; variant: "
                    + org.loomlab.axis.Axis.labels(Variant.class) + "; threads: "
                    + org.loomlab.axis.Axis.labels(VerticleThreads.class));
            System.exit(2);
        }
        Variant variant = Variant.of(args[0]);
        VerticleThreads threads = VerticleThreads.of(args[1]);
        int philosophers = Integer.parseInt(args[3].replace("_", ""));
        int meals = Integer.parseInt(args[4].replace("_", ""));
        int dinners = args.length > 5 ? Integer.parseInt(args[5]) : 1;
        try (Meal meal = Workload.of(args[2]).prepare(Kitchen.local())) {
            VerticleTable table = new VerticleTable(philosophers, VerticleLock.VERTX_LOCAL, threads, variant, meal);
            for (int i = 0; i < dinners; i++) {
                Tally tally = new Tally();
                long start = System.nanoTime();
                Dinner dinner = table.dine(meals, tally);
                System.out.printf("variant=%s threads=%s workload=%s philosophers=%d meals=%d: %.0f ms, fed %d, %s%n",
                        args[0], args[1], args[2], philosophers, meals, (System.nanoTime() - start) / 1e6,
                        dinner.fed(), tally.summary(meals));
            }
        }
    }
}
