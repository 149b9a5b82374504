"""How long the talk's eight philosophers cells take to warm up here: JMH forks of 30 one-second iterations and no
warm-up (the JSON JMH wrote, kept verbatim under warmup-curve/), each iteration against the same fork's last ten
(its steady state), as the geometric mean over forks. Usage: python3 warmup_curve.py warmup-curve/*.json"""
import json
import math
import sys

# Which seconds of a JVM's life a fork measures: quick measured seconds 2-3 (1 s of warm-up) until 2026-11-24 and
# seconds 4-5 (3 s) since; the talk's settings measure seconds 21-70.
WINDOWS = (('1', 1, 1), ('2-3 (quick, 1 s warm-up)', 2, 3), ('4-5 (quick, 3 s warm-up)', 4, 5), ('6-7', 6, 7),
           ('10', 10, 10), ('20', 20, 20))

print('| lock | threads | workload | forks | steady ms (seconds 21-30) | ' + ' | '.join(f'second {w[0]}' for w in WINDOWS) + ' |')
print('|---|---|---|---:|---:|' + '---:|' * len(WINDOWS))
for path in sys.argv[1:]:
    for bench in json.load(open(path)):
        p = bench['params']
        forks = bench['primaryMetric']['rawData']
        steady = [sum(f[20:]) / len(f[20:]) for f in forks]

        def relative(first, last):
            """Seconds first..last of every fork against that fork's steady state; geometric mean over forks."""
            return math.exp(sum(math.log(sum(f[first - 1:last]) / (last - first + 1) / s) for f, s in zip(forks, steady))
                            / len(forks))

        print(f"| {p['lock']} | {p['threads']} | {p['workload']} | {len(forks)} "
              f"| {math.exp(sum(math.log(s) for s in steady) / len(steady)):,.2f} | "
              + ' | '.join(f'{relative(w[1], w[2]):.3f}' for w in WINDOWS) + ' |')
