"""Is warm-up still inside quick's samples? A quick fork measures two 1 s iterations after its warm-up; at steady
state the first is as likely to be the slower as the second, and their ratio is 1. Per kind of cell, over every fork
of the committed quick records under the given warm-up (forks are independent JVMs, across runs too): how often the
first measured iteration was the slower, and the geometric mean of first / second with its 95 % t interval over the
forks' log ratios. A ratio above 1 whose interval excludes 1 is warm-up (or growth) still being measured.

python3 warmup_residue.py [WARMUP_SECONDS [MIN_FORKS [kind|experiment]]]   (default 3 10 kind; experiment pools
each experiment's kinds, e.g. the HTTP workloads of the philosophers with the others)"""
import math
import statistics
import sys
from collections import defaultdict

import records
from equal_time import t_quantile


def kind(cell, pool):
    p = cell["params"]
    if pool == "experiment":
        http = p.get("workload", "").startswith("http")
        return (cell["experiment"], "", "http-*" if http else "")
    return (cell["experiment"], p.get("threads") or p.get("dispatcher") or p.get("kind") or "", p.get("workload", ""))


def ratios(warmup, pool):
    out = defaultdict(list)
    for _, c in records.cells():
        if c.get("metric") != "avgt" or (c.get("precision") or {}).get("warmup_seconds") != warmup:
            continue
        for fork in c.get("fork_samples") or []:
            if len(fork) == 2 and min(fork) > 0:
                out[kind(c, pool)].append(math.log(fork[0] / fork[1]))
    return out


def main():
    warmup = float(sys.argv[1]) if len(sys.argv) > 1 else 3.0
    least = max(2, int(sys.argv[2]) if len(sys.argv) > 2 else 10)
    pool = sys.argv[3] if len(sys.argv) > 3 else "kind"
    print("| experiment | threads / dispatcher | workload | forks | first slower | first / second, 95 % |")
    print("|---|---|---|---:|---:|---:|")
    for (experiment, threads, workload), logs in sorted(ratios(warmup, pool).items()):
        if len(logs) < least:
            continue
        mean = statistics.mean(logs)
        half = t_quantile(0.975, len(logs) - 1) * statistics.stdev(logs) / math.sqrt(len(logs))
        slower = sum(x > 0 for x in logs) / len(logs)
        flag = " **" if mean - half > 0 else ""
        print(f"| {experiment} | {threads} | {workload} | {len(logs)} | {100 * slower:.0f} % "
              f"| {flag}{math.exp(mean):.3f} [{math.exp(mean - half):.3f}, {math.exp(mean + half):.3f}]{flag.strip()} |")


if __name__ == "__main__":
    main()
