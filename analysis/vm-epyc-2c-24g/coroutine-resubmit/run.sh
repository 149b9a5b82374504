#!/usr/bin/env bash
# The coroutine table on JDK 25 and 26 with one scheduling call of VirtualThread swapped between them (results/README.md).
# Usage: run.sh [WORK_DIR]   (needs Docker and the runner images: just images; a JDK 24+ for Resubmit.java)
# The committed records of this study: results/vm-epyc-2c-24g/coroutine-resubmit/rerun/.
set -euo pipefail
# shellcheck source=study.sh
source "$(dirname "$0")/study.sh" /tmp/loomlab-coroutine-resubmit "$@"

# Each JDK's own VirtualThread class, as its image has it.
for jdk in openjdk-25 openjdk-26; do
  jdk_classes "$jdk" /java.base/java/lang/VirtualThread.class
done
"$java" "$here/Resubmit.java" adapt "$work/classes-openjdk-25/java.base/java/lang/VirtualThread.class" \
  "$work/patch-vt25-adapt/java/lang/VirtualThread.class"
"$java" "$here/Resubmit.java" execute "$work/classes-openjdk-26/java.base/java/lang/VirtualThread.class" \
  "$work/patch-vt26-execute/java/lang/VirtualThread.class"
chmod -R a+rX "$work"

"$root/bin/loom-lab" matrix --jdk openjdk-25,openjdk-26 "${cell[@]}" --jvm-args "-Xms1g -Xmx4g" --matrix-id vt-plain
"$root/bin/loom-lab" matrix --jdk openjdk-25 "${cell[@]}" --matrix-id vt25-adapt \
  --jvm-args "-Xms1g -Xmx4g --patch-module=java.base=/results/patch-vt25-adapt"
"$root/bin/loom-lab" matrix --jdk openjdk-26 "${cell[@]}" --matrix-id vt26-execute \
  --jvm-args "-Xms1g -Xmx4g --patch-module=java.base=/results/patch-vt26-execute"
echo "records under $work/<host>/: compare them with bin/loom-lab diff A B (results/README.md)"
