#!/usr/bin/env python3
"""A program with a planted optimum, for the tests of `harness tune` through `cmd:`.

It plays as the starter bot (harness/examples/starter_bot.py: its bids and its greedy
scoring, the scores from its `score`), except that at each scoring it blunders, taking the
lowest score instead of the highest, with probability min(1, 1.5 |x - 0.6|): it plays best
at --x 0.6 exactly, and worse the farther x is from it. Its blunders are drawn from the
game's first roll and x, so the same game is played the same way on any machine.
"""
import argparse
import itertools
import os
import random
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "examples"))
import starter_bot  # noqa: E402  (the starter bot's rules and answers, not a copy)

OPTIMUM = 0.6


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--x", type=float, required=True)
    x = parser.parse_args().x
    blunder = min(1.0, 1.5 * abs(x - OPTIMUM))
    held, used, bundles, rng = [], set(), {}, None
    for line in sys.stdin:
        words = line.split()
        if not words:
            continue
        if words[0] == "READY":
            starter_bot.answer("OK")
        elif words[0] == "ROLL":
            if rng is None:
                rng = random.Random(f"{line.strip()} {x}")
            bundles = {"A": [int(d) for d in words[1]], "B": [int(d) for d in words[2]]}
            group = "A" if sum(bundles["A"]) >= sum(bundles["B"]) else "B"
            gain = abs(sum(bundles["A"]) - sum(bundles["B"])) * 1000
            starter_bot.answer(f"BID {group} {round(0.2 * gain)}")
        elif words[0] == "GET":
            held += bundles[words[1]]
        elif words[0] == "SCORE":
            options = sorted(
                (starter_bot.score(category, list(dice)), category, dice)
                for category in starter_bot.CATEGORIES if category not in used
                for dice in set(itertools.combinations(sorted(held), 5))
            )
            _, category, dice = options[0] if rng.random() < blunder else options[-1]
            used.add(category)
            for die in dice:
                held.remove(die)
            starter_bot.answer(f"PUT {category} {''.join(map(str, dice))}")
        elif words[0] == "FINISH":
            return


if __name__ == "__main__":
    main()
