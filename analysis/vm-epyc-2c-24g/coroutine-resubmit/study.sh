# shellcheck shell=bash disable=SC2034  # here, root, java and cell are for the scripts that source this
# Sourced by run.sh and nouserhelp.sh: what both need to rewrite a JDK's own classes and run the coroutine cell on them.
# Sets here, root, work (the first argument, else DEFAULT_WORK) and java (a JDK 24+ for the class-file API).
# Usage: source study.sh DEFAULT_WORK "$@"
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../../.." && pwd)
work=${2:-$1}
java="$("$root/bin/find-jdk")/bin/java"
"$root/bin/docker-engine"
mkdir -p "$work"
chmod 777 "$work" # the runner's user writes its records here, as /results
# The cell every variant runs, records under $work.
cell=(-e coroutine-philosophers -p dispatcher=virtual -p workload=active-wait --budget 60s --results "$work")

# jdk_classes JDK REGEX: the java.base classes matching REGEX, as JDK's runner image has them, under $work/classes-JDK.
jdk_classes() {
  docker run --rm --user root -v "$work:/out" --entrypoint sh "loom-lab/runner:$1" -c \
    'home=$(dirname "$(dirname "$(readlink -f "$(command -v java)")")");
     "$home/bin/jimage" extract --dir "/out/$0" --include "regex:$1" "$home/lib/modules"' \
    "classes-$1" "$2"
}
