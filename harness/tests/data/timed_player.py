#!/usr/bin/env python3
"""A legal player that takes its time, for the referee's deadline tests.

Arguments `sleep=S` (seconds asleep before each answer: wall time, no CPU time),
`spin=S` (seconds of CPU time spun before each answer) and `at=N` (only before answer N,
0 being READY's). It bids `A 0` and scores its first five held dice in its first open
category, which is always legal.
"""
import sys
import time

CATEGORIES = [
    "ONE", "TWO", "THREE", "FOUR", "FIVE", "SIX", "CHOICE", "FOUR_OF_A_KIND",
    "FULL_HOUSE", "SMALL_STRAIGHT", "LARGE_STRAIGHT", "YACHT",
]


def main():
    options = dict(arg.split("=", 1) for arg in sys.argv[1:])
    sleep = float(options.get("sleep", 0))
    spin = float(options.get("spin", 0))
    at = int(options["at"]) if "at" in options else None
    answers = 0

    def answer(line):
        nonlocal answers
        if at is None or at == answers:
            time.sleep(sleep)
            start = time.process_time()
            while time.process_time() - start < spin:
                pass
        answers += 1
        sys.stdout.write(line + "\n")
        sys.stdout.flush()

    held, used, bundles = [], set(), {}
    for line in sys.stdin:
        words = line.split()
        if not words:
            continue
        if words[0] == "READY":
            answer("OK")
        elif words[0] == "ROLL":
            bundles = {"A": list(words[1]), "B": list(words[2])}
            answer("BID A 0")
        elif words[0] == "GET":
            held += bundles[words[1]]
        elif words[0] == "SCORE":
            category = next(c for c in CATEGORIES if c not in used)
            used.add(category)
            dice, held = held[:5], held[5:]
            answer(f"PUT {category} {''.join(dice)}")
        elif words[0] == "FINISH":
            return


if __name__ == "__main__":
    main()
