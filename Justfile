# loom-lab: a reproducibility lab for JVM concurrency experiments. `just` alone prints this menu.

set shell := ["bash", "-euo", "pipefail", "-c"]

# Recipe arguments reach the shell as $1, $2, ... and "$@", each one word however it is quoted.
set positional-arguments

# Ansible keeps its state in a scratch directory, never in ~/.ansible.
export ANSIBLE_HOME := env_var_or_default("ANSIBLE_HOME", "/tmp/loom-lab-ansible")
export ANSIBLE_SSH_CONTROL_PATH_DIR := env_var_or_default("ANSIBLE_SSH_CONTROL_PATH_DIR", "/tmp/loom-lab-ansible/cp")

# Show the menu
default:
    @{{ quote(just_executable()) }} --justfile {{ quote(justfile()) }} --list --unsorted

# Run the quick profile on this host's JDK (no Docker) and print the results table (--profile full for more)
bench *ARGS:
    bin/loom-lab run "$@"

# Run the smoke profile: every cell at a tiny size, to check the pipeline
smoke *ARGS:
    bin/loom-lab run --profile smoke "$@"

# Run any loom-lab command, e.g. `just lab-cli run --help`
lab-cli *ARGS:
    bin/loom-lab "$@"

# Render a run.json, a matrix-<id>.json or a lab result set (each host's matrix-<id>.json) as Markdown and one HTML page, and say where (default: newest run.json)
report *RECORDS:
    bin/loom-lab report "$@" | sed 's|^html: |open in a browser (no server needed): |'

# Two slices of one run: just diff RUN --between mealtime=16:16.8; repeated runs a side, the run the unit:
# just diff A1 A2 A3 --vs B1 B2 B3 (add --across-hardware when the sides ran on different hosts).
# Compare two runs cell by cell: B/A with a confidence interval and a verdict per cell (options after the runs, e.g. --changed)
diff A *ARGS:
    bin/loom-lab diff "$@"

# E.g. just compare openjdk-21 openjdk-25 -e pinning-probe; a JMH jar of your own: --benchmarks target/benchmarks.jar.
# Compare two JDKs (ids such as openjdk-21, homes or java binaries) as lanes taking turns, ended in one sentence a change
compare A B *ARGS:
    bin/loom-lab compare "$@"

# It writes history.md, .html and .csv beside the runs, e.g. just history --runs 'bench-*' -e philosophers
# Every cell's history on this host: each run's score over time, where a cell changed and what changed with it (kernel, JDK build ...)
history *ARGS:
    bin/loom-lab history "$@" | sed 's|^html: |open in a browser (no server needed): |'

# Judge the seeds' claims (yes / no / open) on runs or a matrix-<id>.json, e.g. just claims results/vm/matrix-quick-4jdks.json
claims +RUNS:
    bin/loom-lab claims "$@"

# Write a run for other tools, e.g. just export RUN --format jmh (for jmh-visualizer), benchstat, csv or cells
export RUN *ARGS:
    bin/loom-lab export "$@"

# Validate every run.json under results/ (or the given paths) against the schema
check *PATHS="results":
    bin/loom-lab check "$@"

# Run all tests: workflow lint (actionlint, zizmor), ansible-lint, the Markdown files' links, unit tests, then integration tests of the real CLI, forked JVMs, containers and the simulated lab
test: images ansible
    bin/lint-workflows
    bin/check-links
    bin/check-docs
    bin/check-duplicates
    bin/check-analysis
    cd ansible && ansible-lint
    cd suite && JAVA_HOME="$(../bin/find-jdk)" ./mvnw -B -ntp verify
    bin/loom-lab check results

