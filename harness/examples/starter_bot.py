#!/usr/bin/env python3
"""A starter bot for Yacht Auction: the judge's protocol on stdin/stdout, in one file.

It bids for the bundle with the higher pip sum, a share of what that bundle gains it (the
difference of the sums, in points: `--share`, default 0.2), and scores greedily (the highest
immediate score over every 5 of its held dice and every unused category). It is here to be
copied and improved, and to show what the harness does with any program:

    cargo run --release -p harness -- tournament --bot "cmd:python3 harness/examples/starter_bot.py" --deals 10

`harness tune --base "cmd:python3 harness/examples/starter_bot.py --share {share}" --param
share=0.2:0:1:0.05 ...` tunes its share (the README shows the whole tune).

Debug output goes to stderr (the harness writes it into the log as `# Debug` lines);
anything printed to stdout is read as an answer.
"""
import argparse
import itertools
import sys

CATEGORIES = [
    "ONE", "TWO", "THREE", "FOUR", "FIVE", "SIX", "CHOICE", "FOUR_OF_A_KIND",
    "FULL_HOUSE", "SMALL_STRAIGHT", "LARGE_STRAIGHT", "YACHT",
]


def score(category, dice):
    """The category's score of five dice, in judge points (RULES.md)."""
    counts = sorted((dice.count(face) for face in set(dice)), reverse=True)
    faces = set(dice)
    index = CATEGORIES.index(category)
    if index < 6:
        return 1000 * (index + 1) * dice.count(index + 1)
    if category == "CHOICE":
        return 1000 * sum(dice)
    if category == "FOUR_OF_A_KIND":
        return 1000 * sum(dice) if counts[0] >= 4 else 0
    if category == "FULL_HOUSE":
        return 1000 * sum(dice) if counts in ([3, 2], [5]) else 0
    if category == "SMALL_STRAIGHT":
        runs = ({1, 2, 3, 4}, {2, 3, 4, 5}, {3, 4, 5, 6})
        return 15000 if any(run <= faces for run in runs) else 0
    if category == "LARGE_STRAIGHT":
        return 30000 if faces in ({1, 2, 3, 4, 5}, {2, 3, 4, 5, 6}) else 0
    return 50000 if counts[0] == 5 else 0  # YACHT


def answer(line):
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


def main():
    parser = argparse.ArgumentParser(description="A starter bot for Yacht Auction.")
    parser.add_argument("--share", type=float, default=0.2,
                        help="the bid's share of the better bundle's gain (0.2)")
    share = parser.parse_args().share
    held, used, bundles = [], set(), {}
    for line in sys.stdin:
        words = line.split()
        if not words:
            continue
        if words[0] == "READY":
            answer("OK")
        elif words[0] == "ROLL":
            bundles = {"A": [int(d) for d in words[1]], "B": [int(d) for d in words[2]]}
            group = "A" if sum(bundles["A"]) >= sum(bundles["B"]) else "B"
            gain = abs(sum(bundles["A"]) - sum(bundles["B"])) * 1000
            answer(f"BID {group} {round(share * gain)}")
        elif words[0] == "GET":
            held += bundles[words[1]]
        elif words[0] == "SCORE":
            best = max(
                (score(category, list(dice)), category, dice)
                for category in CATEGORIES if category not in used
                for dice in set(itertools.combinations(sorted(held), 5))
            )
            _, category, dice = best
            used.add(category)
            for die in dice:
                held.remove(die)
            print(f"scored {category} for {best[0]}", file=sys.stderr)
            answer(f"PUT {category} {''.join(map(str, dice))}")
        elif words[0] == "FINISH":
            return


if __name__ == "__main__":
    main()
