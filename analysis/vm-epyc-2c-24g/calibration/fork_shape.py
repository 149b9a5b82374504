"""Is a quick fork the right shape? Splits each cell's noise into a part between forks (JVM to JVM) and a part
between the measured iterations of one fork, from the committed quick records of this host, and prices other shapes
at equal machine time.

On the log scale, with m measured iterations a fork, a fork's mean varies by B + W / m (B: between forks; W: between
one fork's iterations), and a fork costs c0 + m * s seconds (c0: JVM start-up, warm-up and JMH's own time; s: an
iteration, or one operation when that is longer). In T seconds a cell gets F = T // (c0 + m * s) forks, and its
95 % half-width is t(F - 1) * sqrt((B + W / m) / F). B and W are pooled per cell over the runs that measured it under
the 3 s warm-up with two iterations a fork (W from each fork's two iterations, B from the spread of its fork means
less W / 2, both averaged over runs so neither is biased); c0 is the median over those cells of wall time a fork less
its measured time.

python3 fork_shape.py [SECONDS_A_CELL ...]   (default: 40 70: quick's cell budget and the talk's 70 s; under about
30 s what matters is how many whole forks fit, not their shape)"""
import functools
import json
import math
import statistics
import sys
from collections import defaultdict

import records
from equal_time import t_quantile

SHAPES = (1, 2, 3, 4, 6, 8)
t95 = functools.lru_cache(maxsize=None)(lambda df: t_quantile(0.975, df))


def components():
    """(experiment, params) -> list of (W, B, seconds an iteration), and the fork overheads seen."""
    cells, overheads = defaultdict(list), []
    for _, c in records.cells():
        p, forks = c.get("precision") or {}, c.get("fork_samples") or []
        if (c.get("unit") != "ms/op" or c.get("status") != "ok" or p.get("warmup_seconds") != 3.0
                or len(forks) < 3 or any(len(x) != 2 or min(x) <= 0 for x in forks)):
            continue
        logs = [[math.log(v) for v in x] for x in forks]
        w = statistics.mean(statistics.variance(x) for x in logs)
        b = statistics.variance([statistics.mean(x) for x in logs]) - w / 2
        iteration = max(1.0, c["score"] / 1000)
        cells[(c["experiment"], json.dumps(c["params"], sort_keys=True))].append((w, b, iteration))
        if c.get("wall_seconds"):
            overheads.append(c["wall_seconds"] / len(forks) - 2 * iteration)
    return cells, statistics.median(overheads)


def half_width(b, w, m, iteration, c0, seconds):
    forks = int(seconds // (c0 + m * iteration))
    if forks < 2:
        return None
    return math.expm1(t95(forks - 1) * math.sqrt((b + w / m) / forks))


def main():
    budgets = [float(a) for a in sys.argv[1:]] or [40, 70]
    cells, c0 = components()
    print(f"{len(cells)} cells, fork overhead c0 = {c0:.1f} s (median)\n")
    print("| experiment | cells | W (iterations) | B (forks) | W/B | best m with many forks |")
    print("|---|---:|---:|---:|---:|---:|")
    by_experiment = defaultdict(list)
    for (experiment, _), runs in cells.items():
        w, b = statistics.mean(r[0] for r in runs), max(0.0, statistics.mean(r[1] for r in runs))
        by_experiment[experiment].append((w, b, statistics.mean(r[2] for r in runs)))
    for experiment, rows in sorted(by_experiment.items()):
        w, b = statistics.median(r[0] for r in rows), statistics.median(r[1] for r in rows)
        best = math.sqrt(c0 * w / b) if b > 0 else float("inf")
        print(f"| {experiment} | {len(rows)} | {w:.4f} | {b:.4f} | {w / b if b else float('inf'):.1f} | {best:.1f} |")
    for seconds in budgets:
        print(f"\n**{seconds:g} s a cell**: median 95 % half-width over the cells, and the share of cells whose own"
              f" best shape is within 10 % of it")
        print("\n| experiment | " + " | ".join(f"m = {m}" for m in SHAPES) + " |")
        print("|---|" + "---:|" * len(SHAPES))
        for experiment, rows in sorted(by_experiment.items()):
            out = []
            for m in SHAPES:
                widths, near = [], 0
                for w, b, iteration in rows:
                    mine = half_width(b, w, m, iteration, c0, seconds)
                    options = [h for h in (half_width(b, w, k, iteration, c0, seconds) for k in SHAPES) if h]
                    if mine is None or not options:
                        continue
                    widths.append(mine)
                    near += mine <= 1.1 * min(options)
                out.append(f"±{100 * statistics.median(widths):.1f} % ({near}/{len(rows)})" if widths else "-")
            print(f"| {experiment} | " + " | ".join(out) + " |")


if __name__ == "__main__":
    main()