# Say which of the build's pins have newer releases: Maven plugins and libraries (versions-maven-plugin), the wrapper's Maven, ansible-core
outdated:
    #!/usr/bin/env bash
    set -euo pipefail
    cd suite
    export JAVA_HOME="$(../bin/find-jdk 2>/dev/null)"
    versions=org.codehaus.mojo:versions-maven-plugin:2.25.2
    # The findings are the lines with an arrow (current -> newer), once each, under the first module that has them. The
    # "Require Maven X" lists are left out: they name older releases for older Mavens (no minimum Maven is declared).
    newer() {
      awk '/Require Maven/ { old = 1 } /^\[INFO\] *$/ { old = 0 } /^\[INFO\] Building / && !/Building jar/ { print; next }
           / -> / && !old && !seen[$0]++ { print }' | sed 's/^\[INFO\] //'
    }
    ./mvnw -B -ntp "$versions:display-plugin-updates" "$versions:display-dependency-updates" \
      -DprocessDependencyManagement=true -DallowSnapshots=false | newer
    # The wrapper's Maven is no dependency of the build: ask the same plugin about a pom that depends on it.
    maven=$(sed -n 's|.*/apache-maven-\([0-9.]*\)-bin.zip|\1|p' .mvn/wrapper/maven-wrapper.properties)
    probe=$(mktemp -d)
    printf '%s\n' '<project><modelVersion>4.0.0</modelVersion><groupId>local</groupId><artifactId>wrapper</artifactId>' \
      '<version>0</version><packaging>pom</packaging><dependencies><dependency><groupId>org.apache.maven</groupId>' \
      "<artifactId>apache-maven</artifactId><version>$maven</version><type>pom</type></dependency></dependencies></project>" \
      > "$probe/pom.xml"
    echo "wrapper's Maven $maven (suite/.mvn/wrapper/maven-wrapper.properties):"
    ./mvnw -B -ntp -f "$probe/pom.xml" "$versions:display-dependency-updates" -DallowSnapshots=false | newer
    rm -rf "$probe"
    core=$(sed -n 's/^ANSIBLE_CORE_VERSION=//p' ../bin/ansible-tools)
    echo "ansible-core $core (bin/ansible-tools); PyPI has: $(python3 -m pip index versions ansible-core 2>/dev/null | head -n 1)"

# Build the benchmarks jar and the loom-lab jar without testing
build:
    cd suite && JAVA_HOME="$(../bin/find-jdk)" ./mvnw -B -ntp -q package -DskipTests

# Remove build output and containers left behind by killed labs (never results/)
clean:
    # First the containers a killed lab left behind (they carry their owner's pid; a live run's are kept).
    if [ -f suite/lab/target/loom-lab.jar ] && docker info >/dev/null 2>&1; then bin/loom-lab reap; fi
    cd suite && JAVA_HOME="$(../bin/find-jdk)" ./mvnw -B -ntp -q clean

# Start a Docker engine if none answers (installs Debian's docker.io when missing; needs root)
docker:
    bin/docker-engine

# Build the images this machine can build: debootstrap base, HTTP fixture, a runner per JDK (e.g. --jdk openjdk-25 --arch arm64; --list --json names them)
images *ARGS: docker build
    bin/loom-lab images "$@"

# E.g. --jdk openjdk-21,temurin-25; --one-after-another runs each JDK's whole run in its own container, one after another.
# Run the quick profile on every built JDK, taking turns fork by fork in runner containers, each compared with the first
bench-all *ARGS: images
    bin/loom-lab matrix "$@"

# E.g. just lab .lab/inventory.yml -e lab_matrix_profile=smoke; ARGS go to ansible-playbook (-e sets a variable, --forks
# is how many hosts at once). -e lab_matrix_repeats=3 runs it 3 times a host as runs <id>-r1..r3 (-e lab_matrix_alternate=true:
# the hosts take turns), for just diff A1 A2 A3 --vs B1 B2 B3 --across-hardware.
# Run the matrix on every host of an Ansible inventory and fetch the results into results/<host>/
lab INVENTORY="ansible/inventory.yml" *ARGS: build ansible
    [ -f "$1" ] || { echo "no inventory $1: copy ansible/inventory.example.yml there, or start a simulated lab: just lab-up" >&2; exit 2; }
    ansible-playbook -i "$1" ansible/lab.yml "${@:2}"

# Start a simulated lab here: hosts with their own Docker engine and sshd on 127.0.0.1, one running arm64 images under qemu
lab-up DIR=".lab" *HOSTS: images
    ansible/tests/lab-up "$1" "${@:2}"

# Remove the simulated lab (or only the named hosts of it)
lab-down DIR=".lab" *HOSTS:
    ansible/tests/lab-down "$1" "${@:2}"

# Install the pinned Ansible (ansible-core) and ansible-lint when missing or at another version
ansible:
    bin/ansible-tools
