#!/usr/bin/env python3
"""The two lucks of the same games side by side (issue 77).

Reads `harness match --results` files, whose lines carry X's result (`x_points`), X's luck
by the value network (`luck`) and by the table alone (`luck_table`, issue 47's luck), and
prints for each file, over its deal pairs (the two games of a deal, X in each seat):
- the raw pair score's mean with its 95% interval;
- each luck's luck-adjusted pair score with its 95% interval, and the factor by which it cut
  the pairs' variance (raw variance / adjusted variance);
- each luck's correlation with the result, game by game;
- the luck's CPU time a game (milliseconds, the referee's `luck_cpu_us`).

Usage: docs/runs/luck-compare.py RESULTS.jsonl [...]
"""
import json
import math
import sys
from collections import defaultdict


def mean_ci(xs):
    n = len(xs)
    m = sum(xs) / n
    var = sum((x - m) ** 2 for x in xs) / (n - 1)
    return m, 1.96 * math.sqrt(var / n), var


def corr(xs, ys):
    mx, my = sum(xs) / len(xs), sum(ys) / len(ys)
    sxy = sum((x - mx) * (y - my) for x, y in zip(xs, ys))
    sx = math.sqrt(sum((x - mx) ** 2 for x in xs))
    sy = math.sqrt(sum((y - my) ** 2 for y in ys))
    return sxy / (sx * sy)


def report(path):
    pairs = defaultdict(dict)
    games = []
    for line in open(path):
        g = json.loads(line)
        if g.get("luck") is None or g.get("luck_table") is None:
            continue
        games.append(g)
        pairs[g["deal"]][g["game"]] = g
    whole = [p for p in pairs.values() if len(p) == 2]
    raw = [sum(g["x_points"] for g in p.values()) / 2 for p in whole]
    m, ci, var_raw = mean_ci(raw)
    cpu = sum(g.get("luck_cpu_us", 0) for g in games) / len(games) / 1000
    print(f"{path}: {len(whole)} deal pairs, {len(games)} games; the luck {cpu:.2f} ms of CPU a game")
    print(f"  raw            {100 * m:6.2f}% +- {100 * ci:.2f}")
    for key, name in (("luck_table", "table (old)"), ("luck", "network (new)")):
        adj = [sum(g["x_points"] - g[key] for g in p.values()) / 2 for p in whole]
        ma, cia, var_adj = mean_ci(adj)
        c = corr([g[key] for g in games], [g["x_points"] for g in games])
        print(
            f"  {name:14} {100 * ma:6.2f}% +- {100 * cia:.2f}; variance {var_raw / var_adj:5.2f}x smaller;"
            f" luck-result correlation {c:.4f}"
        )


for path in sys.argv[1:]:
    report(path)
