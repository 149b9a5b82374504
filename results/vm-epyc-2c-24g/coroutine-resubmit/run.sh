#!/usr/bin/env bash
# The coroutine table on JDK 25 and 26 with one scheduling call of VirtualThread swapped between them (README.md).
# Usage: run.sh [WORK_DIR]   (needs Docker and the runner images: just images; a JDK 24+ for Resubmit.java)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../.." && pwd)
work=${1:-/tmp/loomlab-coroutine-resubmit}
java="$("$root/bin/find-jdk")/bin/java"
"$root/bin/docker-engine"
mkdir -p "$work"
chmod 777 "$work" # the runner's user writes its records here, as /results

# Each JDK's own VirtualThread class, as its image has it.
for jdk in openjdk-25 openjdk-26; do
  docker run --rm --user root -v "$work:/out" --entrypoint sh "loom-lab/runner:$jdk" -c \
    'home=$(dirname "$(dirname "$(readlink -f "$(command -v java)")")");
     "$home/bin/jimage" extract --dir "/out/$0" --include regex:/java.base/java/lang/VirtualThread.class "$home/lib/modules"' \
    "classes-$jdk"
done
"$java" "$here/Resubmit.java" adapt "$work/classes-openjdk-25/java.base/java/lang/VirtualThread.class" \
  "$work/patch-vt25-adapt/java/lang/VirtualThread.class"
"$java" "$here/Resubmit.java" execute "$work/classes-openjdk-26/java.base/java/lang/VirtualThread.class" \
  "$work/patch-vt26-execute/java/lang/VirtualThread.class"
chmod -R a+rX "$work"

cell=(-e coroutine-philosophers -p dispatcher=virtual -p workload=active-wait --budget 60s --results "$work")
"$root/bin/loom-lab" matrix --jdk openjdk-25,openjdk-26 "${cell[@]}" --jvm-args "-Xms1g -Xmx4g" --matrix-id vt-plain
"$root/bin/loom-lab" matrix --jdk openjdk-25 "${cell[@]}" --matrix-id vt25-adapt \
  --jvm-args "-Xms1g -Xmx4g --patch-module=java.base=/results/patch-vt25-adapt"
"$root/bin/loom-lab" matrix --jdk openjdk-26 "${cell[@]}" --matrix-id vt26-execute \
  --jvm-args "-Xms1g -Xmx4g --patch-module=java.base=/results/patch-vt26-execute"
echo "records under $work/<host>/: compare them with bin/loom-lab diff A B (README.md)"
