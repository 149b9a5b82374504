#!/usr/bin/env bash
# Warm-up curves: per cell, JMH forks of one-second iterations with no warm-up, the heap as the lab gives it, so that
# each iteration can be set against the same fork's last ones. Run alone on a quiet machine.
#   talk:    the talk's eight philosophers cells (1K x 10K, the talk's dinner, G1), 30 iterations
#   residue: the kinds of cell whose first measured iteration in quick is still the slower (warmup_residue.py):
#            coroutine and vert.x dinners, 30 iterations; two HTTP dinners (one dinner an iteration), 16
# Usage: warmup_curve.sh JAVA OUT_DIR [FORKS] [talk|residue]
set -euo pipefail
java=$1 out=$2 forks=${3:-2} set=${4:-talk}
suite=$(cd "$(dirname "$0")/../../../suite" && pwd)
jar=$suite/bench/target/benchmarks.jar
heap="-Xms1g -Xmx4g"
mkdir -p "$out"

# curve NAME ITERATIONS BENCHMARK JVM_ARGS -p k=v ...
curve() {
  local name=$1 iterations=$2 benchmark=$3 jvm=$4
  shift 4
  "$java" -jar "$jar" "^org\.loomlab\.bench\.$benchmark\.dine\$" "$@" \
    -f "$forks" -wi 0 -i "$iterations" -r 1s -bm avgt -tu ms -jvmArgs "$jvm" \
    -rf json -rff "$out/$name.json" > "$out/$name.log" 2>&1
}

case $set in
  talk)
    for workload in noop active-wait; do
      for lock in reentrant synchronized; do
        for threads in platform virtual; do
          curve "$lock-$threads-$workload" 30 PhilosophersBenchmark "$heap -XX:+UseG1GC" \
            -p lock=$lock -p threads=$threads -p workload=$workload -p dinner=talk -p mealtime=16 \
            -p philosophers=1000 -p meals=10000 -p connections=500 -p gc=g1
        done
      done
    done
    ;;
  residue)
    table=(-p mealtime=16 -p philosophers=1000 -p meals=10000)
    for dispatcher in default virtual; do
      curve "coroutine-$dispatcher-active-wait" 30 CoroutinePhilosophersBenchmark "$heap" \
        -p dispatcher=$dispatcher -p workload=active-wait "${table[@]}"
    done
    curve coroutine-io-noop 30 CoroutinePhilosophersBenchmark "$heap" -p dispatcher=io -p workload=noop "${table[@]}"
    for threads in event-loop virtual-verticle; do
      curve "vertx-$threads-noop" 30 VertxPhilosophersBenchmark "$heap" -p lock=vertx-local -p threads=$threads \
        -p variant=talk -p workload=noop -p connections=500 "${table[@]}"
    done
    # The HTTP dinners call the lab's fixture, here a local JVM on a free loopback port, stopped on exit.
    "$java" -jar "$suite/fixture/target/fixture.jar" --port 0 > "$out/fixture.log" 2>&1 &
    fixture=$!
    trap 'kill $fixture 2>/dev/null || true' EXIT
    for _ in $(seq 100); do
      grep -q '^fixture listening on ' "$out/fixture.log" && break
      sleep 0.1
    done
    url=$(sed -n 's/^fixture listening on //p' "$out/fixture.log")
    [ -n "$url" ] || { echo "the fixture did not start: $out/fixture.log" >&2; exit 1; }
    for workload in http-okhttp http-jdk; do
      curve "reentrant-platform-$workload" 16 PhilosophersBenchmark "$heap -XX:+UseG1GC -Dloomlab.fixture=$url" \
        -p lock=reentrant -p threads=platform -p workload=$workload -p dinner=talk -p connections=500 -p gc=g1 \
        "${table[@]}"
    done
    ;;
  *) echo "unknown set '$set'; valid: talk, residue" >&2; exit 2 ;;
esac
