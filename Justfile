# loom-lab: a reproducibility lab for JVM concurrency experiments. `just` alone prints this menu.

set shell := ["bash", "-euo", "pipefail", "-c"]

# Show the menu
default:
    @just --list --unsorted

# Run the quick profile on this host's JDK (no Docker) and print the results table (--profile full for more)
bench *ARGS: build
    bin/loom-lab run {{ARGS}}

# Run the smoke profile: every cell at a tiny size, in about a minute
smoke *ARGS: build
    bin/loom-lab run --profile smoke {{ARGS}}

# Run any loom-lab command, e.g. `just lab-cli run --help`
lab-cli *ARGS: build
    bin/loom-lab {{ARGS}}

# Render a run.json as tables and SVG charts, or a matrix-<id>.json as a cross-JDK table (default: newest run.json)
report RUN="": build
    run="{{RUN}}"; [ -n "$run" ] || run=$(ls -t results/*/*/*/run.json 2>/dev/null | head -1); \
    [ -n "$run" ] || { echo "no run.json under results/; make one with: just bench" >&2; exit 1; }; \
    bin/loom-lab report "$run"

# Compare two runs cell by cell: B/A with a confidence interval and a verdict per cell (options after the runs, e.g. --changed)
diff A B *ARGS: build
    bin/loom-lab diff {{ARGS}} "{{A}}" "{{B}}"

# Judge the seeds' claims (yes / no / open) on runs or a matrix-<id>.json, e.g. just claims results/vm/matrix-quick-4jdks.json
claims +RUNS: build
    bin/loom-lab claims {{RUNS}}

# Validate every run.json under results/ (or the given paths) against the schema
check *PATHS="results": build
    bin/loom-lab check {{PATHS}}

# Run all tests: unit tests, then integration tests of the real CLI, forked JVMs and fixture containers
test: images
    cd suite && JAVA_HOME="$(../bin/find-jdk)" ./mvnw -B -ntp verify

# Build the benchmarks jar and the loom-lab jar without testing
build:
    cd suite && JAVA_HOME="$(../bin/find-jdk)" ./mvnw -B -ntp -q package -DskipTests

# Remove build output (never results/)
clean:
    cd suite && JAVA_HOME="$(../bin/find-jdk)" ./mvnw -B -ntp -q clean

# Start a Docker engine if none answers (installs Debian's docker.io when missing; needs root)
docker:
    bin/docker-engine

# Build the images this machine can build: debootstrap base, HTTP fixture, a runner per JDK (e.g. --jdk openjdk-25 --arch arm64)
images *ARGS: docker build
    images/base/build trixie amd64
    images/fixture/build
    bin/loom-lab images {{ARGS}}

# Run the quick profile on every built JDK, one runner container after another (e.g. --jdk openjdk-21,temurin-25)
bench-all *ARGS: images
    bin/loom-lab matrix {{ARGS}}
