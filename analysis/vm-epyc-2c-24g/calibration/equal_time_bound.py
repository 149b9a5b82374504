"""The best the lab's policy can do against the talk's JMH settings at equal time (70 s a cell, 99.9 %), on the cell
most favourable to any method: one JVM's measurements independent from second to second (white noise) and no
JVM-to-JVM variance. There the talk's interval is the right one, and it is narrow: 50 of its 70 s are measured, in
one JVM, over five 10 s iterations (t at 4 degrees of freedom). The lab spends start-up and warm-up on every fork and
measures the rest; with m measured seconds a fork and F forks, its half-width against the talk's is

    t(F - 1) / sqrt(F) * sqrt(1 / m)  over  t(4) / sqrt(5) * sqrt(1 / 10),   F = floor(70 / (start + warm-up + m)),

whatever the noise's size. Printed: the best m for each warm-up. With JVM-to-JVM variance the lab's interval has to
grow (it is over forks) and the talk's does not (it is blind to it), so real cells only do worse than this bound; a
ratio under it means the talk's iterations were noisier than white (warm-up or drift inside them).
python3 equal_time_bound.py [START_SECONDS]   (default 1.3, a fork's JVM and JMH start-up here)"""
import functools
import math
import sys

from equal_time import t_quantile

CELL_SECONDS = 70
P = 1 - 0.001 / 2

# Each quantile is a bisection over a numeric integral: one per degree of freedom is enough.
t_at = functools.lru_cache(maxsize=None)(lambda df: t_quantile(P, df))



def best_ratio(start, warmup):
    talk = t_at(4) / math.sqrt(5) * math.sqrt(1 / 10)
    best = None
    for tenths in range(5, 400, 1):
        m = tenths / 10
        forks = int(CELL_SECONDS // (start + warmup + m))
        if forks < 2:
            continue
        ratio = t_at(forks - 1) / math.sqrt(forks) * math.sqrt(1 / m) / talk
        if best is None or ratio < best[0]:
            best = (ratio, m, forks)
    return best


def main():
    start = float(sys.argv[1]) if len(sys.argv) > 1 else 1.3
    print("| warm-up a fork | best measured seconds a fork | forks in 70 s | lab/talk half-width, at best |")
    print("|---:|---:|---:|---:|")
    for warmup in (0, 1, 3):
        ratio, m, forks = best_ratio(start, warmup)
        print(f"| {warmup} s | {m:.1f} s | {forks} | {ratio:.2f} |")


if __name__ == "__main__":
    main()
