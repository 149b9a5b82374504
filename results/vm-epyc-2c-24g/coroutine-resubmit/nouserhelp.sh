#!/usr/bin/env bash
# Which of ForkJoinPool's two reads of a task's noUserHelp bit makes 25's and 26's coroutine tables differ (README.md):
# the coroutine cell on 26 and 27 (adapted continuations, bit 0) with one read or both fixed at 1, and on 25
# (interruptible continuations, bit 1) with one read or both fixed at 0.
# Usage: nouserhelp.sh [WORK_DIR]   (needs Docker and the runner images: just images; a JDK 24+ for NoUserHelp.java)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../.." && pwd)
work=${1:-/tmp/loomlab-nouserhelp}
java="$("$root/bin/find-jdk")/bin/java"
"$root/bin/docker-engine"
mkdir -p "$work"
chmod 777 "$work" # the runner's user writes its records here, as /results

# Each JDK's own ForkJoinPool classes, as its image has them.
for jdk in openjdk-25 openjdk-26 openjdk-27; do
  docker run --rm --user root -v "$work:/out" --entrypoint sh "loom-lab/runner:$jdk" -c \
    'home=$(dirname "$(dirname "$(readlink -f "$(command -v java)")")");
     "$home/bin/jimage" extract --dir "/out/$0" --include "regex:/java.base/java/util/concurrent/ForkJoinPool(\\\$WorkQueue)?.class" "$home/lib/modules"' \
    "classes-$jdk"
done

# patch DIR JDK READ BIT: DIR holds the JDK's ForkJoinPool class that READ (push or scan) rewrites.
patch() {
  local class=ForkJoinPool.class
  [[ $3 == push ]] && class="ForkJoinPool\$WorkQueue.class"
  "$java" "$here/NoUserHelp.java" "$3" "$4" "$work/classes-$2/java.base/java/util/concurrent/$class" \
    "$work/$1/java/util/concurrent/$class"
}
for bit in 25:0 26:1 27:1; do
  jdk=openjdk-${bit%:*} b=${bit#*:}
  patch "patch-${bit%:*}-push$b" "$jdk" push "$b"
  patch "patch-${bit%:*}-scan$b" "$jdk" scan "$b"
  patch "patch-${bit%:*}-both$b" "$jdk" push "$b"
  patch "patch-${bit%:*}-both$b" "$jdk" scan "$b"
done
chmod -R a+rX "$work"

cell=(-e coroutine-philosophers -p dispatcher=virtual -p workload=active-wait --budget 60s --results "$work")
"$root/bin/loom-lab" matrix --jdk openjdk-25,openjdk-26,openjdk-27 "${cell[@]}" --jvm-args "-Xms1g -Xmx4g" --matrix-id nuh-plain
for variant in 26-push1 26-scan1 26-both1 25-push0 25-scan0 25-both0 27-push1 27-scan1 27-both1; do
  "$root/bin/loom-lab" matrix --jdk "openjdk-${variant%-*}" "${cell[@]}" --matrix-id "nuh$variant" \
    --jvm-args "-Xms1g -Xmx4g --patch-module=java.base=/results/patch-$variant"
done
echo "records under $work/<host>/: compare them with bin/loom-lab diff A B (README.md)"
