#!/usr/bin/env bash
# Reproduces docs/results.md#luck (issue 47): the luck correction measured.
#  1. equal players: the equilibrium design (ladder 1's level 4) against itself, 1,000 deal pairs (2,000 games): the first
#     seat's luck over the games (mean within two standard errors of 0?) and its
#     correlation with the first seat's result;
#  2. unbiased and tighter: the bot against the equilibrium design (ladder 1's levels 5 and 4), 2,000 pairs, and the bot against the
#     equilibrium bidder, 1,000 pairs: the luck-adjusted score rate beside the raw one, and
#     the variance ratio (the match report's `luck-adjusted` line);
#  3. a past verdict re-read: the equilibrium habit (eqprior=30, the default) against the
#     model without it (eqprior=0), both against the equilibrium bidder on seed 41, 1,000
#     pairs each, `harness compare` with the adjusted difference.
# Takes about an hour on 2 cores.
# Usage: docs/runs/luck.sh [PAIRS_SCALE]   (1: the sizes above; 0.1 for a quick look)
set -euo pipefail
cd "$(dirname "$0")/../.."
scale=${1:-1}
n() { python3 -c "print(max(1, round($1 * $scale)))"; }
cargo build --release -q -p harness
h=target/release/harness
out=target/runs/luck
mkdir -p "$out"
# A run whose results file holds all its games is kept: the script picks up where it stopped.
run() { # NAME PAIRS X Y SEED
  local f=$out/$1.jsonl
  if [[ -s $f && $(wc -l < "$f") -eq $((2 * $2)) ]]; then return; fi
  "$h" match "$3" "$4" --deals "$2" --seed "$5" --no-progress --results "$f" > "$out/$1.txt"
}
run equal "$(n 1000)" bot:bidder=equilibrium,win=0,clock=0 bot:bidder=equilibrium,win=0,clock=0 49
python3 - "$out/equal.jsonl" <<'PY' | tee "$out/equal-first-seat.txt"
import json, math, sys
lucks, results = [], []
for line in open(sys.argv[1]):
    g = json.loads(line)
    x_first = g["game"] == 0
    luck = g["luck"] if x_first else -g["luck"]
    result = g["x_points"] if x_first else 1 - g["x_points"]
    lucks.append(luck); results.append(result)
n = len(lucks)
mean = sum(lucks) / n
sd = math.sqrt(sum((l - mean) ** 2 for l in lucks) / (n - 1))
mr = sum(results) / n
cov = sum((l - mean) * (r - mr) for l, r in zip(lucks, results)) / (n - 1)
sr = math.sqrt(sum((r - mr) ** 2 for r in results) / (n - 1))
print(f"{n} games: the first seat's luck {mean:+.4f}, standard error {sd / math.sqrt(n):.4f} "
      f"({mean / (sd / math.sqrt(n)):+.2f} SE); correlation with its result {cov / (sd * sr):.3f}")
PY
run l5-l4 "$(n 2000)" bot:clock=0 bot:bidder=equilibrium,win=0,clock=0 50
run bot-eq "$(n 1000)" bot:clock=0 bot:bidder=equilibrium,win=0,clock=0 41
run bot-eqprior0-eq "$(n 1000)" bot:clock=0,eqprior=0 bot:bidder=equilibrium,win=0,clock=0 41
"$h" compare "$out/bot-eq.jsonl" --against "$out/bot-eqprior0-eq.jsonl" > "$out/habit-compare.txt"
grep -h -E "^(X:|luck-adjusted|the luck took)" "$out"/l5-l4.txt "$out"/bot-eq.txt "$out"/bot-eqprior0-eq.txt
cat "$out/habit-compare.txt"
