#!/usr/bin/env bash
# The warm-up curve of the talk's eight philosophers cells (1K x 10K, the talk's dinner, G1): per cell, JMH forks of
# 30 one-second iterations with no warm-up, the heap as the lab gives it. Run alone on a quiet machine.
# Usage: warmup_curve.sh JAVA OUT_DIR [FORKS]
set -euo pipefail
java=$1 out=$2 forks=${3:-2}
jar=$(dirname "$0")/../../../suite/bench/target/benchmarks.jar
mkdir -p "$out"
for workload in noop active-wait; do
  for lock in reentrant synchronized; do
    for threads in platform virtual; do
      "$java" -jar "$jar" '^org\.loomlab\.bench\.PhilosophersBenchmark\.dine$' \
        -p lock=$lock -p threads=$threads -p workload=$workload -p dinner=talk -p mealtime=16 \
        -p philosophers=1000 -p meals=10000 -p connections=500 -p gc=g1 \
        -f "$forks" -wi 0 -i 30 -r 1s -bm avgt -tu ms -jvmArgs "-Xms1g -Xmx4g -XX:+UseG1GC" \
        -rf json -rff "$out/$lock-$threads-$workload.json" > "$out/$lock-$threads-$workload.log" 2>&1
    done
  done
done
