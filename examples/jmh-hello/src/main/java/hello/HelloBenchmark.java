package hello;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;

/**
 * Two trivial benchmarks over the same numbers: summing them and sorting a copy. The lab reads them from the jar's
 * META-INF/BenchmarkList as the experiments HelloBenchmark.sum and HelloBenchmark.sort, each with the axis size.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class HelloBenchmark {

    @Param({"1000", "10000"})
    int size;

    private int[] numbers;

    @Setup
    public void fill() {
        numbers = new SplittableRandom(42).ints(size).toArray();
    }

    @Benchmark
    public long sum() {
        long total = 0;
        for (int n : numbers) {
            total += n;
        }
        return total;
    }

    @Benchmark
    public int[] sort() {
        int[] copy = numbers.clone();
        Arrays.sort(copy);
        return copy;
    }
}
