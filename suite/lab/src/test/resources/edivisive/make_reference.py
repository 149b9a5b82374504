#!/usr/bin/env python3
"""Reference change points for EDivisiveReferenceTest, from MongoDB's signal-processing-algorithms.

Run by hand only; the test reads the JSON this writes and never runs Python. To remake it:

    python3 -m venv /tmp/spa && /tmp/spa/bin/pip install signal-processing-algorithms==2.1.6
    bin/loom-lab history --host vm-epyc-2c-24g --jdk temurin-25 --runs 'bench-*' --out /tmp/hist
    /tmp/spa/bin/python suite/lab/src/test/resources/edivisive/make_reference.py /tmp/hist/history.csv \
        > suite/lab/src/test/resources/edivisive/reference.json

Each series gets the reference's change points (e_divisive, 999 permutations, p 0.05, numpy's generator seeded) and
its test statistic at every split of the whole series. The reference averages a side's within-distances over n^2
pairs (a V-statistic, the diagonal's zeros included); loom-lab's E-Divisive over n(n-1)/2 (Matteson and James's
U-statistic). The test rebuilds the reference's form from loom-lab's distance sums, so the two agree where both
define a split (each side two values or more).
"""
import csv
import json
import math
import sys

import numpy as np
from signal_processing_algorithms.energy_statistics import energy_statistics as es

PERMUTATIONS = 999
P_VALUE = 0.05
# The cell of the committed history (results/vm-epyc-2c-24g/temurin-25/history.md) with a change point at bench-q.
HISTORY_CELL = ("philosophers",
                "lock=reentrant threads=platform workload=noop dinner=talk mealtime=16 philosophers=1000 meals=10000 "
                "connections=500 gc=g1",
                "avgt")


def made_up():
    rng = np.random.default_rng(20260501)
    step = np.concatenate([rng.normal(100, 3, 12), rng.normal(130, 3, 10)])
    two_steps = np.concatenate([rng.normal(100, 3, 8), rng.normal(130, 3, 8), rng.normal(112, 3, 8)])
    noise = rng.normal(100, 3, 20)
    return {"step": step, "two-steps": two_steps, "noise": noise}


def history_logs(csv_path):
    experiment, params, metric = HISTORY_CELL
    with open(csv_path, newline="") as f:
        rows = [r for r in csv.DictReader(f)
                if (r["experiment"], r["params"], r["metric"]) == (experiment, params, metric)]
    # history.csv lists runs in the order they started, as history analyses them; ChangeRule works on logs.
    return [math.log(float(r["score"])) for r in rows], [r["run_id"] for r in rows]


def reference(values):
    series = np.asarray(values, dtype=np.float64)
    np.random.seed(20140101)
    points = es.e_divisive(series, pvalue=P_VALUE, permutations=PERMUTATIONS)
    matrix = es._get_distance_matrix(es._get_valid_input(series))
    statistics = es._calculate_t_stats(matrix)
    return points, statistics


def entry(name, values, runs=None):
    points, statistics = reference(values)
    out = {"name": name, "values": [float(v) for v in values], "change_points": [int(p) for p in points],
           # statistic[tau]: the split with values[0, tau) on the left
           "statistics": [float(t) for t in statistics],
           "candidate": int(np.argmax(statistics))}
    if runs:
        out["runs"] = runs
    return out


def main():
    series = [entry(name, values) for name, values in made_up().items()]
    logs, runs = history_logs(sys.argv[1])
    series.append(entry("history philosophers platform noop talk avgt (logs)", logs, runs))
    json.dump({"reference": "signal-processing-algorithms 2.1.6, energy_statistics.e_divisive",
               "permutations": PERMUTATIONS, "p_value": P_VALUE, "series": series}, sys.stdout, indent=1)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
