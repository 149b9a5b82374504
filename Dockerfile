# The runner image: one JDK build plus the suite. One image per jdks/<id>.properties, chosen by build
# arguments; `loom-lab images` (`just images`) fills them in from the descriptor. Never edit a copy per JDK.
ARG BASE=loom-lab/base:trixie-amd64
FROM ${BASE}

# The JDK comes one of three ways: a Debian package (JDK_PACKAGE set), a JDK directory copied from the host into
# the build context's jdk/, or the JDK of a vendor's image pulled as the base (JDK_FROM_BASE set, `images --pull`).
# Either way it ends up at /opt/jdk.
ARG JDK_PACKAGE=
ARG JDK_FROM_BASE=
COPY jdk/ /opt/jdk/
# procps: ps and /proc readers for the footprint scenario's cross-checks; nothing else is installed.
RUN set -eu; \
    apt-get update; \
    DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends procps ${JDK_PACKAGE}; \
    rm -rf /var/lib/apt/lists/*; \
    if [ -n "${JDK_PACKAGE}" ]; then \
      rm -rf /opt/jdk; \
      ln -s "$(dirname "$(dirname "$(readlink -f /usr/bin/javac)")")" /opt/jdk; \
    elif [ -n "${JDK_FROM_BASE}" ]; then \
      rm -rf /opt/jdk; \
      ln -s "$(dirname "$(dirname "$(readlink -f "$(command -v java)")")")" /opt/jdk; \
    fi; \
    /opt/jdk/bin/java -version

ENV JAVA_HOME=/opt/jdk \
    PATH=/opt/jdk/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin

# The suite, laid out as in the repository so the lab finds its jars under its home.
COPY loom-lab.jar /opt/loom-lab/suite/lab/target/loom-lab.jar
COPY benchmarks.jar /opt/loom-lab/suite/bench/target/benchmarks.jar
COPY fixture.jar /opt/loom-lab/suite/fixture/target/fixture.jar

ARG JDK_ID
ARG JDK_VENDOR
ARG JDK_FEATURE
ARG SUITE_VERSION
ARG GIT_COMMIT
ARG GIT_DIRTY=
ARG GIT_RELEASE=
# The commit, whether the tree was dirty and the release tag it is at or after (v0.9.0, v0.9.0+12; empty when none) are
# read by the lab's fingerprint: there is no .git inside the image.
ENV LOOMLAB_GIT_COMMIT=${GIT_COMMIT} LOOMLAB_GIT_DIRTY=${GIT_DIRTY} LOOMLAB_GIT_RELEASE=${GIT_RELEASE}
LABEL org.opencontainers.image.title="loom-lab runner ${JDK_ID}" \
      org.opencontainers.image.version="${SUITE_VERSION}" \
      org.opencontainers.image.revision="${GIT_COMMIT}" \
      org.loomlab.suite.dirty="${GIT_DIRTY}" \
      org.loomlab.suite.release="${GIT_RELEASE}" \
      org.loomlab.jdk.id="${JDK_ID}" \
      org.loomlab.jdk.vendor="${JDK_VENDOR}" \
      org.loomlab.jdk.feature="${JDK_FEATURE}"

# The runner never needs root: it writes only to the results directory mounted for it. `matrix` runs it as the
# caller's uid:gid; uid 1000 is the default (a vendor's Ubuntu base may have its own user with that uid already).
RUN id -u 1000 >/dev/null 2>&1 || useradd --uid 1000 --create-home lab
USER 1000
WORKDIR /tmp
ENTRYPOINT ["java", "-Dloomlab.home=/opt/loom-lab", "-jar", "/opt/loom-lab/suite/lab/target/loom-lab.jar"]
