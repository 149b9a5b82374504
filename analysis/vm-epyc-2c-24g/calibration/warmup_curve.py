"""How long a cell takes to warm up here: JMH forks of one-second iterations and no warm-up (the JSON JMH wrote, kept
verbatim under results/vm-epyc-2c-24g/calibration/warmup-curve*/ by warmup_curve.sh), each iteration against the
same fork's last third (its steady state: seconds 21-30 of 30), as the geometric mean over forks. An iteration is a
second, or one operation when that is longer (an HTTP dinner).
Usage: python3 warmup_curve.py results/vm-epyc-2c-24g/calibration/warmup-curve/*.json"""
import json
import math
import sys

# Which iterations of a JVM's life a fork measures: quick measured iterations 2-3 (1 s of warm-up) until 2026-11-24
# and 4-5 (3 s) since; the talk's settings measure seconds 21-70.
WINDOWS = (('1', 1, 1), ('2-3 (quick, 1 s warm-up)', 2, 3), ('4-5 (quick, 3 s warm-up)', 4, 5), ('6-7', 6, 7),
           ('10', 10, 10), ('20', 20, 20))
SHOWN = ('lock', 'threads', 'dispatcher', 'workload')


def main(paths):
    print('| benchmark | cell | forks | iterations | steady ms (last third) | '
          + ' | '.join(f'iteration {w[0]}' for w in WINDOWS) + ' |')
    print('|---|---|---:|---:|---:|' + '---:|' * len(WINDOWS))
    for path in paths:
        for bench in json.load(open(path)):
            p = bench['params']
            forks = bench['primaryMetric']['rawData']
            n = min(len(f) for f in forks)
            steady = [sum(f[n - n // 3:n]) / (n // 3) for f in forks]

            def relative(first, last):
                """Iterations first..last of every fork against its steady state; geometric mean over forks."""
                if last > n:
                    return '-'
                return f"{math.exp(sum(math.log(sum(f[first - 1:last]) / (last - first + 1) / s) for f, s in zip(forks, steady)) / len(forks)):.3f}"

            name = bench['benchmark'].rsplit('.', 2)[-2].replace('Benchmark', '')
            cell = ' '.join(p[k] for k in SHOWN if k in p)
            print(f"| {name} | {cell} | {len(forks)} | {n} "
                  f"| {math.exp(sum(math.log(s) for s in steady) / len(steady)):,.2f} | "
                  + ' | '.join(relative(w[1], w[2]) for w in WINDOWS) + ' |')


if __name__ == '__main__':
    main(sys.argv[1:])
