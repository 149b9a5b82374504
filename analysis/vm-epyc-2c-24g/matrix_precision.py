#!/usr/bin/env python3
"""Precision of two four-JDK matrices side by side, per JDK: each cell's primary metric, its 95 % interval over forks.

Usage: matrix_precision.py HOST_DIR MATRIX_A MATRIX_B
       matrix_precision.py --runs JDK_DIR RUN_A RUN_B
Reads HOST_DIR/<jdk>/<matrix>/run.json for every JDK both matrix records list; prints a Markdown table. With --runs,
two runs of one JDK (two `just bench`), one row per experiment and one for the whole run.
Counted over the cells both runs of a JDK hold (same experiment and parameters), so a cell added later does not
move the counts.
"""
import json
import statistics
import sys
from datetime import datetime
from pathlib import Path


def cells(run):
    """Each cell's primary metric: the first row of a cell in the record (later rows are its secondary metrics)."""
    out = {}
    for c in run["results"]:
        out.setdefault((c["experiment"], tuple(sorted(c["params"].items()))), c)
    return out


def width(c):
    """The relative half-width over forks, or None under two forks or without a precision block."""
    p = c.get("precision")
    if not p or (p.get("forks") or 0) < 2:
        return None
    return p.get("relative_half_width")


def minutes(run):
    f = lambda s: datetime.fromisoformat(s.replace("Z", "+00:00")[:26] + "+00:00")
    return (f(run["finished"]) - f(run["started"])).total_seconds() / 60


def summary(cs):
    ws = [width(c) for c in cs]
    known = [w for w in ws if w is not None]
    forks = [(c.get("precision") or {}).get("forks") or 1 for c in cs]
    return {
        "5": sum(1 for w in known if w <= 0.05),
        "10": sum(1 for w in known if w <= 0.10),
        "under2": sum(1 for w in ws if w is None),
        "forks": statistics.median(forks),
        "all forks": sum(forks),
        "median": statistics.median(known) * 100 if known else float("nan"),
        "flagged": sum(1 for c in cs if (c.get("precision") or {}).get("budget_exhausted")),
    }


def record(directory, run):
    return json.loads((Path(directory) / run / "run.json").read_text())


def side_by_side(ra, rb, keys=None):
    """The cells both runs hold (or those of `keys`), and a formatter of one summary figure as `a → b`."""
    ca, cb = cells(ra), cells(rb)
    keys = [k for k in cb if k in ca] if keys is None else keys
    sa, sb = summary([ca[k] for k in keys]), summary([cb[k] for k in keys])
    return keys, lambda k, fmt="{}": f"{fmt.format(sa[k])} → {fmt.format(sb[k])}"


def main(host_dir, a, b):
    host = Path(host_dir)
    jdks = [j["jdk"] for j in json.loads((host / f"matrix-{b}.json").read_text())["jdks"]]
    print(f"| JDK | cells | within ±5 %, {a} → {b} | within ±10 % | under two forks | median forks "
          f"| median ± of the rest | flagged short | minutes |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|")
    for jdk in jdks:
        ra, rb = record(host / jdk, a), record(host / jdk, b)
        common, pair = side_by_side(ra, rb)
        print(f"| {jdk} | {len(common)} | {pair('5')} | {pair('10')} | {pair('under2')} | {pair('forks', '{:g}')} "
              f"| {pair('median', '{:.1f}')} % | {pair('flagged')} | {minutes(ra):.1f} → {minutes(rb):.1f} |")


def runs(jdk_dir, a, b):
    """Two runs of one JDK side by side per experiment: where a run's time went, in forks, and what they bought."""
    ra, rb = record(jdk_dir, a), record(jdk_dir, b)
    common, _ = side_by_side(ra, rb)
    groups = {}
    for k in common:
        groups.setdefault(k[0], []).append(k)
    print(f"| experiment | cells | within ±5 %, {a} → {b} | within ±10 % | under two forks | median forks "
          f"| forks in all | median ± of the rest |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    for name, keys in list(groups.items()) + [("whole run", common)]:
        _, pair = side_by_side(ra, rb, keys)
        print(f"| {name} | {len(keys)} | {pair('5')} | {pair('10')} | {pair('under2')} | {pair('forks', '{:g}')} "
              f"| {pair('all forks')} | {pair('median', '{:.1f}')} % |")
    print(f"\nMinutes: {minutes(ra):.1f} → {minutes(rb):.1f}.")


if __name__ == "__main__":
    if len(sys.argv) == 5 and sys.argv[1] == "--runs":
        runs(*sys.argv[2:])
    elif len(sys.argv) == 4:
        main(*sys.argv[1:])
    else:
        sys.exit("usage: matrix_precision.py HOST_DIR MATRIX_A MATRIX_B | --runs JDK_DIR RUN_A RUN_B")
