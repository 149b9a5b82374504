"""How precise a run's dinners are as a time (the talk's metric) and as a time per table meal, cell by cell.

A dinner ends when its first philosopher is full, so its time is the table's speed (table.meal.time) times how
evenly the table shares its meals (meal_spread). Where the forks disagree on the time but agree on the speed, the
spread between forks is the sharing, not the switching. Reads one run.json; each row's half-width is the record's
own (95 % over forks, None under two forks), so nothing here is recomputed.

python3 table_meal_precision.py RUN_JSON [EXPERIMENT]   (default experiment: philosophers)
"""
import json
import statistics
import sys


def rows(record, experiment):
    cells = {}
    for c in record["results"]:
        if c["experiment"] != experiment or c["status"] != "ok":
            continue
        key = json.dumps(c["params"], sort_keys=True)
        cells.setdefault(key, {})[c["metric"]] = c
    return [(json.loads(k), m) for k, m in cells.items() if "avgt" in m and "table.meal.time" in m]


def width(cell):
    p = cell.get("precision") or {}
    return p.get("relative_half_width") if p.get("forks", 0) >= 2 else None


def spread(cell):
    """The forks' coefficient of variation of their means, as the record's fork_spread says it."""
    return (cell.get("precision") or {}).get("fork_spread")


def pct(v):
    return "-" if v is None else f"{100 * v:.1f} %"


def main():
    record = json.load(open(sys.argv[1]))
    experiment = sys.argv[2] if len(sys.argv) > 2 else "philosophers"
    found = rows(record, experiment)
    axes = [a for a in ("lock", "threads", "workload", "dispatcher", "variant")
            if len({p.get(a) for p, _ in found}) > 1]
    print("| " + " | ".join(axes) + " | forks | dinner ± (95 %) | fork spread | per table meal ± | fork spread "
          "| meal spread |")
    print("|" + "---|" * len(axes) + "---:|---:|---:|---:|---:|---:|")
    for params, m in found:
        t, meal = m["avgt"], m["table.meal.time"]
        print("| " + " | ".join(params.get(a, "") for a in axes)
              + f" | {t['precision']['forks']} | {pct(width(t))} | {pct(spread(t))}"
              + f" | {pct(width(meal))} | {pct(spread(meal))} | {t.get('meal_spread') or 0:.1f} |")
    for name, metric in (("dinner", "avgt"), ("per table meal", "table.meal.time")):
        w = [width(m[metric]) for _, m in found]
        measured = [v for v in w if v is not None]
        print(f"\n{name}: {len(found)} cells, {sum(v <= 0.05 for v in measured)} within ±5 %, "
              f"{sum(v <= 0.10 for v in measured)} within ±10 %, {len(w) - len(measured)} under two forks; "
              f"median ± {pct(statistics.median(measured)) if measured else '-'}", end="")
    print()


if __name__ == "__main__":
    main()
