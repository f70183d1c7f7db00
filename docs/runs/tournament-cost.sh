#!/usr/bin/env bash
# Reproduces docs/results.md#compute-curve's cost of the README's tournament (issue 56): where
# the bot's CPU time goes against the ten sample AIs. Plays `harness tournament` (the bot with
# the clock on, as the README's first command) over DEALS deal pairs of seed 7 per sample AI,
# then sums the CPU time of the bot's answers (the results' `cpu_times`, what the judge
# charges) by round and by opponent, with the searches (answers over 20 ms) by round.
# Usage: docs/runs/tournament-cost.sh [DEALS [PLAYER]]   (default 10, bot)
set -euo pipefail
cd "$(dirname "$0")/../.."
deals=${1:-10}
player=${2:-bot}
cargo build --release -q -p harness
out=target/runs/tournament-cost
mkdir -p "$out"
name=$(echo "$player" | tr -c 'A-Za-z0-9\n' '_')
f=$out/$name-$deals.jsonl
rm -f "$f"
target/release/harness tournament --bot "$player" --deals "$deals" --seed 7 --results "$f" \
  --no-progress > "$out/$name-$deals.txt"
python3 - "$f" <<'PY'
import collections, json, sys
total, games = 0, 0
by_round, searches, by_opponent = collections.Counter(), collections.Counter(), collections.Counter()
for line in open(sys.argv[1]):
    g = json.loads(line)
    seat = 0 if g["game"] == 0 else 1
    for round_, us in g["cpu_times"][seat]["decisions"]:
        total += us
        by_round[round_] += us
        by_opponent[g["y"]] += us
        searches[round_] += us > 20_000
    games += 1
print(f"{games} games, the bot's CPU {total / 1e6:.1f} s: {total / 1e6 / games:.3f} s a game")
print("round  CPU s  share  searches")
for r in sorted(by_round):
    print(f"{r:>5} {by_round[r] / 1e6:>6.2f} {100 * by_round[r] / total:>5.1f}% {searches[r]:>9}")
print("opponent   CPU s")
for o in sorted(by_opponent, key=lambda o: int(o.split(":")[1])):
    print(f"{o:<10} {by_opponent[o] / 1e6:>5.2f}")
PY
