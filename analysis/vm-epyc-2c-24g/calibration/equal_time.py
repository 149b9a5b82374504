"""Equal-time calibration: per cell, the relative 99.9 % half-width of the talk's JMH settings (one fork,
iterations as samples) against the lab's policy (forks as samples) given the same time, read from run records made
with --confidence 0.999: one run measured with -p settings=talk,quick (python3 equal_time.py RUN/run.json), or, as
the first calibrations were, two runs (python3 equal_time.py TALK_SETTINGS/run.json LAB_POLICY/run.json)."""
import json
import math
import sys


def t_quantile(p, df):
    """Student-t quantile by bisection on its CDF (Simpson's rule on the density); no SciPy here."""
    def pdf(x):
        return math.exp(math.lgamma((df + 1) / 2) - math.lgamma(df / 2) - 0.5 * math.log(df * math.pi)
                        - (df + 1) / 2 * math.log1p(x * x / df))

    def cdf(x, steps=2000):
        h = x / steps
        area = pdf(0) + pdf(x) + sum((4 if i % 2 else 2) * pdf(i * h) for i in range(1, steps))
        return 0.5 + area * h / 3

    lo, hi = 0.0, 1000.0
    for _ in range(60):
        mid = (lo + hi) / 2
        lo, hi = (mid, hi) if cdf(mid) < p else (lo, mid)
    return (lo + hi) / 2


def forks_for(cell, target):
    """The forks that would reach a relative half-width of target at this cell's fork spread, as the lab estimates it
    (PrecisionTable.forksToReach: the fewest n whose t(n - 1) * spread / sqrt(n) is within it, t at that n; until
    2026-11-25 t was taken at the forks seen so far, which overstated the need)."""
    prec = cell['precision']
    p = 1 - (1 - prec['confidence']) / 2

    def enough(n):
        return t_quantile(p, n - 1) * prec['fork_spread'] / math.sqrt(n) <= target

    low, high = 1, 2  # enough(high) once found; never enough(low)
    while not enough(high):
        low, high = high, high * 2
    while high - low > 1:
        mid = (low + high) // 2
        low, high = (low, mid) if enough(mid) else (mid, high)
    return high


def cells(path, settings=None):
    """The time cells of a record (allocation cells left out), by lock, threads and workload; of one settings only
    when given."""
    out = {}
    for c in json.load(open(path))['results']:
        if c['unit'] != 'ms/op' or (settings is not None and c['params'].get('settings') != settings):
            continue
        key = tuple(c['params'][k] for k in ('lock', 'threads', 'workload'))
        out[key] = c
    return out


def cost(c):
    return c['wall_seconds']


def main():
    if len(sys.argv) == 2:
        talk, lab = cells(sys.argv[1], 'talk'), cells(sys.argv[1], 'quick')
    else:
        talk, lab = cells(sys.argv[1]), cells(sys.argv[2])
    print('| lock | threads | workload | talk settings: ms, ±99.9 % (samples, time) | lab policy: ms, ±99.9 % (forks, time) '
          '| lab/talk half-width | talk interval holds the lab\'s mean | forks (time) for half the talk\'s half-width |')
    print('|---|---|---|---:|---:|---:|---|---:|')
    for key, t in talk.items():
        l = lab.get(key)
        if l is None or t['status'] != 'ok' or l['status'] != 'ok':
            print(f"| {' | '.join(key)} | {t['status']} | {l['status'] if l else 'missing'} | | | |")
            continue
        tw, lw = t['precision']['relative_half_width'], l['precision']['relative_half_width']
        holds = 'yes' if t['ci_low'] <= l['score'] <= t['ci_high'] else '**no**'
        need = forks_for(l, tw / 2)
        per_fork = cost(l) / l['precision']['forks']
        print(f"| {' | '.join(key)} | {t['score']:,.2f} ±{100 * tw:.1f} % ({len(t['samples'])} iterations, {cost(t):.0f} s) "
              f"| {l['score']:,.2f} ±{100 * lw:.1f} % ({l['precision']['forks']} forks, {cost(l):.0f} s) | {lw / tw:.2f} | {holds} "
              f"| {need:,} ({need * per_fork / 60:,.1f} min) |")


if __name__ == '__main__':
    main()
