"""Could a cell's history narrow its interval? A moderated (empirical-Bayes) interval would pool a cell's fork spread
with the spreads its earlier runs on this host saw, and gain their degrees of freedom. That is only honest if the
earlier runs' spread is the spread the cell really has. The six cells run to 16 forks (`reach-check-1` to `-4`) say
what that spread is over a couple of minutes; printed beside it: the pooled spread (root mean variance, unbiased) and
the median spread of that cell's earlier quick runs of three or more forks under the 3 s warm-up, on the log scale
of the fork means, as the lab computes it.

python3 history_spread.py"""
import json
import math
import statistics
from collections import defaultdict

import records


def fork_logs():
    """(experiment, params) -> [(run id, started, logs of its fork means)], ms/op rows under the 3 s warm-up."""
    cells = defaultdict(list)
    for record, c in records.cells(jdk="temurin-25"):
        forks, p = c.get("fork_samples") or [], c.get("precision") or {}
        if c.get("unit") != "ms/op" or p.get("warmup_seconds") != 3.0:
            continue
        logs = [math.log(statistics.mean(x)) for x in forks if x and min(x) > 0]
        key = (c["experiment"], json.dumps(c["params"], sort_keys=True))
        cells[key].append((record["run_id"], record["started"], logs))
    return cells


def main():
    print("| cell | 16 forks: spread | earlier runs | their forks | pooled spread | median spread | 16-fork / pooled |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    for (experiment, params), runs in sorted(fork_logs().items()):
        checks = [r for r in runs if r[0].startswith("reach-check") and len(r[2]) >= 16]
        if not checks:
            continue
        _, started, logs = checks[0]
        earlier = [r[2] for r in runs if r[1] < started and len(r[2]) >= 3 and not r[0].startswith("reach-check")]
        if not earlier:
            continue
        truth = statistics.stdev(logs)
        pooled = math.sqrt(statistics.mean(statistics.variance(x) for x in earlier))
        median = statistics.median(statistics.stdev(x) for x in earlier)
        p = json.loads(params)
        name = f"{experiment} {p.get('lock')} {p.get('threads')} {p.get('workload')}"
        print(f"| {name} | {100 * truth:.1f} % | {len(earlier)} | {sum(len(x) for x in earlier)} "
              f"| {100 * pooled:.1f} % | {100 * median:.1f} % | {truth / pooled:.1f} |")


if __name__ == "__main__":
    main()
