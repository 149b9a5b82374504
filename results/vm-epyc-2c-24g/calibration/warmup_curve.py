"""How long the talk's eight philosophers cells take to warm up here: JMH forks of 30 one-second iterations and no
warm-up (the JSON JMH wrote, kept verbatim under warmup-curve/), each iteration against the same fork's last ten
(its steady state), as the geometric mean over forks. Usage: python3 warmup_curve.py warmup-curve/*.json"""
import json
import math
import sys

SECONDS = (1, 2, 3, 4, 5, 10, 20)

print('| lock | threads | workload | forks | steady ms (iterations 21-30) | ' + ' | '.join(f'second {s}' for s in SECONDS)
      + ' | first second within 2 % of steady |')
print('|---|---|---|---:|---:|' + '---:|' * len(SECONDS) + '---:|')
for path in sys.argv[1:]:
    for bench in json.load(open(path)):
        p = bench['params']
        forks = bench['primaryMetric']['rawData']
        steady = [sum(f[20:]) / len(f[20:]) for f in forks]
        # Iteration k of every fork, relative to that fork's steady state; geometric mean over forks.
        rel = [math.exp(sum(math.log(f[k] / s) for f, s in zip(forks, steady)) / len(forks)) for k in range(len(forks[0]))]
        settled = next((k + 1 for k in range(len(rel)) if all(abs(r - 1) <= 0.02 for r in rel[k:20])), None)
        print(f"| {p['lock']} | {p['threads']} | {p['workload']} | {len(forks)} "
              f"| {math.exp(sum(math.log(s) for s in steady) / len(steady)):,.2f} | "
              + ' | '.join(f'{rel[s - 1]:.3f}' for s in SECONDS) + f" | {settled if settled else 'later than 20'} |")
