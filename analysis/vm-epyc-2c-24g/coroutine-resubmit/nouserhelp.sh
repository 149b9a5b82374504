#!/usr/bin/env bash
# Which of ForkJoinPool's two reads of a task's noUserHelp bit makes 25's and 26's coroutine tables differ (results/README.md):
# the coroutine cell on 26 and 27 (adapted continuations, bit 0) with one read or both fixed at 1, and on 25
# (interruptible continuations, bit 1) with one read or both fixed at 0.
# Usage: nouserhelp.sh [WORK_DIR]   (needs Docker and the runner images: just images; a JDK 24+ for NoUserHelp.java)
# The committed records of this study: results/vm-epyc-2c-24g/coroutine-resubmit/nouserhelp-rerun/.
set -euo pipefail
# shellcheck source=study.sh
source "$(dirname "$0")/study.sh" /tmp/loomlab-nouserhelp "$@"

# Each JDK's own ForkJoinPool classes, as its image has them.
for jdk in openjdk-25 openjdk-26 openjdk-27; do
  jdk_classes "$jdk" "/java.base/java/util/concurrent/ForkJoinPool(\\\$WorkQueue)?.class"
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

"$root/bin/loom-lab" matrix --jdk openjdk-25,openjdk-26,openjdk-27 "${cell[@]}" --jvm-args "-Xms1g -Xmx4g" --matrix-id nuh-plain
for variant in 26-push1 26-scan1 26-both1 25-push0 25-scan0 25-both0 27-push1 27-scan1 27-both1; do
  "$root/bin/loom-lab" matrix --jdk "openjdk-${variant%-*}" "${cell[@]}" --matrix-id "nuh$variant" \
    --jvm-args "-Xms1g -Xmx4g --patch-module=java.base=/results/patch-$variant"
done
echo "records under $work/<host>/: compare them with bin/loom-lab diff A B (results/README.md)"
